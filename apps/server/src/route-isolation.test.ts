import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { COMPANY_COOKIE, CUSTOMER_COOKIE, type AuthLevel } from './plugins/auth.ts';
import type { Db, Engine } from './db/database.ts';
import { Browser, EXAMPLE_PASSWORD, importBundle, invitedGuardian, mailedCode, startTestApp, testEngines, type Answer, type CompanyBundleInput, type TestApp } from './test/api-harness.ts';

/**
 * Tenant and customer isolation, route by route from the app's own route table: every route that
 * needs a signed-in customer is called without one, by a customer of another company and by
 * another customer of the same company, each naming customer A's ids, and must refuse without
 * changing a row of A's or showing any of A's data. A route added later is checked the same way,
 * or fails here for want of a sample request.
 */

// ---------------------------------------------------------------------------------------------
// The route table, and who may call each route

const LEVELS = ['public', 'company', 'customer'] as const satisfies readonly AuthLevel[];

interface Route {
  key: string;
  method: string;
  url: string;
  /** Undefined: the route says nothing the auth hook understands, and the test fails. */
  level: AuthLevel | undefined;
  schema: { params?: ZodType; querystring?: ZodType; body?: ZodType; hide?: boolean };
}

/** The app's routes (its route table, which leaves out the HEAD Fastify adds beside each GET). */
function routeTable(t: TestApp): Route[] {
  return t.server.routeTable.map((r) => {
    const schema = (r.schema ?? {}) as Route['schema'];
    const auth = r.config.auth;
    // The auth hook treats a route without a level as public. Only routes outside the API
    // document (the health probes, the document's own pages) may rely on that; an API route
    // must say who may call it.
    const level = auth === undefined ? (schema.hide ? 'public' : undefined) : LEVELS.find((l) => l === auth);
    return { key: `${r.method} ${r.url}`, method: r.method, url: r.url, level, schema };
  });
}

// ---------------------------------------------------------------------------------------------
// Customer A's ids, and requests that name them

/** What the test found of customer A: ids of rows of A's own, and of rows of A's company that any customer there may name. */
interface Victim {
  clientId: number;
  /** Enrolled in the weekly class and the full one; has a picture, skills, a certificate, a make-up credit. */
  studentId: number;
  /** Enrolled nowhere, waiting nowhere. */
  freeStudentId: number;
  studentRecord: Record<string, unknown>;
  details: Record<string, unknown>;
  pictureUrl: string;
  invoiceNumber: string;
  receiptNumber: string;
  barcodeId: number;
  waitlistId: number;
  bookingId: number;
  makeupId: number;
  creditId: number;
  notificationContactId: number;
  messageId: number;
  /** A card A tokenised and has not saved. */
  cardToken: string;
  /** The challenge step of A's card payment, still open. */
  challengeId: string;
  /** A's e-mail change, begun and not confirmed. */
  emailToken: string;
  emailCode: number;
  classId: number;
  fullClassId: number;
  /** A session ahead of the weekly class, past its absence cut-off. */
  sessionId: number;
  /** A session A's make-up credit can be booked into. */
  makeupSessionId: number;
  agreementId: number;
  /** A's second student, in a class with another of the same programme to move to (decision 096). */
  movingStudentId: number;
  movingFromClassId: number;
  movingToClassId: number;
  /** A's co-guardian, and an invitation A sent that is still unanswered (decision 101). */
  guardianId: number;
  invitationId: number;
}

/** Whose each id is: customer A's (no other customer may name it), or company A's (any customer of A may). */
const OWNER: Record<keyof Victim, 'customer' | 'company'> = {
  clientId: 'customer',
  studentId: 'customer',
  freeStudentId: 'customer',
  studentRecord: 'customer',
  details: 'customer',
  pictureUrl: 'customer',
  invoiceNumber: 'customer',
  receiptNumber: 'customer',
  barcodeId: 'customer',
  waitlistId: 'customer',
  bookingId: 'customer',
  makeupId: 'customer',
  creditId: 'customer',
  notificationContactId: 'customer',
  messageId: 'customer',
  cardToken: 'customer',
  challengeId: 'customer',
  emailToken: 'customer',
  emailCode: 'customer',
  classId: 'company',
  fullClassId: 'company',
  sessionId: 'company',
  makeupSessionId: 'company',
  agreementId: 'company',
  movingStudentId: 'customer',
  movingFromClassId: 'company',
  movingToClassId: 'company',
  guardianId: 'customer',
  invitationId: 'customer',
};

interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** A body sent as it is (the picture upload's multipart). */
  raw?: Buffer;
  headers?: Record<string, string>;
}

