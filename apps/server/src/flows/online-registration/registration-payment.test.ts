import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { Browser, mailedCode, startTestApp, testEngines, testSignature, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, countCharges, TEST_CARDS } from '../../test/payment-fixtures.ts';
import { hashToken } from '../../lib/tokens.ts';
import { setPaymentFaults } from '../checkout/payment-steps.ts';
import { runMinuteJobs } from '../../jobs/scheduler.ts';

const fresh = (name: string) => `${name}.${crypto.randomBytes(4).toString('hex')}@example.com`;
const key = () => crypto.randomBytes(12).toString('hex');

type Answer = {
  success: true;
  payment: PaymentAnswer | null;
  user?: { ClientID: number; FirstName: string };
  actions?: { type: string }[];
  code?: string;
  message?: string;
  errors?: { field: string; message: string }[];
};

describe.each(testEngines())('online registration with classes and payment on %s', (engine) => {
  let t: TestApp;
  let signature: string;
  let splash: number;
  /** Classes of SPLASH's with sessions ahead, each the test's own to fill or empty. */
  let classIds: number[];

  beforeAll(async () => {
    t = await startTestApp(engine);
    signature = await testSignature();
    splash = await companyIdOf(t, 'SPLASH');
    classIds = await classesWithSessionsAhead(t, splash, { limit: 8 });
    await db().updateTable('classes').set({ capacity: 50, price_cents: 2_000, min_age: null, max_age: null }).where('company_id', '=', splash).where('id', 'in', classIds).execute();
  });
  afterAll(() => t.close());

  const db = () => t.runtime.ctx.db;
  /** The payment method a family keeps on file, as the checkout wrote it. */
  const bankOnFile = (companyId: number, clientId: number) =>
    db().selectFrom('payment_methods').select(['kind', 'account_number_masked']).where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirstOrThrow();
  const classOf = (i: number) => classIds[i]!;

  /** A visitor at the company who proved a fresh address under the profile. */
  const proved = async (company = 'SPLASH', profile = 1) => {
    const b = new Browser(t.server);
    await b.enterCompany(company);
    const email = fresh('pay');
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    expect((await b.post('/api/ocr/verify-code', { token: sent.body.token, code: await mailedCode(t, email), profile })).status).toBe(200);
    return { b, email, token: sent.body.token };
  };
  const tokenise = async (b: Browser, token: string, number: string = TEST_CARDS.ok) => {
    const res = await b.post<{ id: string }>('/sim-gateway/v1/registration-tokens', { registration_token: token, number, exp_month: 12, exp_year: 2099, cvc: '123' });
    expect(res.status).toBe(200);
    return res.body.id;
  };
  /** Ace's junior program (direct debit only): one child into `classId`, every active agreement accepted. */
  const aceRegistration = async (b: Browser, token: string, classId: number, who: { parent: string; family: string; phone: string; child: string; dob: string }) => {
    const listed = await b.get<{ agreements: { AgreementID: number; RequiresSignature: boolean }[] }>('/api/customer/get-active-agreements?id=1');
    return {
      registration_token: token,
      profile: 1,
      customer: { FirstName: who.parent, LastName: who.family, PhoneMobile: who.phone },
      students: [{ FirstName: who.child, LastName: who.family, DOB: who.dob, GenderType: 'Male' }],
      agreements: listed.body.agreements.map((a) => ({ agreementID: a.AgreementID, agreed: true, signature: a.RequiresSignature ? signature : null })),
      marketing_opt_in: null,
      classes: [{ student: 0, ClassID: classId }],
    };
  };
  /** Two children, each into a class (the first two of the test's classes unless told). */
  const form = (token: string, extra: Record<string, unknown> = {}) => ({
    registration_token: token,
    profile: 1,
    customer: { FirstName: 'Priya', LastName: 'Raman', PhoneMobile: '0412000222' },
    students: [
      { FirstName: 'Anika', LastName: 'Raman', DOB: '2017-03-04', GenderType: 'Female' },
      { FirstName: 'Dev', LastName: 'Raman', DOB: '2019-11-20', GenderType: 'Male' },
    ],
    agreements: [
      { agreementID: 1, agreed: true, signature: null },
      { agreementID: 2, agreed: true, signature },
    ],
    marketing_opt_in: null,
    classes: [
      { student: 0, ClassID: classOf(0) },
      { student: 1, ClassID: classOf(1) },
    ],
    ...extra,
  });
  const submit = (b: Browser, body: unknown, k = key()) => b.post<Answer>('/api/ocr/register', body, { 'idempotency-key': k });

  /** Everything written for an address: sign-ins, clients, students, enrolments, waitlist places, invoices, payments. */
  const family = async (email: string) => {
    const clients = await db().selectFrom('clients').select('id').where('email', '=', email).execute();
    const ids = clients.map((c) => c.id);
    const students = ids.length ? (await db().selectFrom('students').select('id').where('client_id', 'in', ids).execute()).map((s) => s.id) : [];
    const count = async (table: 'invoices' | 'payments' | 'agreement_signatures') =>
      ids.length
        ? Number(
            (
              await db()
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('client_id', 'in', ids)
                .executeTakeFirstOrThrow()
            ).n,
          )
        : 0;
    return {
      logins: (await db().selectFrom('logins').select('id').where('email', '=', email).execute()).length,
      clients: ids.length,
      students: students.length,
      enrolments: students.length ? await db().selectFrom('enrolments').select(['class_id', 'status']).where('student_id', 'in', students).orderBy('class_id').execute() : [],
      waitlist: students.length ? (await db().selectFrom('waitlist_entries').select('class_id').where('student_id', 'in', students).execute()).length : 0,
      invoices: await count('invoices'),
      payments: await count('payments'),
      signatures: await count('agreement_signatures'),
    };
  };
  const nothing = { logins: 0, clients: 0, students: 0, enrolments: [], waitlist: 0, invoices: 0, payments: 0, signatures: 0 };
  const registration = (token: string) => db().selectFrom('registrations').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();

  it('a new family registers two children into classes, pays by card, is signed in and welcomed; the quote was the amount charged', async () => {
    const { b, email, token } = await proved();
    const quote = await b.post<{ totals: { paymentAmountCents: number }; paymentOptions: string[]; rows: unknown[] }>('/api/ocr/quote', { profile: 1, classes: form(token).classes });
    expect(quote.status).toBe(200);
    expect(quote.body.paymentOptions).toEqual(['credit_card', 'direct_debit']);
    expect(quote.body.totals.paymentAmountCents).toBeGreaterThan(0);
    const card = await tokenise(b, token);
    const charges = await countCharges(t, splash);
    const k = key();
    const res = await submit(b, form(token, { cardToken: card }), k);
    expect(res.status).toBe(200);
    expect(res.body.payment).toMatchObject({ status: 'completed', amountCents: quote.body.totals.paymentAmountCents, invoiceNos: [expect.any(String)], receiptNo: expect.any(String) });
    expect(res.body.user?.FirstName).toBe('Priya');
    expect(res.body.actions?.map((a) => a.type)).toContain('ChangePassword');
    expect(await countCharges(t, splash)).toBe(charges + 1);
    expect(await family(email)).toEqual({
      logins: 1,
      clients: 1,
      students: 2,
      enrolments: [classOf(1), classOf(0)].sort((x, y) => x - y).map((class_id) => ({ class_id, status: 'active' })),
      waitlist: 0,
      invoices: 1,
      payments: 1,
      signatures: 2,
    });
    // Each child is in the class chosen for it.
    const enrolled = await db()
      .selectFrom('enrolments')
      .innerJoin('students', 'students.id', 'enrolments.student_id')
      .select(['students.first_name', 'enrolments.class_id'])
      .where('students.client_id', '=', res.body.user!.ClientID)
      .orderBy('students.first_name')
      .execute();
    expect(enrolled).toEqual([
      { first_name: 'Anika', class_id: classOf(0) },
      { first_name: 'Dev', class_id: classOf(1) },
    ]);
    // Signed in: the hub shows the children's enrolments.
    expect((await b.get<{ user: { ClientID: number } }>('/api/customer/me')).body.user.ClientID).toBe(res.body.user!.ClientID);
    expect((await registration(token)).completed_at).not.toBeNull();
    await t.lastMailTo(email);
    const mails = t.mailbox.received.filter((m) => m.to === email).map((m) => m.subject);
    expect(mails.filter((s) => s === 'Welcome to Splash Swim School')).toHaveLength(1);
    expect(mails.some((s) => s.startsWith('Receipt '))).toBe(true);
    // The answer was lost: the retry with the key answers the same payment, charges nothing and welcomes no one again.
    const again = await submit(b, form(token, { cardToken: card }), k);
    expect([again.status, again.body.payment?.PaymentID, again.body.user?.ClientID]).toEqual([200, res.body.payment?.PaymentID, res.body.user?.ClientID]);
    expect(await countCharges(t, splash)).toBe(charges + 1);
    await t.lastMailTo(email);
    expect(t.mailbox.received.filter((m) => m.to === email && m.subject === 'Welcome to Splash Swim School')).toHaveLength(1);
  });

  it('a declined card: 402 with the decline, and no family, student, enrolment, invoice or charge of it remains; another card then registers', async () => {
    const { b, email, token } = await proved();
    const succeeded = () => db().selectFrom('gateway_charges').select('id').where('company_id', '=', splash).where('status', '=', 'succeeded').execute();
    const before = (await succeeded()).length;
    const declined = await submit(b, form(token, { cardToken: await tokenise(b, token, TEST_CARDS.declined) }));
    expect([declined.status, declined.body.message]).toEqual([402, 'Your card was declined. You have not been charged.']);
    expect((await succeeded()).length).toBe(before);
    expect(await family(email)).toEqual(nothing);
    expect(await registration(token)).toMatchObject({ submitted_at: null, client_id: null, completed_at: null });
    // Not signed in.
    expect((await b.get('/api/customer/me')).status).toBe(401);
    const paid = await submit(b, form(token, { cardToken: await tokenise(b, token, TEST_CARDS.ok) }));
    expect([paid.status, paid.body.payment?.status]).toEqual([200, 'completed']);
    expect(await family(email)).toMatchObject({ logins: 1, clients: 1, students: 2, invoices: 1, payments: 1 });
  });

  it('a condition typed for a child joins the company’s list only once the registration is paid: a declined card leaves the list as it was', async () => {
    const { b, email, token } = await proved();
    const condition = `Wasp allergy ${crypto.randomBytes(3).toString('hex')}`;
    const typed = (cardToken: string) => {
      const body = form(token, { cardToken });
      body.students[0] = { ...body.students[0]!, AdditionalMedicalConditions: condition } as (typeof body.students)[0];
      return body;
    };
    const listed = () => db().selectFrom('list_items').select('id').where('company_id', '=', splash).where('list_name', '=', 'medical_conditions').where('display_name', '=', condition).execute();
    const declined = await submit(b, typed(await tokenise(b, token, TEST_CARDS.declined)));
    expect(declined.status).toBe(402);
    expect(await listed()).toEqual([]);
    const paid = await submit(b, typed(await tokenise(b, token, TEST_CARDS.ok)));
    expect([paid.status, paid.body.payment?.status]).toEqual([200, 'completed']);
    const [item] = await listed();
    const anika = await db()
      .selectFrom('students')
      .select(['medical_condition_ids', 'additional_medical_conditions'])
      .where('client_id', '=', paid.body.user!.ClientID)
      .where('first_name', '=', 'Anika')
      .executeTakeFirstOrThrow();
    expect(anika).toEqual({ medical_condition_ids: String(item!.id), additional_medical_conditions: null });
    expect(await family(email)).toMatchObject({ clients: 1, students: 2 });
  });

  it('the connection cut between charge and answer: the retry with the same key completes it, charged once', async () => {
    const { b, email, token } = await proved();
    const card = await tokenise(b, token, TEST_CARDS.network);
    const k = key();
    const charges = await countCharges(t, splash);
    const cut = await submit(b, form(token, { cardToken: card }), k);
    expect([cut.status, cut.body.code]).toEqual([502, 'PAYMENT_UNCONFIRMED']);
    // The family waits for its payment: written, not signed in, not welcomed.
    expect(await family(email)).toMatchObject({ logins: 1, students: 2, invoices: 0, payments: 1 });
    expect((await b.get('/api/customer/me')).status).toBe(401);
    const retry = await submit(b, form(token, { cardToken: card }), k);
    expect([retry.status, retry.body.payment?.status]).toEqual([200, 'completed']);
    expect(await countCharges(t, splash)).toBe(charges + 1);
    expect(await family(email)).toMatchObject({ logins: 1, clients: 1, invoices: 1, payments: 1 });
    // Another body under the key is refused.
    expect((await submit(b, form(token, { cardToken: card, marketing_opt_in: true }), k)).status).toBe(422);
  });

  it('the same submission sent five times at once: one family, one charge, one invoice', async () => {
    const { b, email, token } = await proved();
    const body = form(token, { cardToken: await tokenise(b, token) });
    const k = key();
    const charges = await countCharges(t, splash);
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => submit(b, body, k)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.payment?.PaymentID)).size).toBe(1);
    expect(await countCharges(t, splash)).toBe(charges + 1);
    expect(await family(email)).toMatchObject({ logins: 1, clients: 1, students: 2, invoices: 1, payments: 1 });
  });

  it('a card that asks for a challenge: nobody is signed in until the card holder approves it; the same submission then completes', async () => {
    const { b, email, token } = await proved();
    const body = form(token, { cardToken: await tokenise(b, token, TEST_CARDS.challenge) });
    const k = key();
    const first = await submit(b, body, k);
    expect(first.status).toBe(200);
    expect(first.body.payment).toMatchObject({ status: 'requires_action', challenge: { id: expect.stringMatching(/^ch_/) } });
    expect(first.body.user).toBeUndefined();
    expect((await b.get('/api/customer/me')).status).toBe(401);
    const id = first.body.payment!.challenge!.id;
    // Only the registration's holder sees the challenge: not an unknown token, nor another registration's.
    expect((await b.call('GET', `/sim-gateway/v1/registration-challenges/${id}`, undefined, { 'x-registration-token': 'y'.repeat(43) })).status).toBe(404);
    const other = await proved();
    expect((await submit(other.b, form(other.token, { cardToken: await tokenise(other.b, other.token) }))).status).toBe(200);
    expect((await other.b.call('POST', `/sim-gateway/v1/registration-challenges/${id}`, { approve: true }, { 'x-registration-token': other.token })).status).toBe(404);
    const seen = await b.call<{ status: string }>('GET', `/sim-gateway/v1/registration-challenges/${id}`, undefined, { 'x-registration-token': token });
    expect([seen.status, seen.body.status]).toEqual([200, 'pending']);
    expect((await b.post(`/sim-gateway/v1/registration-challenges/${id}`, { approve: true }, { 'x-registration-token': token })).status).toBe(200);
    const done = await submit(b, body, k);
    expect([done.status, done.body.payment?.status, done.body.user?.FirstName]).toEqual([200, 'completed', 'Priya']);
    expect(await family(email)).toMatchObject({ logins: 1, clients: 1, invoices: 1, payments: 1 });
  });

  it('a child outside the ages of the class chosen for her: refused by name, nothing written or charged', async () => {
    const young = classOf(0);
    // Anika (born 2017-03-04) is 9 or more; the class is for ages 3 to 5.
    await db().updateTable('classes').set({ min_age: 3, max_age: 5 }).where('company_id', '=', splash).where('id', '=', young).execute();
    try {
      const { b, email, token } = await proved();
      const charges = await countCharges(t, splash);
      const refused = await submit(b, form(token, { cardToken: await tokenise(b, token) }));
      const name = (await db().selectFrom('classes').select('name').where('id', '=', young).executeTakeFirstOrThrow()).name;
      expect([refused.status, refused.body.code]).toEqual([422, 'OUTSIDE_AGE_RANGE']);
      expect(refused.body.message).toMatch(new RegExp(`^Anika Raman is \\d+; ${name} is for ages 3 to 5\\.$`));
      expect(await family(email)).toEqual(nothing);
      expect(await countCharges(t, splash)).toBe(charges);
    } finally {
      await db().updateTable('classes').set({ min_age: null, max_age: null }).where('company_id', '=', splash).where('id', '=', young).execute();
    }
  });

  it('a full class: refused with "class full" and nothing written; joined as a waitlist place instead, nothing is paid', async () => {
    const full = classOf(2);
    await db().updateTable('classes').set({ capacity: 0 }).where('company_id', '=', splash).where('id', '=', full).execute();
    try {
      const { b, email, token } = await proved();
      const charges = await countCharges(t, splash);
      const refused = await submit(
        b,
        form(token, {
          cardToken: await tokenise(b, token),
          classes: [
            { student: 0, ClassID: classOf(0) },
            { student: 1, ClassID: full },
          ],
        }),
      );
      expect([refused.status, refused.body.code]).toEqual([409, 'CLASS_FULL']);
      expect(await family(email)).toEqual(nothing);
      expect(await countCharges(t, splash)).toBe(charges);
      // Both children on the waitlist of the full class: nothing to pay, so no card.
      const waiting = await submit(
        b,
        form(token, {
          classes: [
            { student: 0, ClassID: full, waitlist: true },
            { student: 1, ClassID: full, waitlist: true },
          ],
        }),
      );
      expect([waiting.status, waiting.body.payment], JSON.stringify(waiting.body)).toEqual([200, null]);
      expect(await family(email)).toMatchObject({ logins: 1, students: 2, enrolments: [], waitlist: 2, invoices: 0, payments: 0 });
      // A class with places is not waited for.
      const other = await proved();
      const notFull = await submit(
        other.b,
        form(other.token, {
          classes: [
            { student: 0, ClassID: classOf(0), waitlist: true },
            { student: 1, ClassID: full, waitlist: true },
          ],
        }),
      );
      expect([notFull.status, notFull.body.code]).toEqual([409, 'NOT_FULL']);
      expect(await family(other.email)).toEqual(nothing);
    } finally {
      await db().updateTable('classes').set({ capacity: 50 }).where('company_id', '=', splash).where('id', '=', full).execute();
    }
  });

  it("names every refusal of the class step and payment, writes nothing: another company's class, a child without a class, a class twice, a card of another registration, the wrong option", async () => {
    const { b, email, token } = await proved();
    const card = await tokenise(b, token);
    const ace = await companyIdOf(t, 'ACE');
    const aceClass = (await db().selectFrom('classes').select('id').where('company_id', '=', ace).executeTakeFirstOrThrow()).id;
    const foreign = await submit(
      b,
      form(token, {
        cardToken: card,
        classes: [
          { student: 0, ClassID: classOf(0) },
          { student: 1, ClassID: aceClass },
        ],
      }),
    );
    expect(foreign.status).toBe(404);
    const lonely = await submit(b, form(token, { cardToken: card, classes: [{ student: 0, ClassID: classOf(0) }] }));
    expect([lonely.status, lonely.body.message]).toEqual([422, 'Every swimmer needs a class']);
    const none = await submit(b, form(token, { cardToken: card, classes: [] }));
    expect([none.status, none.body.message]).toEqual([400, 'Please add at least one class']);
    const stranger = await submit(
      b,
      form(token, {
        cardToken: card,
        classes: [
          { student: 0, ClassID: classOf(0) },
          { student: 2, ClassID: classOf(1) },
        ],
      }),
    );
    expect(stranger.status).toBe(422);
    // One child in one class twice would be charged twice for one place.
    const twice = await submit(
      b,
      form(token, {
        cardToken: card,
        classes: [
          { student: 0, ClassID: classOf(0) },
          { student: 1, ClassID: classOf(1) },
          { student: 0, ClassID: classOf(0) },
        ],
      }),
    );
    expect([twice.status, twice.body.code, twice.body.message]).toEqual([422, 'DUPLICATE_CLASS', 'This class is chosen twice for the same swimmer']);
    const twiceQuoted = await b.post<{ code: string }>('/api/ocr/quote', {
      profile: 1,
      classes: [
        { student: 0, ClassID: classOf(0) },
        { student: 0, ClassID: classOf(0), casual: true },
      ],
    });
    expect([twiceQuoted.status, twiceQuoted.body.code]).toEqual([422, 'DUPLICATE_CLASS']);
    const elsewhere = await proved();
    const theirs = await submit(b, form(token, { cardToken: await tokenise(elsewhere.b, elsewhere.token) }));
    expect([theirs.status, theirs.body.code]).toEqual([422, 'CARD_TOKEN_INVALID']);
    const noCard = await submit(b, form(token));
    expect([noCard.status, noCard.body.message]).toEqual([422, 'Please enter your card details']);
    const badBank = await submit(b, form(token, { direct_debit_payment: true, bank: { AccountName: 'P Raman', BankCode: '12', AccountNumber: '1' } }));
    expect(badBank.status).toBe(400);
    expect(badBank.body.errors).toEqual([
      { field: 'bank.BankCode', message: 'BSB must be 6 digits' },
      { field: 'bank.AccountNumber', message: 'Account number must be 5 to 9 digits' },
    ]);
    expect(await family(email)).toEqual(nothing);
    // After all that, the registration still goes through.
    expect((await submit(b, form(token, { cardToken: card }))).status).toBe(200);
  });

  it('decision 134: a class the profile does not offer is refused on its choice with CLASS_NOT_OFFERED, and nothing is written or charged, a waitlist place as well', async () => {
    // The test's own class, offered by the holiday registration (profile 2) only.
    const holiday = classOf(3);
    const offers = () => db().selectFrom('class_profiles').select(['company_id', 'class_id', 'profile_id']).where('company_id', '=', splash).where('class_id', '=', holiday).execute();
    const before = await offers();
    await db().deleteFrom('class_profiles').where('company_id', '=', splash).where('class_id', '=', holiday).execute();
    await db().insertInto('class_profiles').values({ company_id: splash, class_id: holiday, profile_id: 2 }).execute();
    try {
      const { b, email, token } = await proved();
      const card = await tokenise(b, token);
      const charges = await countCharges(t, splash);
      const refusal = { status: 422, code: 'CLASS_NOT_OFFERED', errors: [{ field: 'classes.1', message: 'This class is not offered in this registration' }] };
      const said = (a: { status: number; body: Answer }) => ({ status: a.status, code: a.body.code, errors: a.body.errors });
      const classes = [
        { student: 0, ClassID: classOf(0) },
        { student: 1, ClassID: holiday },
      ];
      expect(said(await submit(b, form(token, { cardToken: card, classes })))).toEqual(refusal);
      const waiting = [classes[0], { ...classes[1], waitlist: true }];
      expect(said(await submit(b, form(token, { cardToken: card, classes: waiting })))).toEqual(refusal);
      expect(await family(email)).toEqual(nothing);
      expect(await countCharges(t, splash)).toBe(charges);
      expect(await registration(token)).toMatchObject({ submitted_at: null, client_id: null });
      // The same family, with a class of its profile instead, registers.
      expect((await submit(b, form(token, { cardToken: card }))).status).toBe(200);
    } finally {
      await db().deleteFrom('class_profiles').where('company_id', '=', splash).where('class_id', '=', holiday).execute();
      if (before.length) await db().insertInto('class_profiles').values(before).execute();
    }
  });

  it('direct debit only (ACE): the family gives bank details, is enrolled with its invoice Debit Scheduled, and nothing is charged; a card is refused', async () => {
    const ace = await companyIdOf(t, 'ACE');
    const [aceClass] = (await classesWithSessionsAhead(t, ace, { order: 'asc' })) as [number];
    await db().updateTable('classes').set({ capacity: 50, price_cents: 4_500 }).where('company_id', '=', ace).where('id', '=', aceClass).execute();
    const { b, email, token } = await proved('ACE', 1);
    const quote = await b.post<{ paymentOptions: string[]; bankFormat: string }>('/api/ocr/quote', { profile: 1, classes: [{ student: 0, ClassID: aceClass }], direct_debit_payment: true });
    expect([quote.body.paymentOptions, quote.body.bankFormat]).toEqual([['direct_debit'], 'US']);
    const body = await aceRegistration(b, token, aceClass, { parent: 'Marcus', family: 'Bell', phone: '2015550123', child: 'Leo', dob: '2015-06-01' });
    const byCard = await submit(b, { ...body, cardToken: await tokenise(b, token) });
    expect([byCard.status, byCard.body.message]).toEqual([422, 'This payment option is not available']);
    const charges = await countCharges(t, ace);
    const res = await submit(b, { ...body, direct_debit_payment: true, bank: { AccountName: 'Marcus Bell', BankCode: '021000021', AccountNumber: '123456789' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payment).toMatchObject({ status: 'completed', processor: 'direct_debit', receiptNo: null });
    expect(await countCharges(t, ace)).toBe(charges);
    const invoice = await db().selectFrom('invoices').select('status').where('company_id', '=', ace).where('invoice_no', '=', res.body.payment!.invoiceNos[0]!).executeTakeFirstOrThrow();
    expect(invoice.status).toBe('Debit Scheduled');
    expect(await family(email)).toMatchObject({ logins: 1, students: 1, enrolments: [{ class_id: aceClass, status: 'active' }], invoices: 1 });
    expect(await bankOnFile(ace, res.body.user!.ClientID)).toEqual({ kind: 'bank', account_number_masked: '••••••789' });
  });

  it('direct debit only (ACE), a class at nothing now (billed monthly): the bank details are taken and kept, nothing is charged', async () => {
    const ace = await companyIdOf(t, 'ACE');
    const [aceClass] = (await classesWithSessionsAhead(t, ace, { order: 'asc' })) as [number];
    await db().updateTable('classes').set({ capacity: 50, price_cents: 0 }).where('company_id', '=', ace).where('id', '=', aceClass).execute();
    const { b, email, token } = await proved('ACE', 1);
    const quote = await b.post<{ totals: { paymentAmountCents: number } }>('/api/ocr/quote', { profile: 1, classes: [{ student: 0, ClassID: aceClass }], direct_debit_payment: true });
    expect(quote.body.totals.paymentAmountCents).toBe(0);
    const body = await aceRegistration(b, token, aceClass, { parent: 'Nina', family: 'Park', phone: '2015550199', child: 'Jay', dob: '2016-02-01' });
    // Without the account, as the checkout sent it before: refused, with the field named.
    const without = await submit(b, { ...body, direct_debit_payment: true });
    expect([without.status, without.body.errors?.[0]?.field]).toEqual([400, 'bank']);
    const charges = await countCharges(t, ace);
    const res = await submit(b, { ...body, direct_debit_payment: true, bank: { AccountName: 'Nina Park', BankCode: '021000021', AccountNumber: '987654321' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await countCharges(t, ace)).toBe(charges);
    expect(await family(email)).toMatchObject({ students: 1, enrolments: [{ class_id: aceClass, status: 'active' }] });
    expect(await bankOnFile(ace, res.body.user!.ClientID)).toEqual({ kind: 'bank', account_number_masked: '••••••321' });
  });

  it('a process killed after the charge: the minute job completes the order and the registration, and welcomes the family once', async () => {
    const { b, email, token } = await proved();
    const body = form(token, { cardToken: await tokenise(b, token) });
    setPaymentFaults(t.runtime.ctx, {
      afterCharge: () => {
        throw new Error('process killed');
      },
    });
    const k = key();
    const killed = await submit(b, body, k);
    setPaymentFaults(t.runtime.ctx, undefined);
    expect(killed.status).toBe(500);
    expect((await registration(token)).completed_at).toBeNull();
    // Long after: the payment's lease and the registration's time have run out.
    await runMinuteJobs(t.runtime.ctx, new Date(Date.now() + 60 * 60_000));
    expect((await registration(token)).completed_at).not.toBeNull();
    expect(await family(email)).toMatchObject({ logins: 1, students: 2, invoices: 1, payments: 1 });
    await t.lastMailTo(email);
    const welcomes = t.mailbox.received.filter((m) => m.to === email && m.subject === 'Welcome to Splash Swim School');
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]!.text).toContain('Forgot password');
    // The browser, back with the same submission, is answered and signed in.
    const back = await submit(b, body, k);
    expect([back.status, back.body.payment?.status, back.body.user?.FirstName]).toEqual([200, 'completed', 'Priya']);
  });

  it('a registration abandoned at the challenge step: the minute job lets the places go and removes the family', async () => {
    const { b, email, token } = await proved();
    const first = await submit(b, form(token, { cardToken: await tokenise(b, token, TEST_CARDS.challenge) }));
    expect(first.body.payment?.status).toBe('requires_action');
    const held = await family(email);
    expect(held.enrolments.map((e) => e.status)).toEqual(['held', 'held']);
    await runMinuteJobs(t.runtime.ctx, new Date(Date.now() + 60 * 60_000));
    expect(await family(email)).toEqual(nothing);
    expect(await registration(token)).toMatchObject({ submitted_at: null, client_id: null });
    // The registration is open again: the family registers with another card.
    expect((await submit(b, form(token, { cardToken: await tokenise(b, token) }))).status).toBe(200);
  });

  it('a profile without a class step prices no classes', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const quote = await b.post('/api/ocr/quote', { profile: 3, classes: [{ student: 0, ClassID: classOf(0) }] });
    expect([quote.status, quote.body.code]).toEqual([422, 'NO_CLASSES_TAKEN']);
  });
});
