import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, mailedCode, registerCustomer, startTestApp, testEngines, testSignature, type TestApp } from './test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, newStudent, TEST_CARDS, tokenise } from './test/payment-fixtures.ts';

/**
 * Issue 22, section 1: the queries a registration submission and a cart checkout send, counted
 * by the test harness and held to the counts they have now, so they can only fall. The issue's
 * targets (a submission at 25, a checkout at 15) are not met yet: lower a budget here when a
 * change brings its count down.
 */
const BUDGET = {
  // Decision 098's activity log writes what a family changed: a checkout +1 (what it bought and
  // the payment, in one insert), a registration +7 (its students, agreements, sign-in and purchase).
  // The company's form configuration and lists read once per request (context.ts `once`): −10;
  // the answers to its own questions written in one delete and one insert: −3. Decision 100: the
  // payment's notification queues its push to the family's devices in one statement: +1 each. An
  // invoice's and a receipt's number taken in one statement once the counter exists: −2 each.
  // Decision 106: a cart's classes checked and written in a fixed number of statements, the new
  // family written in one statement per table, one read of the company's agreements and lists per
  // request, checks that ride on the statements they guard (a number's collision, an invoice's
  // allocation, a notification's opt-out), the sign-in's answer without reading back what it
  // wrote: registration −55 (SQLite) / −52, checkout −15 / −12 (PostgreSQL checks a document
  // number in a statement of its own, after the counter's lock). Decision 109: the places a new
  // family's checkout step held are handed to its children (the holds read, then given in one
  // statement): registration +2. A term place gives back the make-ups booked into its class from
  // its start (one statement for all of a checkout's places): +1 each. The holds a checkout takes
  // over renewed in one statement, not one each: registration −1 (two places). Decision 134: the
  // registration profiles of the classes chosen, read once: registration +1. Decision 136: a
  // submission paying by card whose registration holds its places (one read) leaves places and
  // prices to the checkout (−4 + 1), which writes its payment row whole once it has priced the
  // cart (−1 each), takes the card as attaching it answered it (−1) and looks for no earlier
  // payment of a client the request made (−1). The places a class's term has taken and the
  // waitlist offers it holds counted in one statement: −1 each. The places a registration holds,
  // read once before its transaction and handed to its children from that read: registration −1.
  // The order's new invoice written less what its receipts pay of it, not moved again by them: −1 each.
  // An e-mail's delivery takes the message in the statement that claims it, not read again:
  // registration −1 on PostgreSQL (where the receipt's delivery runs within the counted call).
  // The new family's sign-in answers its name as the submission wrote it, not read back: registration −1.
  // Its children's places, confirmed, look for no waitlist place or make-up of theirs to end (the
  // children are the submission's own): registration −2. Its sign-in queues what is outstanding
  // beside the one action it was opened with, not read back: registration −1. The agreements it
  // still has to accept are the required ones it did not accept as it was opened: registration −1.
  // A place confirmed answers whether its child waits for the class or has a make-up booked in it,
  // so the checkout ends those only when there is one: checkout −2.
  sqlite: { registration: 47, checkout: 28 },
  postgres: { registration: 52, checkout: 31 },
};
/**
 * A submission refused for a full class it holds no place in (sent without the checkout step's
 * quote) is refused before anything is written (decision 136): its reads, never the family
 * written and removed again.
 */
const REFUSED_BUDGET = 7;