const card = (number: string) => ({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' });
const idempotencyKey = () => ({ 'idempotency-key': randomBytes(12).toString('hex') });
const newPassword = 'Tidal#Reef2031';
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

function multipart(data: Buffer) {
  const boundary = '----isolationBoundary4f9c';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="compressed_image.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return { raw: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type SampleOf = (v: Victim, picture: Buffer) => Sample;

/** A court any customer may book: it names nothing of A's. */
const court = () => ({ venue_id: 1, booking_type_id: 1, date: inDays(3), time: '12:00', court: 'Court 3' });

/**
 * Valid requests per customer route, built from A's ids; several where a request names several
 * of A's things, so that each is refused on its own. Path parameters named like a Victim field
 * (`:invoiceNumber`) are filled in from it; the rest is here. A route whose parameters, query or
 * body cannot be empty needs an entry, or the test fails.
 */
const SAMPLES: Record<string, SampleOf | SampleOf[]> = {
  'POST /sim-gateway/v1/tokens': () => ({ body: card('4242424242424242') }),
  'GET /sim-gateway/v1/challenges/:id': (v) => ({ params: { id: v.challengeId } }),
  'POST /sim-gateway/v1/challenges/:id': (v) => ({ params: { id: v.challengeId }, body: { approve: true } }),
  'POST /api/payment/quote': [
    (v) => ({ body: { invoices: [v.invoiceNumber] } }),
    (v) => ({ body: { classItems: [{ StudentID: v.freeStudentId, ClassID: v.classId }] } }),
    (v) => ({ body: { bookingItems: [court()], creditIds: [v.creditId] } }),
  ],
  'POST /api/payment/checkout': [
    (v) => ({ headers: idempotencyKey(), body: { invoices: [v.invoiceNumber], useSavedCard: true } }),
    (v) => ({ headers: idempotencyKey(), body: { bookingItems: [court()], creditIds: [v.creditId], useSavedCard: true } }),
  ],
  'POST /api/customer/add-credit-card-details': (v) => ({ body: { token: v.cardToken } }),
  'POST /api/customer/update-credit-card-details': (v) => ({ body: { token: v.cardToken } }),
  'POST /api/customer/update-bank-details': () => ({ body: { AccountName: 'Isolation Test', BankCode: '062000', AccountNumber: '12345678' } }),
  'POST /api/customer/set-password': () => ({ body: { password: newPassword, confirm_password: newPassword } }),
  'POST /api/customer/ocr-sign-in-actions': (v) => ({ body: { client_id: v.clientId } }),
  // Another sign-in's account: not found, the caller still signed in as themselves.
  'POST /api/customer/switch-account': (v) => ({ body: { client_id: v.clientId } }),
  'POST /api/ocr/get-students-enrolled-in-class': (v) => ({ body: { client_id: v.clientId, class_id: v.classId } }),
  'POST /api/classes/validate-class-item': (v) => ({ body: { class_id: v.classId, student_id: v.freeStudentId } }),
  'GET /api/classes/get-student-enrollments': (v) => ({ query: { id: v.studentId } }),
  'GET /api/classes/get-class-sessions': (v) => ({ query: { class_id: v.classId, student_id: v.studentId } }),
  'GET /api/classes/get-absence-reasons': (v) => ({ query: { session_id: v.sessionId } }),
  'POST /api/classes/notify-absence': (v) => ({ body: { session_id: v.sessionId, student_id: v.studentId, reason_id: 1 } }),
  'GET /api/classes/get-makeup-sessions': (v) => ({ query: { makeup_id: v.makeupId } }),
  'POST /api/classes/book-makeup': (v) => ({ body: { makeup_id: v.makeupId, session_id: v.makeupSessionId } }),
  'POST /api/classes/withdraw-absence': (v) => ({ body: { session_id: v.sessionId, student_id: v.studentId } }),
  'POST /api/classes/cancel-makeup': (v) => ({ body: { makeup_id: v.makeupId } }),
  'POST /api/classes/ocr-class-quote': (v) => ({ body: { profile: 1, classes: [{ StudentID: v.freeStudentId, ClassID: v.classId }] } }),
  'POST /api/classes/ocr-class': (v) => ({ headers: idempotencyKey(), body: { profile: 1, classes: [{ StudentID: v.freeStudentId, ClassID: v.fullClassId, waitlist: true }] } }),
  'GET /api/classes/change-options': (v) => ({ query: { student_id: v.movingStudentId, class_id: v.movingFromClassId } }),
  'POST /api/classes/change-class': (v) => ({ body: { student_id: v.movingStudentId, from_class_id: v.movingFromClassId, to_class_id: v.movingToClassId } }),
  // A device's push subscription names nothing of A's: the endpoint is the browser's own secret.
  'PUT /api/notification/push': () => ({
    body: { endpoint: 'https://fcm.googleapis.com/fcm/send/isolation-sample', keys: { p256dh: 'BIsolationSampleKey', auth: 'isolationAuth' }, categories: ['news'] },
  }),
  'DELETE /api/notification/push': () => ({ query: { endpoint: 'https://fcm.googleapis.com/fcm/send/isolation-sample' } }),
  // The native app's device token is the app's own secret, as a browser's endpoint is.
  'GET /api/notification/device': () => ({ query: { token: 'isolationSampleDeviceToken:APA91b-sample' } }),
  'PUT /api/notification/device': () => ({ body: { platform: 'android', token: 'isolationSampleDeviceToken:APA91b-sample', categories: ['news'] } }),
  'DELETE /api/notification/device': () => ({ query: { token: 'isolationSampleDeviceToken:APA91b-sample' } }),
  'PUT /api/payment/cart-holds': (v) => ({ body: { classItems: [{ StudentID: v.freeStudentId, ClassID: v.classId }] } }),
  'POST /api/classes/join-waitlist': (v) => ({ body: { class_id: v.fullClassId, student_id: v.freeStudentId } }),
  'POST /api/classes/leave-waitlist': (v) => ({ body: { waitlist_id: v.waitlistId } }),
  'POST /api/notification/mark-read': (v) => ({ body: { notificationContactID: v.notificationContactId } }),
  'POST /api/notification/update-opt-outs': () => ({ body: { opt_outs: [{ category: 'news', email: true, in_app: false }] } }),
  'POST /api/messages/mark-read': (v) => ({ body: { message_id: v.messageId } }),
  'GET /api/messages/get-replies': (v) => ({ query: { message_id: v.messageId } }),
  'POST /api/messages/reply': (v) => ({ headers: idempotencyKey(), body: { message_id: v.messageId, body: 'See you on Wednesday.' } }),
  'POST /api/customer/agree-to-agreement': (v) => ({ body: { agreement_id: v.agreementId, signature: null } }),
  'GET /api/customer/get-signed-agreement/:id': (v) => ({ params: { id: v.agreementId } }),
  'GET /api/student/:id': (v) => ({ params: { id: v.studentId } }),
  'POST /api/student/update/:id': (v) => ({ params: { id: v.studentId }, body: v.studentRecord }),
  'GET /api/student/get-skill-sets/:id': (v) => ({ params: { id: v.studentId } }),
  'GET /api/student/get-certificates/:id': (v) => ({ params: { id: v.studentId } }),
  'POST /api/student/update-profile-picture/:id': (v, picture) => ({ params: { id: v.studentId }, ...multipart(picture) }),
  'DELETE /api/student/delete-profile-picture/:id': (v) => ({ params: { id: v.studentId } }),
  'POST /api/student/get-image': (v) => ({ body: { url: v.pictureUrl } }),
  'GET /api/student/picture/:id': (v) => ({ params: { id: v.studentId } }),
  'POST /api/customer/update-details': (v) => ({ body: { ...v.details, ClientID: v.clientId } }),
  'POST /api/customer/confirm-email-change': (v) => ({ body: { email_token: v.emailToken, email_code: v.emailCode } }),
  'POST /api/customer/change-password': () => ({ body: { current_password: EXAMPLE_PASSWORD, password: newPassword, confirm_password: newPassword } }),
  'GET /api/customer/get-barcode/:id': (v) => ({ params: { id: v.barcodeId } }),
  'GET /api/bookings/availability': () => ({ query: { venue_id: 1, booking_type_id: 1, date: inDays(3) } }),
  'POST /api/bookings/check': () => ({ body: court() }),
  'POST /api/bookings/cancel': (v) => ({ body: { booking_id: v.bookingId } }),
  // A search for A's invoice and receipt numbers finds none of them for anyone else.
  'GET /api/financials/invoices': () => ({ query: { search: VICTIM.tag } }),
  'GET /api/financials/balance-history': () => ({ query: { search: VICTIM.tag } }),
  'POST /api/customer/family-access/invitations': () => ({ body: { first_name: 'Iso', last_name: 'Lation', email: 'isolation.sample@example.com', role: 'viewer' } }),
  'DELETE /api/customer/family-access/invitations/:id': (v) => ({ params: { id: v.invitationId } }),
  'PATCH /api/customer/family-access/guardians/:id': (v) => ({ params: { id: v.guardianId }, body: { role: 'payer' } }),
  'DELETE /api/customer/family-access/guardians/:id': (v) => ({ params: { id: v.guardianId } }),
};

/**
 * Where another customer is refused A's ids with something other than 404 because the contract
 * says so: an unknown card token is answered 422 CARD_TOKEN_INVALID (the card form asks for the card
 * again), and a token of another customer's is unknown to the caller.
 */
const REFUSALS: Record<string, { status: number; code: string }> = {
  'POST /api/customer/add-credit-card-details': { status: 422, code: 'CARD_TOKEN_INVALID' },
  'POST /api/customer/update-credit-card-details': { status: 422, code: 'CARD_TOKEN_INVALID' },
};

interface Built {
  url: string;
  payload: unknown;
  headers: Record<string, string>;
  /** The Victim fields the request names. */
  names: Set<keyof Victim>;
  /** What the request says, to tell data it echoes from data it leaks. */
  text: string;
  problems: string[];
}

/** The route's requests: one per sample, or one with nothing but A's ids in its path where it has no sample. */
function buildRequests(route: Route, victim: Victim, picture: Buffer): Built[] {
  const samples: SampleOf[] = [SAMPLES[route.key] ?? (() => ({}))].flat();
  return samples.map((sampleOf) => {
    const names = new Set<keyof Victim>();
    const watched = new Proxy(victim, {
      get(target, key) {
        if (typeof key === 'string' && key in OWNER) names.add(key as keyof Victim);
        return Reflect.get(target, key) as unknown;
      },
    });
    const sample: Sample = sampleOf(watched, picture);
    const problems: string[] = [];
    const params: Record<string, string | number> = {};
    const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
      const value = sample.params?.[name] ?? (name in OWNER ? (watched[name as keyof Victim] as string | number) : undefined);
      if (value === undefined) {
        problems.push(`no value for :${name}: add it to SAMPLES`);
        return '0';
      }
      params[name] = value;
      return encodeURIComponent(String(value));
    });
    const query = sample.query ? `?${new URLSearchParams(Object.entries(sample.query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
    // The sample must pass the route's own schemas, so a refusal comes from the handler, not from validation.
    const parts = [
      ['params', route.schema.params, params],
      ['querystring', route.schema.querystring, sample.query ?? {}],
      ['body', sample.raw ? undefined : route.schema.body, sample.body ?? {}],
    ] as const;
    for (const [part, schema, value] of parts) {
      const parsed = schema?.safeParse(value);
      if (parsed && !parsed.success) problems.push(`the sample's ${part} does not pass the route's schema (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
    }
    return { url: url + query, payload: sample.raw ?? sample.body, headers: sample.headers ?? {}, names, text: `${url}${query} ${JSON.stringify(sample.body ?? '')}`, problems };
  });
}

// ---------------------------------------------------------------------------------------------
// The test's own companies

interface Person {
  key: string;
  first: string;
  last: string;
  /** Three students: enrolled (with everything), waiting for the full class, free. */
  students: [string, string, string];
  /** Prefix of this customer's invoice, receipt and barcode numbers. */
  tag: string;
}

const VICTIM: Person = { key: 'quentin', first: 'Quentin', last: 'Marchbanks', students: ['Ottoline', 'Perpetua', 'Leopold'], tag: 'QM' };
const NEIGHBOUR: Person = { key: 'nadia', first: 'Nadia', last: 'Okonkwo', students: ['Nico', 'Nell', 'Noor'], tag: 'NO' };
const STRANGER: Person = { key: 'stella', first: 'Stella', last: 'Brandvold', students: ['Sven', 'Sigrid', 'Saga'], tag: 'SB' };

const emailOf = (p: Person, code: string) => `${p.first.toLowerCase()}.${code.toLowerCase()}@example.com`;
const STUDENT_KEYS = ['enrolled', 'waiting', 'free'] as const;

/** A company of the test's own with everything a customer can hold, for each person: no demo data is used. */
function companyBundle(code: string, people: Person[], photo: string): CompanyBundleInput {
  const shades = ['#eff6ff', '#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a', '#172554'];
  const ref = (p: Person, i: number) => `${p.key}/${STUDENT_KEYS[i]}`;
  return {
    company: {
      code,
      customer_id: 200_000 + randomBytes(3).readUIntBE(0, 3),
      trading_name: `Isolation ${code}`,
      config: {
        CompanyDisplayName: `Isolation ${code}`,
        ContactEmail: `office.${code.toLowerCase()}@example.com`,
        ServerLocation: 'AU',
        StudentTerm: 'Swimmer',
        switches: {
          CustomerPortalActive: true,
          AllowStudentEdit: true,
          EnableCertificates: true,
          ShowSkillSetNotes: true,
          CanTakeMakeups: true,
          CanNotifyAbsence: true,
          AllowEdit: true,
          ShowBookingsTab: true,
          ShowFinancialsTab: true,
          ShowPaymentDetailsTab: true,
          AllowOCR: true,
          OnlineClassReservationsEnabled: true,
          EnableMessages: true,
          ShowNotificationsTab: true,
          ShowSkillSets: true,
        },
        localization: { CountryCode: 'AU', DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', PaperSize: 'A4', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
        global_settings: { OCR_Version: 2 },
        colors: Object.fromEntries(['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'].map((s, i) => [s, shades[i]!])) as never,
        fin_setup: { PaymentGatewayEnabled: true, PaymentGatewayProvider: 'simulated', InvoicesPaidOnline: true, PaymentType: 'EitherCCOrDD', DirectDebitIntegrationType: 'none' },
        ob_venues: [{ VenueID: 1, Name: 'Isolation Courts', Courts: ['Court 1', 'Court 2', 'Court 3', 'Court 4'] }],
        booking_types: [{ BookingTypeID: 1, Name: 'Court hire', DurationMinutes: 60, PriceCents: 3000 }],
        profiles: [{ OCRProfileID: 1, ProfileName: 'term-classes', DisplayName: 'Term classes', PageType: 'SelectClasses' }],
      },
    },
    lists: { standards: [{ name: 'Beginner' }] },
    venues: [{ key: 'pool', name: 'Isolation Pool' }],
    lesson_formats: [{ key: 'group30', name: 'Group lesson (30 min)', duration_minutes: 30 }],
    agreements: [{ key: 'terms', name: 'Terms and conditions', text: 'Lessons are paid per term in advance.' }],
    customers: people.map((p) => ({
      email: emailOf(p, code),
      password: EXAMPLE_PASSWORD,
      clients: [
        {
          key: p.key,
          first_name: p.first,
          last_name: p.last,
          phone_mobile: '0400 111 222',
          students: p.students.map((name, i) => ({
            key: STUDENT_KEYS[i]!,
            first_name: name,
            last_name: p.last,
            dob: '2016-05-01',
            standard: 'Beginner',
            ...(i === 0
              ? {
                  photo,
                  skill_sets: [{ name: `${name}'s strokes`, skills: [{ name: 'Floats on back', achieved_on: 'today-10' }] }],
                  certificates: [{ name: `${name} – Bronze`, issued_on: 'today-20' }],
                }
              : {}),
          })),
          barcodes: [{ code: `${p.tag}-CARD-0001`, label: `${p.students[0]} ${p.last}`, student: 'enrolled' }],
          agreements_signed: [{ agreement: 'terms' }],
        },
      ],
    })),
    classes: [
      {
        key: 'weekly',
        name: 'Beginner – Wednesday',
        lesson_format: 'group30',
        venue: 'pool',
        day_of_week: 3,
        start_time: '16:00',
        standard: 'Beginner',
        capacity: 8,
        price_cents: 2500,
        sessions: { weeks_before: 2, weeks_after: 8 },
        enrolments: people.map((p) => ({ student: ref(p, 0), start_date: 'today-14', absences: [{ week: -1, reason: 'Illness', makeup_credit: true }] })),
      },
      {
        key: 'friday',
        name: 'Beginner – Friday',
        lesson_format: 'group30',
        venue: 'pool',
        day_of_week: 5,
        start_time: '16:00',
        standard: 'Beginner',
        capacity: 8,
        price_cents: 2500,
        sessions: { weeks_before: 2, weeks_after: 8 },
      },
      {
        key: 'monday',
        name: 'Beginner – Monday',
        lesson_format: 'group30',
        venue: 'pool',
        day_of_week: 1,
        start_time: '16:00',
        standard: 'Beginner',
        capacity: 8,
        price_cents: 2500,
        sessions: { weeks_before: 2, weeks_after: 8 },
        enrolments: people.map((p) => ({ student: ref(p, 1), start_date: 'today-14' })),
      },
      {
        key: 'full',
        name: 'Squad – Saturday',
        lesson_format: 'group30',
        venue: 'pool',
        day_of_week: 6,
        start_time: '08:00',
        capacity: people.length,
        price_cents: 2500,
        sessions: { weeks_before: 2, weeks_after: 8 },
        enrolments: people.map((p) => ({ student: ref(p, 0), start_date: 'today-14' })),
        waitlist: people.map((p) => ref(p, 1)),
      },
    ],
    notifications: [
      ...people.map((p) => ({ title: `Report card for ${p.students[0]}`, content: `${p.students[0]} moved up a level.`, category: 'classes', created_at: 'today-1T09:00', to: [p.key] })),
      { title: 'Pool news', content: 'The pool reopens on Monday.', category: 'news', created_at: 'today-2T09:00', to: 'all' as const },
    ],
    messages: [
      ...people.map((p) => ({ title: `A note for the ${p.last} family`, body: 'See you on Wednesday.', published_at: 'today-1T08:00', to: p.key })),
      { title: 'Holiday hours', body: 'Closed on public holidays.', published_at: 'today-2T08:00' },
    ],
    financials: {
      invoices: people.flatMap((p) =>
        [
          ['0999', 'today-40', 'Paid'],
          ['1001', 'today-5', 'Unpaid'],
          ['1002', 'today-4', 'Unpaid'],
        ].map(([no, date, status]) => ({
          invoice_no: `${p.tag}-${no}`,
          client: p.key,
          invoice_date: date!,
          payment_date: 'today+10',
          status: status as 'Paid' | 'Unpaid',
          lines: [{ type: 'Custom' as const, description: `Term fees – ${p.students[0]}`, unit_price_cents: 9000 }],
        })),
      ),
      receipts: people.map((p) => ({ receipt_no: `${p.tag}-R-500`, client: p.key, receipt_date: 'today-35', method: 'Cash', allocations: [{ invoice_no: `${p.tag}-0999`, amount_cents: 9000 }] })),
      payment_plans: people.map((p) => ({ client: p.key, next_charge: 'today+7', amount_cents: 1500, period: 'Weekly' as const, remaining_charges: 3 })),
    },
    bookings: people.map((p, i) => ({ client: p.key, venue_id: 1, court: `Court ${i + 1}`, booking_type_id: 1, date: 'today+5', time: '10:00' })),
    payments: { credits: people.map((p) => ({ client: p.key, description: `Goodwill credit for ${p.last}`, amount_cents: 1000 })) },
  };
}

// ---------------------------------------------------------------------------------------------
// Rows of a company, and whose they are

/** One signed-in customer: their browser and what their own rows are keyed by. */
interface Customer {
  person: Person;
  browser: Browser;
  companyId: number;
  clientId: number;
  loginId: number;
  email: string;
  studentIds: Set<number>;
  /** Their company and customer sessions. */
  sessionIds: Set<number>;
}

/**
 * Rows a customer's own calls may change: theirs, found by the columns that say whose a row is.
 * A row of theirs that names one of `victim`'s students is not theirs to write, and stays in.
 */
function isOwnRow(table: string, row: Record<string, unknown>, who: Customer, victim: Customer): boolean {
  if (typeof row.student_id === 'number' && victim.studentIds.has(row.student_id)) return false;
  if (row.client_id === who.clientId || row.login_id === who.loginId) return true;
  if (typeof row.student_id === 'number' && who.studentIds.has(row.student_id)) return true;
  if (table === 'clients') return row.id === who.clientId;
  if (table === 'logins') return row.id === who.loginId;
  if (table === 'sessions') return who.sessionIds.has(row.id as number);
  // Mail to the customer, or sent on their behalf with their address to reply to (Contact Us, a deletion request).
  if (table === 'outbox') return row.to_address === who.email || row.reply_to === who.email;
  return false;
}

interface Table {
  name: string;
  /** The column naming the company: company_id, or id for the companies table itself. */
  key: string;
  columns: { name: string; blob: boolean }[];
}

/** Every table that holds a company's rows (a company_id column), and A's company row, read once. */
async function tenantTables(db: Db): Promise<Table[]> {
  const tables = await db.introspection.getTables();
  const columns = (t: (typeof tables)[number]) => t.columns.map((c) => ({ name: c.name, blob: /blob|bytea/i.test(c.dataType) }));
  return tables
    .filter((t) => t.name === 'companies' || t.columns.some((c) => c.name === 'company_id'))
    .map((t) => ({ name: t.name, key: t.name === 'companies' ? 'id' : 'company_id', columns: columns(t) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A checksum per table of company A's rows, leaving out the rows `except` may change as their
 * own. One statement reads every table (each row as JSON text), so a snapshot is one round trip.
 */
async function snapshot(db: Db, engine: Engine, tables: Table[], victim: Customer, except?: Customer): Promise<Map<string, string>> {
  const parts = tables.map((t) => {
    const json =
      engine === 'postgres'
        ? sql`row_to_json(x)::text`
        : // json_object takes no blob: pictures are compared by their hex.
          sql`json_object(${sql.join(t.columns.map((c) => sql`${sql.lit(c.name)}, ${c.blob ? sql`hex(x.${sql.ref(c.name)})` : sql`x.${sql.ref(c.name)}`}`))})`;
    return sql`select ${sql.lit(t.name)} as t, ${json} as j from ${sql.table(t.name)} x where x.${sql.ref(t.key)} = ${victim.companyId}`;
  });
  const { rows } = await sql<{ t: string; j: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  const byTable = new Map<string, string[]>(tables.map((t) => [t.name, []]));
  for (const { t, j } of rows) if (!except || !isOwnRow(t, JSON.parse(j) as Record<string, unknown>, except, victim)) byTable.get(t)!.push(j);
  return new Map([...byTable].map(([t, list]) => [t, createHash('sha256').update(list.sort().join('\n')).digest('hex')]));
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) => [...before.keys()].filter((table) => before.get(table) !== after.get(table));

// ---------------------------------------------------------------------------------------------

describe.each(testEngines())('every customer route of the route table keeps to its own customer, on %s', (engine) => {
  let t: TestApp;
  let db: Db;
  let routes: Route[];
  let customerRoutes: Route[];
  let tables: Table[];
  let picture: Buffer;
  let victim: Customer;
  let neighbour: Customer;
  let stranger: Customer;
  let v: Victim;
  /**
   * Strings of A's own data that no one else's answer may hold (compared in lower case). The tag
   * (`qm-`, the start of A's invoice and card numbers) counts only where a word starts, so a
   * random token in an answer that happens to hold those three characters is not a leak.
   */
  let markers: { text: string; pattern: RegExp }[];
  const checked = { anonymous: new Set<string>(), otherCompany: new Set<string>(), sameCompany: new Set<string>(), owner: new Set<string>() };

  async function signIn(person: Person, code: string, companyId: number): Promise<Customer> {
    const before = await db
      .selectFrom('sessions')
      .select((e) => e.fn.max('id').as('id'))
      .executeTakeFirst();
    const browser = new Browser(t.server);
    const email = emailOf(person, code);
    const { user, actions } = await browser.signIn(code, email, EXAMPLE_PASSWORD);
    // A pending sign-in action would close most routes (403) and hide what this test looks for.
    expect(actions, `${person.first}'s sign-in actions`).toEqual([]);
    const client = await db.selectFrom('clients').select(['id', 'login_id']).where('company_id', '=', companyId).where('id', '=', user.ClientID).executeTakeFirstOrThrow();
    const students = await db.selectFrom('students').select('id').where('company_id', '=', companyId).where('client_id', '=', client.id).execute();
    const sessions = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', '>', Number(before?.id ?? 0))
      .execute();
    return { person, browser, companyId, clientId: client.id, loginId: client.login_id, email, studentIds: new Set(students.map((s) => s.id)), sessionIds: new Set(sessions.map((s) => s.id)) };
  }

  /** The ids of A's rows, and the state only A's own calls can make (a card token, a payment's challenge step, an e-mail change). */
  async function findVictim(a: Customer): Promise<Victim> {
    const { companyId: company, clientId: client, browser } = a;
    const one = <T>(row: T | undefined, what: string): T => {
      if (row === undefined) throw new Error(`customer A has no ${what}`);
      return row;
    };
    const student = async (key: number) =>
      one(
        await db.selectFrom('students').select('id').where('company_id', '=', company).where('client_id', '=', client).where('first_name', '=', VICTIM.students[key]!).executeTakeFirst(),
        `student ${VICTIM.students[key]}`,
      ).id;
    const classId = async (name: string) => one(await db.selectFrom('classes').select('id').where('company_id', '=', company).where('name', '=', name).executeTakeFirst(), `class ${name}`).id;
    const studentId = await student(0);
    const weekly = await classId('Beginner – Wednesday');

    const post = async <T>(url: string, body: unknown, headers?: Record<string, string>) => {
      const res = await browser.post<T>(url, body, headers);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const get = async <T>(url: string) => {
      const res = await browser.get<T>(url);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    // A saved card, another card tokenised and not saved, and a payment waiting at its challenge step.
    await post('/api/customer/add-credit-card-details', { token: (await post<{ id: string }>('/sim-gateway/v1/tokens', card('4242424242424242'))).id });
    const cardToken = (await post<{ id: string }>('/sim-gateway/v1/tokens', card('5555555555554444'))).id;
    const challengeCard = (await post<{ id: string }>('/sim-gateway/v1/tokens', card('4000000000003220'))).id;
    const paying = await post<{ challenge: { id: string } | null }>('/api/payment/checkout', { invoices: [`${VICTIM.tag}-1002`], cardToken: challengeCard }, idempotencyKey());
    const challengeId = one(paying.challenge ?? undefined, 'challenge step').id;
    await post('/api/classes/calendar-feed', undefined);
    const details = (await get<{ client: Record<string, unknown> }>('/api/customer/get-details')).client;
    const newEmail = `${VICTIM.first.toLowerCase()}.moved.${randomBytes(3).toString('hex')}@example.com`;
    const { emailToken } = await post<{ emailToken: string }>('/api/customer/update-details', { ...details, Email: newEmail });
    const emailCode = await mailedCode(t, newEmail);
    const studentRecord = await get<Record<string, unknown>>(`/api/student/${studentId}`);
    const makeupId = one(await db.selectFrom('makeup_credits').select('id').where('company_id', '=', company).where('client_id', '=', client).executeTakeFirst(), 'make-up credit').id;
    const friday = await classId('Beginner – Friday');
    const makeupSessions = (await get<{ sessions: { SessionID: number; ClassID: number }[] }>(`/api/classes/get-makeup-sessions?makeup_id=${makeupId}`)).sessions;
    const { guardianId } = await invitedGuardian(t, browser, 'viewer');
    await post('/api/customer/family-access/invitations', { first_name: 'Pending', last_name: 'Guest', email: `pending.${randomBytes(3).toString('hex')}@example.com`, role: 'viewer' });
    await t.runtime.ctx.mailer.flush();
    const invitation = await db.selectFrom('guardian_invitations').select('id').where('client_id', '=', client).where('accepted_at', 'is', null).executeTakeFirst();
    const notification = await db
      .selectFrom('notification_contacts as nc')
      .innerJoin('notifications as n', 'n.id', 'nc.notification_id')
      .select('nc.id')
      .where('nc.company_id', '=', company)
      .where('nc.client_id', '=', client)
      .where('n.title', '=', `Report card for ${VICTIM.students[0]}`)
      .executeTakeFirst();
    return {
      clientId: client,
      studentId,
      freeStudentId: await student(2),
      studentRecord,
      details,
      pictureUrl: one((studentRecord.profile_picture as string | null) ?? undefined, 'picture'),
      invoiceNumber: `${VICTIM.tag}-1001`,
      receiptNumber: `${VICTIM.tag}-R-500`,
      barcodeId: one(await db.selectFrom('barcodes').select('id').where('company_id', '=', company).where('client_id', '=', client).executeTakeFirst(), 'barcode').id,
      waitlistId: one(await db.selectFrom('waitlist_entries').select('id').where('company_id', '=', company).where('client_id', '=', client).executeTakeFirst(), 'waitlist entry').id,
      bookingId: one(await db.selectFrom('bookings').select('id').where('company_id', '=', company).where('client_id', '=', client).executeTakeFirst(), 'booking').id,
      makeupId,
      creditId: one(await db.selectFrom('customer_credits').select('id').where('company_id', '=', company).where('client_id', '=', client).executeTakeFirst(), 'credit').id,
      notificationContactId: one(notification, 'notification').id,
      messageId: one(await db.selectFrom('messages').select('id').where('company_id', '=', company).where('client_id', '=', client).executeTakeFirst(), 'message').id,
      cardToken,
      challengeId,
      emailToken,
      emailCode,
      classId: weekly,
      fullClassId: await classId('Squad – Saturday'),
      sessionId: one(
        await db.selectFrom('class_sessions').select('id').where('company_id', '=', company).where('class_id', '=', weekly).where('date', '>', inDays(2)).orderBy('date').executeTakeFirst(),
        'session ahead',
      ).id,
      makeupSessionId: one(
        makeupSessions.find((s) => s.ClassID === friday),
        'make-up session in the Friday class',
      ).SessionID,
      agreementId: one(await db.selectFrom('agreements').select('id').where('company_id', '=', company).executeTakeFirst(), 'agreement').id,
      movingStudentId: await student(1),
      movingFromClassId: await classId('Beginner – Monday'),
      movingToClassId: friday,
      guardianId,
      invitationId: one(invitation, 'invitation').id,
    };
  }

  beforeAll(async () => {
    t = await startTestApp(engine);
    db = t.runtime.ctx.db;
    routes = routeTable(t);
    customerRoutes = routes.filter((r) => r.level === 'customer');
    tables = await tenantTables(db);
    picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0e7490' } })
      .jpeg()
      .toBuffer();
    const photo = `data:image/jpeg;base64,${picture.toString('base64')}`;

    const codeA = `ISO${randomBytes(3).toString('hex').toUpperCase()}`;
    const codeB = `ISO${randomBytes(3).toString('hex').toUpperCase()}`;
    const companyA = await importBundle(t, companyBundle(codeA, [VICTIM, NEIGHBOUR], photo));
    const companyB = await importBundle(t, companyBundle(codeB, [STRANGER], photo));
    victim = await signIn(VICTIM, codeA, companyA);
    neighbour = await signIn(NEIGHBOUR, codeA, companyA);
    stranger = await signIn(STRANGER, codeB, companyB);
    // The others keep a card too, so a checkout with the saved card gets as far as what it pays for.
    for (const other of [neighbour, stranger]) {
      const token = await other.browser.post<{ id: string }>('/sim-gateway/v1/tokens', card('4242424242424242'));
      expect((await other.browser.post('/api/customer/add-credit-card-details', { token: token.body.id })).status).toBe(200);
    }
    v = await findVictim(victim);
    markers = [
      ...[VICTIM.first, VICTIM.last, ...VICTIM.students].map((m) => ({ text: m.toLowerCase(), pattern: new RegExp(m.toLowerCase()) })),
      { text: `${VICTIM.tag}-`.toLowerCase(), pattern: new RegExp(`(?<![a-z0-9_-])${VICTIM.tag.toLowerCase()}-`) },
    ];
  }, 60_000);
  afterAll(() => t?.close());

  type Check = (status: number, code: unknown) => string | undefined;

  /**
   * A route called by each of `callers` with each of its requests, checked against what the
   * scenario expects of that request: the status, no row of A's company changed (`except` the
   * caller's own), and none of A's data in the answer beyond what the request itself said.
   * Answers the problems found.
   */
  async function attempt(callers: Record<string, Browser>, route: Route, expectFor: (names: Set<keyof Victim>) => Check, except?: Customer): Promise<string[]> {
    const problems: string[] = [];
    for (const built of buildRequests(route, v, picture)) {
      const where = `${route.method} ${built.text}`.slice(0, 160);
      if (built.problems.length > 0) {
        problems.push(...built.problems.map((p) => `${where}: ${p}`));
        continue;
      }
      const check = expectFor(built.names);
      const before = await snapshot(db, engine, tables, victim, except);
      for (const [who, caller] of Object.entries(callers)) {
        const res: Answer = await caller.call(route.method as 'GET', built.url, built.payload, built.headers);
        const wrong = check(res.status, res.body?.code);
        if (wrong) problems.push(`${where} (${who}): ${wrong}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        const answer = (typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '')).toLowerCase();
        const leaked = markers.filter((m) => !built.text.toLowerCase().includes(m.text) && m.pattern.test(answer)).map((m) => m.text);
        if (leaked.length > 0) problems.push(`${where} (${who}): answered customer A's data (${leaked.join(', ')})`);
      }
      const changed = changedTables(before, await snapshot(db, engine, tables, victim, except));
      if (changed.length > 0) problems.push(`${where}: changed rows of customer A's company in ${changed.join(', ')}`);
    }
    return problems;
  }

  /** A refusal about the ids: a switched-off area or a pending sign-in action would say nothing about them. */
  const refused =
    (route: Route, allowed: number[]): Check =>
    (status, code) => {
      const special = REFUSALS[route.key];
      if (special ? status === special.status && code === special.code : allowed.includes(status) && code !== 'FEATURE_DISABLED' && code !== 'SIGN_IN_ACTIONS_PENDING') return undefined;
      return `expected ${special ? `${special.status} ${special.code}` : allowed.join(' or ')}`;
    };
  /** A request about the caller's own things, or the company's: anything but a failure of the server. */
  const answered: Check = (status) => (status < 500 ? undefined : 'expected an answer below 500');

  it('knows who may call every route, from its own options', () => {
    const unclassified = routes.filter((r) => r.level === undefined).map((r) => r.key);
    expect(unclassified, 'routes that do not say who may call them (config.auth)').toEqual([]);
    expect(customerRoutes.length).toBeGreaterThan(0);
    const unsampled = customerRoutes.filter((r) => {
      if (SAMPLES[r.key]) return false;
      // Without a sample the route is called with A's ids for its path and nothing else: fine only
      // where every path parameter is named like a Victim field and nothing is a valid query and body.
      const unknownParam = [...r.url.matchAll(/:(\w+)/g)].some(([, name]) => !(name! in OWNER));
      return unknownParam || [r.schema.querystring, r.schema.body].some((s) => s && !s.safeParse({}).success);
    });
    expect(
      unsampled.map((r) => r.key),
      'customer routes that need a sample request in SAMPLES',
    ).toEqual([]);
    const stale = Object.keys(SAMPLES).filter((key) => !customerRoutes.some((r) => r.key === key));
    expect(stale, 'SAMPLES for routes that are not customer routes').toEqual([]);
  });

  it('refuses every company route to a browser that has chosen no company', async () => {
    const anonymous = new Browser(t.server);
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.level === 'company')) {
      const res = await anonymous.call(route.method as 'GET', route.url.replace(/:\w+/g, '1'), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      if (res.status !== 401) problems.push(`${route.key}: expected 401, got ${res.status}`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses every customer route to a browser without a customer of its company', async () => {
    const anonymous = new Browser(t.server);
    const guest = new Browser(t.server);
    await guest.enterCompany((await db.selectFrom('companies').select('code').where('id', '=', victim.companyId).executeTakeFirstOrThrow()).code);
    // The cookies of two companies' sessions mixed: a customer of one company is nobody at another.
    const mixed = (company: Customer, customer: Customer) => {
      const b = new Browser(t.server);
      b.cookies.set(COMPANY_COOKIE, company.browser.cookies.get(COMPANY_COOKIE)!);
      b.cookies.set(CUSTOMER_COOKIE, customer.browser.cookies.get(CUSTOMER_COOKIE)!);
      return b;
    };
    const callers = { 'no session': anonymous, 'a guest of A': guest, "A's company with B's customer": mixed(victim, stranger), "B's company with A's customer": mixed(stranger, victim) };
    const problems: string[] = [];
    for (const route of customerRoutes) {
      problems.push(...(await attempt(callers, route, () => (status) => (status === 401 ? undefined : 'expected 401'))));
      checked.anonymous.add(route.key);
    }
    expect(problems).toEqual([]);
  });

  it("refuses A's ids to a customer of another company", async () => {
    const problems: string[] = [];
    for (const route of customerRoutes) {
      // Every id of A's, the company's ones too, belongs to another company.
      problems.push(...(await attempt({ 'a customer of B': stranger.browser }, route, (names) => (names.size > 0 ? refused(route, [401, 403, 404]) : answered))));
      checked.otherCompany.add(route.key);
    }
    expect(problems).toEqual([]);
  });

  it("refuses A's ids to another customer of the same company", async () => {
    const problems: string[] = [];
    for (const route of customerRoutes) {
      const expectFor = (names: Set<keyof Victim>) => ([...names].some((n) => OWNER[n] === 'customer') ? refused(route, [404]) : answered);
      problems.push(...(await attempt({ 'another customer of A': neighbour.browser }, route, expectFor, neighbour)));
      checked.sameCompany.add(route.key);
    }
    expect(problems).toEqual([]);
  });

  it('answers the same requests to customer A, so the refusals above were about whose the ids are', async () => {
    const problems: string[] = [];
    // Deletions last, so they do not take away what the other requests name.
    const ordered = [...customerRoutes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const route of ordered) {
      for (const built of buildRequests(route, v, picture)) {
        if (built.names.size === 0) continue;
        const res = await victim.browser.call(route.method as 'GET', built.url, built.payload, built.headers);
        if (res.status >= 300) problems.push(`${`${route.method} ${built.text}`.slice(0, 160)}: expected a success for A, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      checked.owner.add(route.key);
    }
    expect(problems).toEqual([]);
  });

  it('checked every customer route the app registers', () => {
    const all = customerRoutes.map((r) => r.key).sort();
    for (const [scenario, keys] of Object.entries(checked)) expect([...keys].sort(), scenario).toEqual(all);
    console.info(`route isolation (${engine}): ${all.length} customer routes checked of ${all.length} registered (${routes.length} routes in all)`);
  });
});
