import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { companyTimeZone, localNow, nowIso } from '../../lib/time.ts';
import { BUNDLE_LIST_NAMES, companyBundleSchema, type CompanyBundle } from './company-bundle.ts';
import { isBundleDate, resolveDate, resolveInstant, weeklyDates } from './bundle-dates.ts';
import { configWarnings } from './config-warnings.ts';
import { barcodeRows } from './bundle-barcodes.ts';
import { clientDetailColumns, customFieldValueRows } from './bundle-client-details.ts';
import { importFinancials } from './bundle-financials.ts';
import { importPayments } from './bundle-payments.ts';
import { findCompanyConflicts, insertRows, insertRowsReturningIds } from './import.repository.ts';
import { countCompanies } from './import.repository.ts';
import { insertStudentExtras, normalizeBundlePictures, studentDetailsRow } from './import-students.ts';
import { importClassActivity } from '../classes/classes.api.ts';
import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface BundleIssue {
  path: string;
  message: string;
}

export class BundleValidationError extends Error {
  readonly issues: BundleIssue[];
  constructor(issues: BundleIssue[]) {
    const first = issues.slice(0, 3).map((i) => `${i.path || '(bundle)'}: ${i.message}`);
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    super(`The company bundle is invalid: ${first.join('; ')}${more}`);
    this.name = 'BundleValidationError';
    this.issues = issues;
  }
}

function toIssues(error: z.ZodError): BundleIssue[] {
  return error.issues.flatMap((i) => {
    const path = i.path.map(String);
    // One issue per misspelt field, at the field's own path, rather than one for its parent.
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => ({ path: [...path, k].join('.'), message: 'Unknown field' }));
    return [{ path: path.join('.'), message: i.message }];
  });
}

const bool = (v: boolean): number => (v ? 1 : 0);

/** A class after relative dates are resolved against the import day. */
interface ResolvedClass {
  /** Session dates by week index (weekly classes) or position (explicit dates). */
  byWeek: (week: number) => string | undefined;
  sessions: { date: string; status: 'scheduled' | 'cancelled' }[];
  enrolments: { student: string; start_date: string; end_date: string | null; status: string }[];
}

/** Checks that need the import day: they compare resolved dates. */
function resolveClasses(bundle: CompanyBundle, today: string): { classes: ResolvedClass[]; issues: BundleIssue[] } {
  const issues: BundleIssue[] = [];
  const classes = bundle.classes.map((cls, ci): ResolvedClass => {
    const { dates: explicit, weeks_before = 0, weeks_after = 0, cancelled_weeks = [] } = cls.sessions;
    const dates = explicit ? explicit.map((d) => resolveDate(d, today)) : weeklyDates(cls.day_of_week, today, weeks_before, weeks_after);
    const cancelled = new Set<string>();
    for (const w of cancelled_weeks) {
      const date = dates[w + weeks_before];
      if (date) cancelled.add(date);
    }
    cls.cancelled.forEach((d, i) => {
      const date = resolveDate(d, today);
      if (!dates.includes(date)) issues.push({ path: `classes.${ci}.cancelled.${i}`, message: `${date} is not one of this class's session dates` });
      cancelled.add(date);
    });
    const seen = new Set<string>();
    dates.forEach((d, i) => {
      // Relative and absolute forms can name the same day; the schema cannot see that.
      if (seen.has(d)) issues.push({ path: `classes.${ci}.sessions.dates.${i}`, message: `Duplicate session date ${d}` });
      seen.add(d);
    });
    const enrolments = cls.enrolments.map((e, ei) => {
      const start = resolveDate(e.start_date, today);
      const end = e.end_date === undefined ? null : resolveDate(e.end_date, today);
      if (end !== null && end < start) issues.push({ path: `classes.${ci}.enrolments.${ei}.end_date`, message: 'end_date is before start_date' });
      return { student: e.student, start_date: start, end_date: end, status: e.status };
    });
    return {
      byWeek: (week: number) => dates[week + (explicit ? 0 : weeks_before)],
      sessions: [...seen].sort().map((date) => ({ date, status: cancelled.has(date) ? ('cancelled' as const) : ('scheduled' as const) })),
      enrolments,
    };
  });
  return { classes, issues };
}