describe.each(testEngines())('query budget on %s', (engine) => {
  let t: TestApp;
  let splash: number;
  let classIds: number[];
  beforeAll(async () => {
    t = await startTestApp(engine);
    splash = await companyIdOf(t, 'SPLASH');
    classIds = await classesWithSessionsAhead(t, splash, { limit: 5 });
    await t.runtime.ctx.db.updateTable('classes').set({ capacity: 50, price_cents: 2_000, min_age: null, max_age: null }).where('company_id', '=', splash).where('id', 'in', classIds).execute();
    // The fifth is full.
    await t.runtime.ctx.db.updateTable('classes').set({ capacity: 0 }).where('company_id', '=', splash).where('id', '=', classIds[4]!).execute();
    // The company's first invoice and receipt create its number counters: counted calls come after, in any order.
    expect((await checkout(await familyWithChild(), classIds[3]!)).status).toBe(200);
  });
  afterAll(() => t.close());

  /** A family of its own with a child and a card, ready to check out a class. */
  const familyWithChild = async () => {
    const family = await registerCustomer(t, { email: `budget.${crypto.randomBytes(4).toString('hex')}@example.com` });
    const student = { id: await newStudent(t, splash, family.clientId) };
    const cardToken = await tokenise(family.browser);
    return { family, student, cardToken };
  };
  const checkout = (f: Awaited<ReturnType<typeof familyWithChild>>, classId: number) =>
    f.family.browser.post<{ status: string }>(
      '/api/payment/checkout',
      { classItems: [{ ClassID: classId, StudentID: f.student.id, dates: [] }], cardToken: f.cardToken },
      { 'idempotency-key': crypto.randomBytes(12).toString('hex') },
    );

  /** The queries one call sends, and its answer. */
  const counted = async <T>(call: () => Promise<T>) => {
    const before = t.queryCount();
    const answer = await call();
    return { answer, queries: t.queryCount() - before };
  };

  /** A visitor who proved an address and tokenised a card, and the submission of two children into two classes. */
  const proved = async (classes: [number, number]) => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const email = `budget.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    expect((await b.post('/api/ocr/verify-code', { token: sent.body.token, code: await mailedCode(t, email), profile: 1 })).status).toBe(200);
    const card = await b.post<{ id: string }>('/sim-gateway/v1/registration-tokens', { registration_token: sent.body.token, number: TEST_CARDS.ok, exp_month: 12, exp_year: 2099, cvc: '123' });
    const body = {
      registration_token: sent.body.token,
      profile: 1,
      customer: { FirstName: 'Priya', LastName: 'Raman', PhoneMobile: '0412000222' },
      students: [
        { FirstName: 'Anika', LastName: 'Raman', DOB: '2017-03-04', GenderType: 'Female' },
        { FirstName: 'Dev', LastName: 'Raman', DOB: '2019-11-20', GenderType: 'Male' },
      ],
      agreements: [
        { agreementID: 1, agreed: true, signature: null },
        { agreementID: 2, agreed: true, signature: await testSignature() },
      ],
      marketing_opt_in: null,
      classes: [
        { student: 0, ClassID: classes[0] },
        { student: 1, ClassID: classes[1] },
      ],
      cardToken: card.body.id,
    };
    return { b, sent, body, email };
  };
  const submit = (b: Browser, body: object) => b.post<{ code?: string }>('/api/ocr/register', body, { 'idempotency-key': crypto.randomBytes(12).toString('hex') });

  it('a registration of two children into two classes, paid by card', async () => {
    const { b, sent, body } = await proved([classIds[0]!, classIds[1]!]);
    // The checkout step's quote holds the two places (decision 109); the submission hands them to the children.
    const quote = await b.post('/api/ocr/quote', { profile: 1, classes: body.classes }, { 'x-registration-token': sent.body.token });
    expect(quote.body).toMatchObject({ holds: [{ ClassID: classIds[0] }, { ClassID: classIds[1] }] });
    const { answer, queries } = await counted(() => submit(b, body));
    expect(answer.status).toBe(200);
    console.log(`${engine}: a registration submission sent ${queries} queries (budget ${BUDGET[engine].registration}, target 25)`);
    expect(queries).toBeLessThanOrEqual(BUDGET[engine].registration);
  });

  it('a registration refused for a full class it holds no place in', async () => {
    const { b, body, email } = await proved([classIds[0]!, classIds[4]!]);
    const { answer, queries } = await counted(() => submit(b, body));
    expect([answer.status, answer.body.code]).toEqual([409, 'CLASS_FULL']);
    expect(await t.runtime.ctx.db.selectFrom('logins').select('id').where('email', '=', email).execute()).toEqual([]);
    console.log(`${engine}: a refused registration sent ${queries} queries (budget ${REFUSED_BUDGET})`);
    expect(queries).toBeLessThanOrEqual(REFUSED_BUDGET);
  });

  it('a cart checkout of one class for one child, paid by card', async () => {
    const f = await familyWithChild();
    const { answer, queries } = await counted(() => checkout(f, classIds[2]!));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    console.log(`${engine}: a cart checkout sent ${queries} queries (budget ${BUDGET[engine].checkout}, target 15)`);
    expect(queries).toBeLessThanOrEqual(BUDGET[engine].checkout);
  });
});
