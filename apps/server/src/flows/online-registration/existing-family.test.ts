import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { classMessages } from '@portal/shared/class-schemas';
import { changeCompanySettings, registerCustomer, startTestApp, testEngines, testSignature, type Browser, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, countCharges, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';
import { nowIso } from '../../lib/time.ts';

const key = () => crypto.randomBytes(12).toString('hex');

type Answer = { success: true; payment: PaymentAnswer | null; code?: string; message?: string; errors?: { field: string; message: string }[] };

/**
 * F16, R49, N12, N15 (decision 060): a family that already has an account registers its own
 * students in classes through a registration link, paid through the checkout as a new family is.
 */
describe.each(testEngines())('an existing family registers for classes through a registration link on %s', (engine) => {
  let t: TestApp;
  let signature: string;
  let splash: number;
  let classIds: number[];

  beforeAll(async () => {
    t = await startTestApp(engine);
    signature = await testSignature();
    splash = await companyIdOf(t, 'SPLASH');
    classIds = await classesWithSessionsAhead(t, splash, { limit: 9 });
    await db().updateTable('classes').set({ capacity: 50, price_cents: 2_000, min_age: null, max_age: null }).where('company_id', '=', splash).where('id', 'in', classIds).execute();
  });
  afterAll(() => t.close());

  const db = () => t.runtime.ctx.db;
  const classOf = (i: number) => classIds[i]!;

  /** A family of the test's own at SPLASH, signed in, with `kids` students. */
  const family = async (kids = 2) => {
    const who = await registerCustomer(t, { email: `ocr.${crypto.randomBytes(4).toString('hex')}@example.com` });
    const students: number[] = [];
    for (let i = 0; i < kids; i += 1) {
      const row = await db()
        .insertInto('students')
        .values({
          company_id: splash,
          client_id: who.clientId,
          first_name: `Kid${i}`,
          last_name: 'Existing',
          dob: '2017-05-06',
          gender: 'Female',
          standard: '',
          profile_picture: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      students.push(row.id);
    }
    return { ...who, students };
  };
  const agreements = () => [
    { agreementID: 1, agreed: true, signature: null },
    { agreementID: 2, agreed: true, signature },
  ];
  const submit = (b: Browser, body: unknown, k = key()) => b.post<Answer>('/api/classes/ocr-class', body, { 'idempotency-key': k });

  /** What is written for the family's students: enrolments, waitlist places, payments, invoices, signatures. */
  const written = async (clientId: number) => {
    const students = (await db().selectFrom('students').select('id').where('client_id', '=', clientId).execute()).map((s) => s.id);
    const count = async (table: 'payments' | 'invoices' | 'agreement_signatures') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', clientId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      enrolments: (await db().selectFrom('enrolments').select(['class_id', 'student_id', 'status']).where('student_id', 'in', students).orderBy('class_id').execute()).map(
        (e) => `${e.student_id}:${e.class_id}:${e.status}`,
      ),
      waitlist: (await db().selectFrom('waitlist_entries').select('class_id').where('student_id', 'in', students).execute()).length,
      payments: await count('payments'),
      invoices: await count('invoices'),
      signatures: await count('agreement_signatures'),
    };
  };

  it('enrols two of its students, pays by card through the checkout, and is charged the amount quoted', async () => {
    const f = await family();
    const classes = [
      { StudentID: f.students[0]!, ClassID: classOf(0) },
      { StudentID: f.students[1]!, ClassID: classOf(1) },
    ];
    const quote = await f.browser.post<{ totals: { paymentAmountCents: number }; paymentOptions: string[] }>('/api/classes/ocr-class-quote', { profile: 1, classes });
    expect(quote.status).toBe(200);
    expect(quote.body.paymentOptions).toContain('credit_card');
    const before = await written(f.clientId);
    const charges = await countCharges(t, splash);
    const res = await submit(f.browser, { profile: 1, classes, agreements: agreements(), cardToken: await tokenise(f.browser, TEST_CARDS.ok) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payment).toMatchObject({ status: 'completed', amountCents: quote.body.totals.paymentAmountCents });
    expect(res.body.payment!.invoiceNos).toHaveLength(1);
    expect(await countCharges(t, splash)).toBe(charges + 1);
    const after = await written(f.clientId);
    expect(after.enrolments).toEqual([`${f.students[0]}:${classOf(0)}:active`, `${f.students[1]}:${classOf(1)}:active`].sort((a, b) => Number(a.split(':')[1]) - Number(b.split(':')[1])));
    expect(after.payments).toBe(before.payments + 1);
  });

  it('pays with the card the family keeps on file, and refuses when none is kept', async () => {
    const f = await family(1);
    const classes = [{ StudentID: f.students[0]!, ClassID: classOf(2) }];
    const none = await submit(f.browser, { profile: 1, classes, agreements: agreements(), useSavedCard: true });
    expect([none.status, (none.body as { code?: string }).code]).toEqual([422, 'NO_SAVED_CARD']);
    expect((await f.browser.post('/api/customer/add-credit-card-details', { token: await tokenise(f.browser, TEST_CARDS.ok) })).status).toBe(200);
    const charges = await countCharges(t, splash);
    const paid = await submit(f.browser, { profile: 1, classes, agreements: agreements(), useSavedCard: true });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.payment).toMatchObject({ status: 'completed', card: 'Visa •••• 4242' });
    expect(await countCharges(t, splash)).toBe(charges + 1);
  });

  it('a profile that opens later refuses its quote and enrolment with the opening time: nothing written, nothing charged', async () => {
    const f = await family();
    const classes = [{ StudentID: f.students[0]!, ClassID: classOf(0) }];
    const opensAt = (at: string | null) =>
      changeCompanySettings<{ profiles: Record<string, unknown>[] }>(t, splash, (s) => {
        for (const p of s.profiles) if (p.OCRProfileID === 1) p.OpensAt = at;
      });
    await opensAt('2099-02-01T09:00:00+11:00');
    try {
      const notOpen = [403, 'REGISTRATION_NOT_OPEN', 'Registration opens on 01/02/2099 at 09:00 AM.'];
      const quote = await f.browser.post<{ code: string; message: string }>('/api/classes/ocr-class-quote', { profile: 1, classes });
      expect([quote.status, quote.body.code, quote.body.message]).toEqual(notOpen);
      const before = await written(f.clientId);
      const charges = await countCharges(t, splash);
      const res = await submit(f.browser, { profile: 1, classes, agreements: agreements(), cardToken: await tokenise(f.browser, TEST_CARDS.ok) });
      expect([res.status, res.body.code, res.body.message]).toEqual(notOpen);
      expect(await written(f.clientId)).toEqual(before);
      expect(await countCharges(t, splash)).toBe(charges);
    } finally {
      await opensAt(null);
    }
  });

  it('N15: with no class chosen it answers 400 with the message, and writes nothing', async () => {
    const f = await family();
    const before = await written(f.clientId);
    const res = await submit(f.browser, { profile: 1, classes: [], agreements: agreements(), cardToken: await tokenise(f.browser, TEST_CARDS.ok) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message: 'Please add at least one class', errors: [{ field: 'classes', message: 'Please add at least one class' }] });
    expect(await written(f.clientId)).toEqual(before);
  });

  it("refuses another customer's student (404) and writes nothing for either family", async () => {
    const mine = await family(1);
    const theirs = await family(1);
    const before = [await written(mine.clientId), await written(theirs.clientId)];
    const res = await submit(mine.browser, { profile: 1, classes: [{ StudentID: theirs.students[0]!, ClassID: classOf(2) }], agreements: agreements(), cardToken: await tokenise(mine.browser) });
    expect(res.status).toBe(404);
    expect([await written(mine.clientId), await written(theirs.clientId)]).toEqual(before);
    const quote = await mine.browser.post('/api/classes/ocr-class-quote', { profile: 1, classes: [{ StudentID: theirs.students[0]!, ClassID: classOf(2) }] });
    expect(quote.status).toBe(404);
  });

  it('refuses a required agreement left unsigned, before anything is written or charged', async () => {
    const f = await family(1);
    const before = await written(f.clientId);
    const charges = await countCharges(t, splash);
    const res = await submit(f.browser, {
      profile: 1,
      classes: [{ StudentID: f.students[0]!, ClassID: classOf(3) }],
      agreements: [{ agreementID: 2, agreed: true, signature: null }],
      cardToken: await tokenise(f.browser),
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('SIGNATURE_REQUIRED');
    expect(await written(f.clientId)).toEqual(before);
    expect(await countCharges(t, splash)).toBe(charges);
  });

  it('a retry under the same Idempotency-Key answers the same payment: enrolled once, charged once, signed once', async () => {
    const f = await family(1);
    const body = { profile: 1, classes: [{ StudentID: f.students[0]!, ClassID: classOf(4) }], agreements: agreements(), cardToken: await tokenise(f.browser) };
    const k = key();
    const charges = await countCharges(t, splash);
    const first = await submit(f.browser, body, k);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const once = await written(f.clientId);
    const [again, concurrent] = await Promise.all([submit(f.browser, body, k), submit(f.browser, body, k)]);
    expect(again.status).toBe(200);
    expect(concurrent.status).toBe(200);
    expect(again.body.payment!.PaymentID).toBe(first.body.payment!.PaymentID);
    expect(concurrent.body.payment!.PaymentID).toBe(first.body.payment!.PaymentID);
    expect(await countCharges(t, splash)).toBe(charges + 1);
    expect(await written(f.clientId)).toEqual(once);
    expect(once.enrolments).toHaveLength(1);
  });

  it('two families at once for the last place: one is enrolled and charged, the other is told the class is full and charged nothing', async () => {
    const classId = classOf(5);
    await db().deleteFrom('enrolments').where('company_id', '=', splash).where('class_id', '=', classId).execute();
    await db().updateTable('classes').set({ capacity: 1, enrolled_count: 0 }).where('company_id', '=', splash).where('id', '=', classId).execute();
    const [a, b] = await Promise.all([family(1), family(1)]);
    const charges = await countCharges(t, splash);
    const answers = await Promise.all(
      [a, b].map(async (f) => submit(f.browser, { profile: 1, classes: [{ StudentID: f.students[0]!, ClassID: classId }], agreements: agreements(), cardToken: await tokenise(f.browser) })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    const { name } = await db().selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirstOrThrow();
    expect(lost.body).toMatchObject({ code: 'CLASS_FULL', message: classMessages.classFull(name) });
    expect(await countCharges(t, splash)).toBe(charges + 1);
    const enrolled = await db().selectFrom('enrolments').select('status').where('company_id', '=', splash).where('class_id', '=', classId).execute();
    expect(enrolled.map((e) => e.status)).toEqual(['active']);
  });

  it('decision 109: the checkout step holds the places; a faster family is refused them; Pay buys the place held', async () => {
    const classId = classOf(6);
    await db().deleteFrom('enrolments').where('company_id', '=', splash).where('class_id', '=', classId).execute();
    await db().updateTable('classes').set({ capacity: 1, enrolled_count: 0 }).where('company_id', '=', splash).where('id', '=', classId).execute();
    const [a, b] = await Promise.all([family(1), family(1)]);
    const mine = { profile: 1, classes: [{ StudentID: a.students[0]!, ClassID: classId }] };
    const held = await a.browser.post<{ holds: { ClassID: number; heldUntil: string }[] }>('/api/classes/ocr-class-quote', mine);
    expect(held.status).toBe(200);
    expect(held.body.holds).toEqual([{ ClassID: classId, heldUntil: expect.any(String) }]);
    // Asked again, the hold keeps its time.
    expect((await a.browser.post<{ holds: unknown[] }>('/api/classes/ocr-class-quote', mine)).body.holds).toEqual(held.body.holds);
    const theirs = { profile: 1, classes: [{ StudentID: b.students[0]!, ClassID: classId }] };
    const refused = await b.browser.post<{ code: string }>('/api/classes/ocr-class-quote', theirs);
    expect([refused.status, refused.body.code]).toEqual([409, 'CLASS_FULL']);
    const charges = await countCharges(t, splash);
    expect((await submit(b.browser, { ...theirs, agreements: agreements(), cardToken: await tokenise(b.browser) })).status).toBe(409);
    const paid = await submit(a.browser, { ...mine, agreements: agreements(), cardToken: await tokenise(a.browser) });
    expect(paid.body.payment?.status).toBe('completed');
    expect(await countCharges(t, splash)).toBe(charges + 1);
    const places = await db().selectFrom('enrolments').select(['status', 'student_id']).where('company_id', '=', splash).where('class_id', '=', classId).execute();
    expect(places).toEqual([{ status: 'active', student_id: a.students[0]! }]);
  });

  it('a full class is joined as a waitlist place with nothing to pay; a payment with it is refused', async () => {
    const classId = classOf(6);
    await db().updateTable('classes').set({ capacity: 0 }).where('company_id', '=', splash).where('id', '=', classId).execute();
    const f = await family(1);
    const choice = { StudentID: f.students[0]!, ClassID: classId, waitlist: true };
    const paid = await submit(f.browser, { profile: 1, classes: [choice], agreements: agreements(), cardToken: await tokenise(f.browser) });
    expect(paid.status).toBe(422);
    expect(paid.body.code).toBe('NOTHING_TO_PAY');
    const res = await submit(f.browser, { profile: 1, classes: [choice], agreements: agreements() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payment).toBeNull();
    // Sent again (its answer lost), the place is not taken twice.
    expect((await submit(f.browser, { profile: 1, classes: [choice], agreements: agreements() })).status).toBe(200);
    expect((await written(f.clientId)).waitlist).toBe(1);
    // Sent again with a second full class: the place already held changes nothing, and the second is joined in the same transaction
    // (on PostgreSQL a refused insert would have ended it: decision 141).
    const other = classOf(8);
    await db().updateTable('classes').set({ capacity: 0 }).where('company_id', '=', splash).where('id', '=', other).execute();
    const both = await submit(f.browser, { profile: 1, classes: [choice, { ...choice, ClassID: other }], agreements: agreements() });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect((await written(f.clientId)).waitlist).toBe(2);
  });

  it('is for signed-in customers only, and for a profile with a class step', async () => {
    const f = await family(1);
    const body = { profile: 3, classes: [{ StudentID: f.students[0]!, ClassID: classOf(7) }], agreements: agreements() };
    const noClasses = await submit(f.browser, body);
    expect(noClasses.status).toBe(422);
    expect(noClasses.body.code).toBe('NO_CLASSES_TAKEN');
    await f.browser.post('/api/customer/logout');
    expect((await submit(f.browser, { ...body, profile: 1 })).status).toBe(401);
  });
});