/**
 * Validates a company bundle and writes the whole company in one transaction: either every
 * row is written or none is. `today` (yyyy-MM-dd) pins relative dates, for tests; by default
 * it is today in the company's time zone.
 */
export async function importCompanyBundle(
  db: Db,
  input: unknown,
  options: { today?: string; strict?: boolean } = {},
): Promise<{ companyId: number; code: string; warnings: BundleIssue[] }> {
  if (options.today !== undefined && (!isBundleDate(options.today) || options.today.startsWith('today'))) {
    throw new Error(`options.today must be a yyyy-MM-dd date, got ${options.today}`);
  }
  const parsed = companyBundleSchema.safeParse(input);
  if (!parsed.success) throw new BundleValidationError(toIssues(parsed.error));
  // The config schema drops what it does not know; say so, or refuse when asked to be strict.
  const warnings = configWarnings(input);
  if (options.strict && warnings.length > 0) throw new BundleValidationError(warnings);
  const bundle = parsed.data;
  const { company } = bundle;
  const zone = companyTimeZone(company.config.localization);
  const today = options.today ?? localNow(zone).date;
  const { classes, issues } = resolveClasses(bundle, today);
  if (issues.length > 0) throw new BundleValidationError(issues);
  const instant = (v: string) => resolveInstant(v, today, zone);

  // Pictures are checked and re-encoded like uploads, before the transaction like the hashing.
  const { pictures, issues: pictureIssues } = await normalizeBundlePictures(bundle);
  if (pictureIssues.length > 0) throw new BundleValidationError(pictureIssues);
  // Hashing is slow on purpose; do it before the transaction so the write lock is held briefly.
  // A customer given no password gets none that can match (an empty hash never verifies).
  const passwordHashes = await Promise.all(
    bundle.customers.map((c) => (c.password_hash !== undefined ? c.password_hash : c.password !== undefined ? hashPassword(c.password) : '')),
  );

  return db.transaction().execute(async (trx) => {
    const conflicts = await findCompanyConflicts(trx, company.code, company.customer_id);
    const taken: BundleIssue[] = [];
    if (conflicts.code) taken.push({ path: 'company.code', message: `A company with code ${company.code} already exists` });
    if (conflicts.customerId) taken.push({ path: 'company.customer_id', message: `A company with customer_id ${company.customer_id} already exists` });
    if (taken.length > 0) throw new BundleValidationError(taken);

    const now = nowIso();
    const [companyId] = await insertRowsReturningIds(trx, 'companies', [
      {
        customer_id: company.customer_id,
        company_details_id: company.company_details_id ?? company.customer_id,
        code: company.code,
        trading_name: company.trading_name,
        application: company.application,
        settings: JSON.stringify(company.config),
        created_at: now,
      },
    ]);
    if (companyId === undefined) throw new Error('The company row was not written');
    const company_id = companyId;

    if (bundle.form_configuration) {
      await insertRows(trx, 'form_configurations', [{ company_id, configuration: JSON.stringify(bundle.form_configuration), updated_at: now }]);
    }

    const listRows = BUNDLE_LIST_NAMES.flatMap((list_name) =>
      bundle.lists[list_name].map((item, i) => ({
        company_id,
        list_name,
        display_name: item.name,
        ocr_field_value_id: item.ocr_field_value_id ?? null,
        active: bool(item.active),
        sort_order: i,
      })),
    );
    const listIdList = await insertRowsReturningIds(trx, 'list_items', listRows);
    const listIds = new Map(listRows.map((row, i) => [`${row.list_name}/${row.display_name}`, listIdList[i] as number]));
    const listId = (list: string, name: string | undefined) => (name === undefined || name === '' ? null : (listIds.get(`${list}/${name}`) ?? null));

    const byKey = (keys: string[], ids: number[]) => new Map(keys.map((k, i) => [k, ids[i] as number]));
    const venueIds = byKey(
      bundle.venues.map((v) => v.key),
      await insertRowsReturningIds(trx, 'venues', bundle.venues.map((v) => ({ company_id, name: v.name, address: v.address, active: bool(v.active) }))),
    );
    const formatIds = byKey(
      bundle.lesson_formats.map((f) => f.key),
      await insertRowsReturningIds(
        trx,
        'lesson_formats',
        bundle.lesson_formats.map((f) => ({ company_id, name: f.name, duration_minutes: f.duration_minutes, active: bool(f.active) })),
      ),
    );
    const agreementIds = byKey(
      bundle.agreements.map((a) => a.key),
      await insertRowsReturningIds(
        trx,
        'agreements',
        bundle.agreements.map((a) => ({
          company_id,
          name: a.name,
          text: a.text,
          requires_signature: bool(a.requires_signature),
          required: bool(a.required),
          active: bool(a.active),
          version: a.earlier_versions.length + 1,
          text_sha256: sha256(a.text),
          published_at: now,
        })),
      ),
    );
    await insertRows(
      trx,
      'agreement_versions',
      bundle.agreements.flatMap((a) =>
        [...a.earlier_versions, { text: a.text, published_at: undefined }].map((v, i) => ({
          company_id,
          agreement_id: agreementIds.get(a.key) as number,
          version: i + 1,
          name: a.name,
          text: v.text,
          text_sha256: sha256(v.text),
          requires_signature: bool(a.requires_signature),
          published_at: v.published_at === undefined ? now : instant(v.published_at),
        })),
      ),
    );

    await insertRows(
      trx,
      'agreement_profiles',
      bundle.agreements.flatMap((a, i) =>
        a.profiles.map((p) => ({
          company_id,
          profile_id: p.id,
          agreement_id: agreementIds.get(a.key) as number,
          required: bool(p.required ?? a.required),
          sort_order: i,
        })),
      ),
    );

    const loginIds = await insertRowsReturningIds(
      trx,
      'logins',
      bundle.customers.map((c, i) => ({ company_id, email: c.email, password_hash: passwordHashes[i] as string, created_at: now, updated_at: now })),
    );

    const clientList = bundle.customers.flatMap((c, i) =>
      c.clients.map((client) => ({ client, loginId: loginIds[i] as number, loginEmail: c.email, hasPassword: passwordHashes[i] !== '' })),
    );
    const clientIds = byKey(
      clientList.map((c) => c.client.key),
      await insertRowsReturningIds(
        trx,
        'clients',
        clientList.map(({ client, loginId, loginEmail }) => ({
          company_id,
          login_id: loginId,
          first_name: client.first_name,
          last_name: client.last_name,
          email: client.email ?? loginEmail,
          address1: client.address1,
          suburb: client.suburb,
          state: client.state,
          postcode: client.postcode,
          ...clientDetailColumns(client),
          created_at: now,
        })),
      ),
    );
    const clientId = (k: string) => clientIds.get(k) as number;
    await insertRows(
      trx,
      'client_custom_field_values',
      customFieldValueRows(company_id, clientList.map(({ client }) => ({ clientId: clientId(client.key), custom_fields: client.custom_fields }))),
    );

    const studentList = clientList.flatMap(({ client }) => client.students.map((s) => ({ clientKey: client.key, s })));
    const studentIdList = await insertRowsReturningIds(
      trx,
      'students',
      studentList.map(({ clientKey, s }) => ({
        company_id,
        client_id: clientId(clientKey),
        first_name: s.first_name,
        last_name: s.last_name,
        dob: s.dob === undefined ? null : resolveDate(s.dob, today),
        gender: s.gender ?? '',
        standard: s.standard,
        ...studentDetailsRow(s, { listId, venueId: (k) => venueIds.get(k) ?? null }),
        profile_picture: null,
        created_at: now,
      })),
    );
    // Both reference forms point at the same row; the schema refused ambiguous bare keys.
    const studentIds = new Map<string, number>();
    studentList.forEach(({ clientKey, s }, i) => {
      const id = studentIdList[i] as number;
      studentIds.set(`${clientKey}/${s.key}`, id);
      studentIds.set(s.key, studentIds.has(s.key) ? -1 : id);
    });

    await insertStudentExtras(trx, company_id, studentList.map(({ clientKey, s }, i) => ({ id: studentIdList[i] as number, clientKey, s })), pictures, today);

    await insertRows(
      trx,
      'barcodes',
      barcodeRows(company_id, clientList.map(({ client }) => client), clientId, (clientKey, studentKey) => studentIds.get(`${clientKey}/${studentKey}`) as number),
    );
    await insertRows(
      trx,
      'invoices',
      clientList.flatMap(({ client }) =>
        client.invoices.map((inv) => ({
          company_id,
          client_id: clientId(client.key),
          invoice_no: inv.invoice_no,
          invoice_date: resolveDate(inv.invoice_date, today),
          payment_date: resolveDate(inv.payment_date, today),
          total_cents: inv.total_cents,
          balance_due_cents: inv.balance_due_cents,
          status: inv.status,
        })),
      ),
    );
    await insertRows(
      trx,
      'sign_in_actions',
      clientList.flatMap(({ client, hasPassword }) => {
        const listed = client.sign_in_actions.map((a) => ({
          company_id,
          client_id: clientId(client.key),
          type: a.type as string,
          agreement_id: a.agreement === undefined ? null : (agreementIds.get(a.agreement) as number),
          student_id: a.student === undefined ? null : (studentIds.get(`${client.key}/${a.student}`) as number),
          created_at: now,
          completed_at: null,
        }));
        const needsPassword = !hasPassword && !client.sign_in_actions.some((a) => a.type === 'ChangePassword');
        return needsPassword
          ? [...listed, { company_id, client_id: clientId(client.key), type: 'ChangePassword', agreement_id: null, student_id: null, created_at: now, completed_at: null }]
          : listed;
      }),
    );
    await insertRows(
      trx,
      'agreement_signatures',
      clientList.flatMap(({ client }) =>
        client.agreements_signed.map((signed) => {
          const agreement = bundle.agreements.find((a) => a.key === signed.agreement)!;
          const version = signed.version ?? agreement.earlier_versions.length + 1;
          const text = version <= agreement.earlier_versions.length ? agreement.earlier_versions[version - 1]!.text : agreement.text;
          return {
            company_id,
            agreement_id: agreementIds.get(signed.agreement) as number,
            client_id: clientId(client.key),
            signature: null,
            signed_at: signed.signed_at === undefined ? now : instant(signed.signed_at),
            version,
            text_sha256: sha256(text),
            ip_address: '',
            user_agent: 'company bundle',
          };
        }),
      ),
    );

    const classIds = await insertRowsReturningIds(
      trx,
      'classes',
      bundle.classes.map((c) => ({
        company_id,
        name: c.name,
        lesson_format_id: c.lesson_format === undefined ? null : (formatIds.get(c.lesson_format) as number),
        venue_id: c.venue === undefined ? null : (venueIds.get(c.venue) as number),
        court: c.court,
        day_of_week: c.day_of_week,
        start_time: c.start_time,
        duration_minutes: c.duration_minutes ?? (bundle.lesson_formats.find((f) => f.key === c.lesson_format)?.duration_minutes as number),
        standard: c.standard,
        capacity: c.capacity,
        staff: c.staff,
        min_age: c.min_age ?? null,
        max_age: c.max_age ?? null,
        price_cents: c.price_cents,
        casual_price_cents: c.casual_price_cents ?? null,
      })),
    );
    await insertRows(
      trx,
      'class_sessions',
      bundle.classes.flatMap((c, i) =>
        (classes[i] as ResolvedClass).sessions.map((s) => ({ company_id, class_id: classIds[i] as number, date: s.date, start_time: c.start_time, status: s.status })),
      ),
    );
    await insertRows(
      trx,
      'enrolments',
      classes.flatMap((c, i) =>
        c.enrolments.map((e) => ({
          company_id,
          class_id: classIds[i] as number,
          student_id: studentIds.get(e.student) as number,
          start_date: e.start_date,
          end_date: e.end_date,
          status: e.status,
          kind: e.status === 'temporary' ? ('temporary' as const) : ('ongoing' as const),
          created_at: now,
        })),
      ),
    );

    await importClassActivity(trx, { companyId: company_id, settings: company.config, today, now }, {
      absences: bundle.classes.flatMap((cls, ci) =>
        cls.enrolments.flatMap((e) =>
          e.absences.map((a) => {
            const at = (classIndex: number, ref: { date?: string | undefined; week?: number | undefined }) =>
              ref.week !== undefined ? (classes[classIndex] as ResolvedClass).byWeek(ref.week) : ref.date !== undefined ? resolveDate(ref.date, today) : undefined;
            const bookedIndex = a.makeup_booked ? bundle.classes.findIndex((c) => c.key === a.makeup_booked?.class) : -1;
            return {
              classId: classIds[ci] as number,
              date: at(ci, a),
              studentId: studentIds.get(e.student) as number,
              reason: a.reason,
              credit: a.makeup_credit,
              booked: a.makeup_booked && bookedIndex >= 0 ? { classId: classIds[bookedIndex] as number, date: at(bookedIndex, a.makeup_booked) } : undefined,
            };
          }),
        ),
      ),
      waitlist: bundle.classes.flatMap((cls, ci) => cls.waitlist.map((w) => ({ classId: classIds[ci] as number, studentId: studentIds.get(w) as number }))),
    });

    const everyClient = clientList.map(({ client }) => client.key);
    const notifications = bundle.notifications.map((n) => ({ n, createdAt: instant(n.created_at) }));
    const notificationIds = await insertRowsReturningIds(
      trx,
      'notifications',
      notifications.map(({ n, createdAt }) => ({
        company_id,
        title: n.title,
        content: n.content,
        category: n.category,
        tag_data: n.tag_data === undefined ? null : JSON.stringify(n.tag_data),
        created_at: createdAt,
      })),
    );
    await insertRows(
      trx,
      'notification_contacts',
      notifications.flatMap(({ n, createdAt }, i) => {
        const readBy = new Set(n.read_by);
        return [...new Set(n.to === 'all' ? everyClient : n.to)].map((key) => ({
          company_id,
          notification_id: notificationIds[i] as number,
          client_id: clientId(key),
          status: readBy.has(key) ? ('Read' as const) : ('New' as const),
          created_at: createdAt,
          // The bundle does not say when it was read; the moment it arrived is the earliest honest answer.
          read_at: readBy.has(key) ? createdAt : null,
        }));
      }),
    );

    const messages = bundle.messages.map((m) => ({ m, publishedAt: instant(m.published_at) }));
    const messageIds = await insertRowsReturningIds(
      trx,
      'messages',
      messages.map(({ m, publishedAt }) => ({
        company_id,
        client_id: m.to === undefined ? null : clientId(m.to),
        title: m.title,
        body: m.body,
        published_at: publishedAt,
      })),
    );
    await insertRows(
      trx,
      'message_reads',
      messages.flatMap(({ m, publishedAt }, i) =>
        [...new Set(m.read_by)].map((key) => ({ company_id, message_id: messageIds[i] as number, client_id: clientId(key), read_at: publishedAt })),
      ),
    );

    await importFinancials(trx, { companyId: company_id, today, financials: bundle.financials, bookings: bundle.bookings, config: company.config, clientId });
    await importPayments(trx, { companyId: company_id, today, now: nowIso(), payments: bundle.payments, clientId });

    return { companyId: company_id, code: company.code, warnings };
  });
}

/** Whether the database holds no company yet (the demo seed loads only into an empty one). */
export async function hasNoCompanies(db: Db): Promise<boolean> {
  return (await countCompanies(db)) === 0;
}

/** Whether a company with this code has been imported already. */
export async function isCompanyCodeTaken(db: Db, code: string): Promise<boolean> {
  return (await findCompanyConflicts(db, code, -1)).code;
}
