import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartHoldsAnswer, PaymentAnswer } from '@portal/shared/payment-schemas';
import type { RegistrationQuoteAnswer } from '@portal/shared/registration-schemas';
import type { WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';
import { Browser, changeCompanySettings, mailedCode, solvedCaptcha, startTestApp, testEngines, testSignature, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, countCharges, emptyClass, familyWithChild, TEST_CARDS } from '../../test/payment-fixtures.ts';
import { runMinuteJobs } from '../../jobs/scheduler.ts';
import { findCompanyByCode } from '../../modules/company/company.service.ts';

const fresh = () => `hold.${crypto.randomBytes(4).toString('hex')}@example.com`;
const key = () => crypto.randomBytes(12).toString('hex');

type Quote = RegistrationQuoteAnswer & { code?: string; message?: string };
type Submitted = { payment: PaymentAnswer | null; code?: string; message?: string; errors?: { field: string; message: string }[] };

/** Issue 22 §2, decision 109: a new family's registration holds its places from the checkout step. */
describe.each(testEngines())("a new family's places held while it pays, on %s", (engine) => {
  let t: TestApp;
  let splash: number;
  let signature: string;
  let classIds: number[];
  const db = () => t.runtime.ctx.db;

  beforeAll(async () => {
    t = await startTestApp(engine);
    splash = await companyIdOf(t, 'SPLASH');
    signature = await testSignature();
    // Each test empties a class of its own (this file's database is its own).
    classIds = await classesWithSessionsAhead(t, splash, { limit: 12, order: 'asc' });
    expect(classIds).toHaveLength(12);
  });
  afterAll(() => t.close());

  /** A class of this file's own with `places` places, nobody in it and nobody waiting. */
  const withPlaces = (index: number, places: number) => emptyClass(t, splash, classIds[index]!, { capacity: places, price_cents: 2_000 });

  /** A visitor who proved a fresh address under profile 1: at the checkout step. */
  const visitor = async (profile = 1) => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const email = fresh();
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    expect((await b.post('/api/ocr/verify-code', { token: sent.body.token, code: await mailedCode(t, email), profile })).status).toBe(200);
    return { b, email, token: sent.body.token };
  };
  const classes = (...ids: number[]) => ids.map((ClassID, student) => ({ student, ClassID }));
  const quote = (v: { b: Browser; token?: string }, chosen: { student: number; ClassID: number; casual?: boolean; dates?: string[]; waitlist?: boolean }[], profile = 1) =>
    v.b.post<Quote>('/api/ocr/quote', { profile, classes: chosen }, v.token ? { 'x-registration-token': v.token } : {});
  const students = ['Anika', 'Dev', 'Ravi'].map((FirstName, i) => ({ FirstName, LastName: 'Raman', DOB: `201${i + 5}-03-04`, GenderType: 'Female' }));
  const cardFor = async (v: { b: Browser; token: string }, number: string = TEST_CARDS.ok) =>
    (await v.b.post<{ id: string }>('/sim-gateway/v1/registration-tokens', { registration_token: v.token, number, exp_month: 12, exp_year: 2099, cvc: '123' })).body.id;
  const submit = async (v: { b: Browser; token: string }, chosen: { student: number; ClassID: number }[], k = key(), card?: string) =>
    v.b.post<Submitted>(
      '/api/ocr/register',
      {
        registration_token: v.token,
        profile: 1,
        customer: { FirstName: 'Priya', LastName: 'Raman', PhoneMobile: '0412000222' },
        students: students.slice(0, chosen.length),
        agreements: [
          { agreementID: 1, agreed: true, signature: null },
          { agreementID: 2, agreed: true, signature },
        ],
        marketing_opt_in: null,
        classes: chosen,
        cardToken: card ?? (await cardFor(v)),
      },
      { 'idempotency-key': k },
    );
  const placesOf = (classId: number) =>
    db().selectFrom('enrolments').select(['status', 'student_id', 'registration_id']).where('company_id', '=', splash).where('class_id', '=', classId).orderBy('id').execute();

  it('the checkout step holds the places for CheckoutHoldMinutes; every other family is refused them; asking again keeps the time; paying buys them', async () => {
    const classId = await withPlaces(0, 1);
    const a = await visitor();
    const before = Date.now();
    const held = await quote(a, classes(classId));
    expect(held.status).toBe(200);
    expect(held.body.holds).toEqual([{ ClassID: classId, heldUntil: expect.any(String) }]);
    const minutes = (await findCompanyByCode(t.runtime.ctx, 'SPLASH'))!.settings.fin_setup.CheckoutHoldMinutes;
    const until = Date.parse(held.body.holds![0]!.heldUntil);
    expect(until).toBeGreaterThanOrEqual(before + minutes * 60_000 - 1_000);
    expect(until).toBeLessThanOrEqual(Date.now() + minutes * 60_000);
    expect(await placesOf(classId)).toEqual([{ status: 'held', student_id: null, registration_id: expect.any(Number) }]);

    // Another new family (at its checkout step or before it), and a family of the hub's, are refused the place.
    const b = await visitor();
    const refused = await quote(b, classes(classId));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CLASS_FULL');
    expect((await quote({ b: b.b }, classes(classId))).status).toBe(409);
    const hub = await familyWithChild(t);
    const cart = await hub.browser.call<CartHoldsAnswer>('PUT', '/api/payment/cart-holds', { classItems: [{ ClassID: classId, StudentID: hub.studentId }], bookingItems: [] });
    expect(cart.body.refused.map((r) => r.code)).toEqual(['CLASS_FULL']);
    // The class search's count (the places taken for the term) has it.
    expect(Number((await db().selectFrom('classes').select('enrolled_count').where('id', '=', classId).executeTakeFirstOrThrow()).enrolled_count)).toBe(1);

    // Asking again keeps the hold's time, and one place, not two.
    expect((await quote(a, classes(classId))).body.holds).toEqual(held.body.holds);
    expect(await placesOf(classId)).toHaveLength(1);

    // Paying buys the place held: the child's, active; the registration holds nothing more.
    const charges = await countCharges(t, splash);
    const paid = await submit(a, classes(classId));
    expect(paid.status).toBe(200);
    expect(paid.body.payment?.status).toBe('completed');
    expect(await countCharges(t, splash)).toBe(charges + 1);
    expect(await placesOf(classId)).toEqual([{ status: 'active', student_id: expect.any(Number), registration_id: null }]);
  });

  it('two children in a class with one place left are refused whole and nothing is held; with two places both are held', async () => {
    const classId = await withPlaces(1, 1);
    const a = await visitor();
    const two = [
      { student: 0, ClassID: classId },
      { student: 1, ClassID: classId },
    ];
    const refused = await quote(a, two);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CLASS_FULL');
    expect(await placesOf(classId)).toEqual([]);
    await db().updateTable('classes').set({ capacity: 2 }).where('id', '=', classId).execute();
    const held = await quote(a, two);
    expect(held.body.holds?.map((h) => h.ClassID)).toEqual([classId, classId]);
    // Choosing one class fewer gives the other place back at once.
    const other = await withPlaces(2, 5);
    expect((await quote(a, classes(other))).body.holds?.map((h) => h.ClassID)).toEqual([other]);
    expect(await placesOf(classId)).toEqual([]);
    expect(await placesOf(other)).toHaveLength(1);
  });

  it('a lapsed hold is given back by the minute job; another family takes the place; the first is refused at payment and charged nothing', async () => {
    const classId = await withPlaces(3, 1);
    const a = await visitor();
    const held = await quote(a, classes(classId));
    await runMinuteJobs(t.runtime.ctx, new Date(Date.parse(held.body.holds![0]!.heldUntil) + 1_000));
    expect(await placesOf(classId)).toEqual([]);
    const b = await visitor();
    expect((await quote(b, classes(classId))).body.holds).toHaveLength(1);
    const charges = await countCharges(t, splash);
    const late = await submit(a, classes(classId));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('CLASS_FULL');
    expect(await countCharges(t, splash)).toBe(charges);
    // The family that holds it pays for it.
    expect((await submit(b, classes(classId))).body.payment?.status).toBe('completed');
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(['active']);
  });

  it('a class that fills between the quote and Pay is refused on the family’s own choice (classes.<i>, a waitlist choice before it), and nothing of the family is left', async () => {
    const [full, open, filling] = [await withPlaces(8, 0), await withPlaces(9, 3), await withPlaces(2, 1)];
    const a = await visitor();
    const chosen = [
      { student: 0, ClassID: full, waitlist: true },
      { student: 1, ClassID: open },
      { student: 2, ClassID: filling },
    ];
    const held = await quote(a, chosen);
    expect(held.body.holds?.map((h) => h.ClassID)).toEqual([open, filling]);
    // The family lingers at Pay: its holds lapse, and another family takes the last place of its second class.
    await db()
      .updateTable('enrolments')
      .set({ hold_until: new Date(Date.now() - 60_000).toISOString() })
      .where('company_id', '=', splash)
      .where('class_id', 'in', [open, filling])
      .where('status', '=', 'held')
      .execute();
    const b = await visitor();
    expect((await quote(b, classes(filling))).body.holds).toHaveLength(1);
    expect((await submit(b, classes(filling))).body.payment?.status).toBe('completed');

    const charges = await countCharges(t, splash);
    const late = await submit(a, chosen);
    const name = (await db().selectFrom('classes').select('name').where('id', '=', filling).executeTakeFirstOrThrow()).name;
    expect([late.status, late.body.code, late.body.errors], JSON.stringify(late.body)).toEqual([409, 'CLASS_FULL', [{ field: 'classes.2', message: expect.stringContaining(name) }]]);
    expect(await countCharges(t, splash)).toBe(charges);
    // Nothing of the family: no sign-in, client, student, enrolment or waitlist place (its lapsed holds are the
    // registration's, for the minute job); the other family keeps its place.
    const clients = await db().selectFrom('clients').select('id').where('company_id', '=', splash).where('email', '=', a.email).execute();
    expect(clients).toEqual([]);
    expect(await db().selectFrom('logins').select('id').where('email', '=', a.email).execute()).toEqual([]);
    expect((await placesOf(open)).filter((p) => p.status !== 'held')).toEqual([]);
    expect((await placesOf(filling)).filter((p) => p.status !== 'held')).toEqual([{ status: 'active', student_id: expect.any(Number), registration_id: null }]);
    expect(await db().selectFrom('waitlist_entries').select('id').where('company_id', '=', splash).where('class_id', '=', full).execute()).toEqual([]);
  });

  it('a declined card removes the family but not its places: they go back to the registration, held no shorter than before, and the next card buys them', async () => {
    const classId = await withPlaces(6, 1);
    const a = await visitor();
    const held = await quote(a, classes(classId));
    const declined = await submit(a, classes(classId), key(), await cardFor(a, TEST_CARDS.declined));
    expect([declined.status, declined.body.message]).toEqual([402, 'Your card was declined. You have not been charged.']);
    expect(await placesOf(classId)).toEqual([{ status: 'held', student_id: null, registration_id: expect.any(Number) }]);
    const b = await visitor();
    expect((await quote(b, classes(classId))).status).toBe(409);
    // Asked again at the checkout step: the same hold, as long as the checkout held it (never shorter).
    const again = (await quote(a, classes(classId))).body.holds!;
    expect(again).toHaveLength(1);
    expect(Date.parse(again[0]!.heldUntil)).toBeGreaterThanOrEqual(Date.parse(held.body.holds![0]!.heldUntil));
    expect(await placesOf(classId)).toHaveLength(1);
    expect((await submit(a, classes(classId))).body.payment?.status).toBe('completed');
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(['active']);
  });

  it('a registration submitted holds nothing more; a quote of waitlist places only gives back what it held', async () => {
    const classId = await withPlaces(7, 2);
    const a = await visitor();
    await quote(a, classes(classId));
    expect((await submit(a, classes(classId))).body.payment?.status).toBe('completed');
    // Asked again after its submission (a page left open): priced, nothing held.
    const after = await quote(a, classes(classId));
    expect(after.status).toBe(200);
    expect(after.body.holds).toBeUndefined();
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(['active']);

    const b = await visitor();
    expect((await quote(b, classes(classId))).body.holds).toHaveLength(1);
    const waitOnly = await quote(b, [{ student: 0, ClassID: classId, waitlist: true }]);
    expect(waitOnly.body.holds).toEqual([]);
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(['active']);
  });

  it('with a captcha, places are held once it is passed; the term for one child and a session alone for another, one place left: refused whole', async () => {
    const classId = await withPlaces(0, 1);
    const { date } = await db()
      .selectFrom('class_sessions')
      .select('date')
      .where('class_id', '=', classId)
      .where('status', '=', 'scheduled')
      .where('date', '>', new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10))
      .orderBy('date')
      .limit(1)
      .executeTakeFirstOrThrow();
    const a = await visitor(2);
    const both = [
      { student: 0, ClassID: classId },
      { student: 1, ClassID: classId, casual: true, dates: [date] },
    ];
    // Profile 2 shows a captcha: until it is passed, the quote prices and holds nothing.
    const unproved = await quote(a, both.slice(0, 1), 2);
    expect([unproved.status, unproved.body.holds]).toEqual([200, undefined]);
    expect(await placesOf(classId)).toEqual([]);
    expect((await a.b.post('/api/ocr/verify-captcha', { token: await solvedCaptcha(a.b) }, { 'x-registration-token': a.token })).body).toMatchObject({ verified: true });
    expect((await quote(a, both.slice(0, 1), 2)).body.holds).toHaveLength(1);
    const refused = await quote(a, both, 2);
    expect([refused.status, refused.body.code]).toEqual([409, 'CLASS_FULL']);
    // The refusal changed nothing: the term place held before is held still.
    expect(await placesOf(classId)).toEqual([{ status: 'held', student_id: null, registration_id: expect.any(Number) }]);
  });

  it('each class line of the quote names the child it is for, as the family named them; a waitlist place and an unnamed child shift nothing', async () => {
    const [one, two] = [await withPlaces(8, 3), await withPlaces(9, 3)];
    const v = await visitor();
    const chosen = [
      { student: 0, ClassID: one },
      { student: 1, ClassID: one, waitlist: true },
      { student: 1, ClassID: two },
      { student: 2, ClassID: two },
    ];
    const answer = await v.b.post<Quote>('/api/ocr/quote', { profile: 1, classes: chosen, students: ['Anika Raman', 'Dev Raman', ''] }, { 'x-registration-token': v.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const lines = answer.body.rows.filter((r) => r.type === 'Class').map((r) => r.description);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Anika Raman: /);
    expect(lines[1]).toMatch(/^Dev Raman: /);
    expect(lines[2]).not.toContain(':');
  });

  it('decision 118: a child the family dated outside the class’s ages is refused by name and nothing is held; dated right, the place is held', async () => {
    const classId = await withPlaces(8, 3);
    await db().updateTable('classes').set({ min_age: 3, max_age: 5 }).where('company_id', '=', splash).where('id', '=', classId).execute();
    const { name } = await db().selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirstOrThrow();
    const v = await visitor();
    const ask = (dates_of_birth: unknown) =>
      v.b.post<Quote>('/api/ocr/quote', { profile: 1, classes: classes(classId), students: ['Anika Raman'], dates_of_birth }, { 'x-registration-token': v.token });

    const refused = await ask(['2015-03-04']);
    expect([refused.status, refused.body.code]).toEqual([422, 'OUTSIDE_AGE_RANGE']);
    expect(refused.body.message).toMatch(new RegExp(`^Anika Raman is \\d+; ${name} is for ages 3 to 5\\.$`));
    expect(await placesOf(classId)).toEqual([]);
    // A date of birth that is not one is bad input, and holds nothing either.
    expect((await ask(['04/03/2015'])).status).toBe(400);
    expect(await placesOf(classId)).toEqual([]);

    const held = await ask([`${new Date().getFullYear() - 4}-07-01`]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.holds?.map((h) => h.ClassID)).toEqual([classId]);
  });

  it('decision 118: a waitlist choice for a child dated outside the class’s ages is refused by name at the quote, before any place is held', async () => {
    const [full, open] = [await withPlaces(8, 0), await withPlaces(9, 3)];
    await db().updateTable('classes').set({ min_age: 3, max_age: 5 }).where('company_id', '=', splash).where('id', '=', full).execute();
    const { name } = await db().selectFrom('classes').select('name').where('id', '=', full).executeTakeFirstOrThrow();
    const v = await visitor();
    const ask = (dates_of_birth: unknown) =>
      v.b.post<Quote>(
        '/api/ocr/quote',
        {
          profile: 1,
          classes: [
            { student: 0, ClassID: open },
            { student: 1, ClassID: full, waitlist: true },
          ],
          students: ['Anika Raman', 'Dev Raman'],
          dates_of_birth,
        },
        { 'x-registration-token': v.token },
      );

    const refused = await ask([null, '2015-03-04']);
    expect([refused.status, refused.body.code]).toEqual([422, 'OUTSIDE_AGE_RANGE']);
    expect(refused.body.message).toMatch(new RegExp(`^Dev Raman is \\d+; ${name} is for ages 3 to 5\\.$`));
    expect(await placesOf(open)).toEqual([]);

    const held = await ask([null, `${new Date().getFullYear() - 4}-07-01`]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.holds?.map((h) => h.ClassID)).toEqual([open]);
  });

  it('ten registrations asking for the last place at once: one holds it, nine are told it is full', async () => {
    const classId = await withPlaces(4, 1);
    const visitors = await Promise.all(Array.from({ length: 10 }, () => visitor()));
    const answers = await Promise.all(visitors.map((v) => quote(v, classes(classId))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'CLASS_FULL')).toHaveLength(9);
    expect(await placesOf(classId)).toHaveLength(1);
  });

  it('in a waiting room, the turn lasts as long as the places the checkout step holds: a family paying never loses them to the turn', async () => {
    const classId = await withPlaces(6, 1);
    type Profile = { OCRProfileID: number; OpensAt?: string; WaitingRoom?: unknown };
    const room = (on: boolean) =>
      changeCompanySettings<{ profiles: Profile[] }>(t, splash, (s) => {
        const profile = s.profiles.find((p) => p.OCRProfileID === 1)!;
        if (on) Object.assign(profile, { OpensAt: new Date(Date.now() - 60_000).toISOString(), WaitingRoom: { WindowMinutes: 15, FamiliesAtOnce: 5, TurnMinutes: 5, FamiliesPerMinute: 300 } });
        else {
          delete profile.OpensAt;
          delete profile.WaitingRoom;
        }
      });
    await room(true);
    try {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const place = async () => (await b.get<WaitingRoomAnswer>('/api/ocr/waiting-room/1')).body.place!;
      await b.post('/api/ocr/waiting-room/1');
      const admitted = await place();
      expect(admitted.state).toBe('admitted');
      const email = fresh();
      const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
      expect((await b.post('/api/ocr/verify-code', { token: sent.body.token, code: await mailedCode(t, email), profile: 1 })).status).toBe(200);
      const held = await quote({ b, token: sent.body.token }, classes(classId));
      const heldUntil = held.body.holds![0]!.heldUntil;
      // The turn (5 minutes) would end before the hold (the company's CheckoutHoldMinutes): it now ends with it.
      expect(Date.parse(admitted.turnEndsAt!)).toBeLessThan(Date.parse(heldUntil));
      const during = await place();
      expect([during.state, during.turnEndsAt]).toEqual(['admitted', heldUntil]);
      // Asked again, the hold keeps its time, and so does the turn.
      await quote({ b, token: sent.body.token }, classes(classId));
      expect((await place()).turnEndsAt).toBe(heldUntil);
    } finally {
      await room(false);
    }
  });

  it('a submission whose answer was lost, sent again, buys its held place once', async () => {
    const classId = await withPlaces(5, 1);
    const a = await visitor();
    await quote(a, classes(classId));
    const k = key();
    const charges = await countCharges(t, splash);
    const card = await cardFor(a);
    const [one, two] = await Promise.all([submit(a, classes(classId), k, card), submit(a, classes(classId), k, card)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.payment?.status).toBe('completed');
    expect(two.body.payment?.receiptNo).toBe(one.body.payment?.receiptNo);
    expect(await countCharges(t, splash)).toBe(charges + 1);
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(['active']);
  });

  it('decision 136: a submission for a class it no longer holds (another tab chose again) is refused before anything is written, and the place it does hold stays held', async () => {
    const [first, second] = [await withPlaces(10, 1), await withPlaces(11, 1)];
    const v = await visitor();
    expect((await quote(v, classes(first))).status).toBe(200);
    // A second tab of the registration chooses the other class: that place is held now, the first given back.
    expect((await quote(v, classes(second))).body.holds).toEqual([{ ClassID: second, heldUntil: expect.any(String) }]);
    const other = await visitor();
    expect((await quote(other, classes(first))).status).toBe(200);
    // The first tab, still showing the first class, pays for it.
    const charges = await countCharges(t, splash);
    const refused = await submit(v, classes(first));
    expect([refused.status, refused.body.code]).toEqual([409, 'CLASS_FULL']);
    expect(await db().selectFrom('logins').select('id').where('email', '=', v.email).execute()).toEqual([]);
    expect(await countCharges(t, splash)).toBe(charges);
    const [held] = await placesOf(second);
    expect(held).toMatchObject({ status: 'held', student_id: null, registration_id: expect.any(Number) });
  });
});
