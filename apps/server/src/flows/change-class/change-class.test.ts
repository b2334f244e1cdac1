import { beforeAll, describe, expect, it } from 'vitest';
import { classMessages, type ClassChangeAnswer, type ClassChangeOptionsAnswer } from '@portal/shared/class-schemas';
import { taxOf, taxRatePpm } from '@portal/shared/pricing/money';
import { changeCompanySettings, testEngines, type Browser } from '../../test/api-harness.ts';
import { NEW_INVOICE_NO, type PaymentAnswer } from '@portal/shared/payment-schemas';
import { customerWithInvoices, emptyClass, familyWithChild, idempotencyKey, makeupCredit, newDiscountCode, splashClassesApp, tokenise } from '../../test/payment-fixtures.ts';
import { addDays } from '../../lib/time.ts';
import { findCompanyByCode } from '../../modules/company/company.service.ts';
import { clock } from '../../modules/classes/class-time.ts';

/** Issue 22 §5, decision 096: a family moves a child to another class of the same programme themselves. */
describe.each(testEngines())('changing class on %s', (engine) => {
  const app = splashClassesApp(engine, 14);
  const { db } = app;
  beforeAll(async () => {
    // Moves may be made up to an hour before the first new session here, whatever the hour of the run.
    await changeCompanySettings<{ classes_setup: Record<string, unknown> }>(app.t, app.splash, (s) => {
      s.classes_setup.ClassChangeNoticeHours = 1;
      s.classes_setup.AllowClassChange = true;
    });
  });

  /**
   * Two classes of this test's own programme (a lesson format and a level no other class has), nobody in them.
   * The company has 14 classes: a later test takes an earlier one's again.
   */
  async function programme(index: number, prices: [number, number], capacity = 8): Promise<[number, number]> {
    const at = (index * 2) % app.classIds.length;
    const pair = [app.classIds[at]!, app.classIds[at + 1]!] as [number, number];
    const format = (await db().selectFrom('classes').select('lesson_format_id').where('id', '=', pair[0]).executeTakeFirstOrThrow()).lesson_format_id;
    for (const [i, id] of pair.entries()) await emptyClass(app.t, app.splash, id, { capacity, price_cents: prices[i]!, standard: `Programme ${index}`, lesson_format_id: format });
    return pair;
  }

  /** A family of its own with a child enrolled in a class for the term. */
  async function enrolled(classId: number): Promise<{ browser: Browser; clientId: number; email: string; studentId: number }> {
    const { studentId, ...who } = await familyWithChild(app.t, 'Ava');
    await db()
      .insertInto('enrolments')
      .values({ company_id: app.splash, class_id: classId, student_id: studentId, start_date: '2020-01-06', end_date: null, status: 'active', kind: 'ongoing', hold_until: null, created_at: null })
      .execute();
    return { browser: who.browser, clientId: who.clientId, email: who.email, studentId };
  }

  /**
   * A family of its own whose child's place for the term was bought at the checkout with a code
   * taking `basisPoints` off; with what the place cost (the invoice's class line and its discounts,
   * the card surcharge aside) and the sessions it was for.
   */
  async function bought(classId: number, basisPoints: number) {
    const { studentId, ...who } = await familyWithChild(app.t, 'Ava');
    const code = await newDiscountCode(app.t, app.splash, basisPoints);
    const paid = await who.browser.post<PaymentAnswer>(
      '/api/payment/checkout',
      { classItems: [{ ClassID: classId, StudentID: studentId, dates: [] }], discountCodes: [{ invoiceNo: NEW_INVOICE_NO, discountCode: code }], cardToken: await tokenise(who.browser) },
      { 'idempotency-key': idempotencyKey() },
    );
    expect(paid.body.status, JSON.stringify(paid.body)).toBe('completed');
    const lines = await db()
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .select(['l.line_type', 'l.quantity', 'l.amount_cents'])
      .where('i.invoice_no', '=', paid.body.invoiceNos[0]!)
      .execute();
    const cost = lines.filter((l) => l.line_type !== 'Credit Card Surcharge').reduce((sum, l) => sum + l.amount_cents, 0);
    return { browser: who.browser, clientId: who.clientId, studentId, cost, sessions: lines.find((l) => l.line_type === 'Class')!.quantity };
  }

  const places = (classId: number) =>
    db().selectFrom('enrolments').select(['student_id', 'start_date', 'end_date', 'status']).where('company_id', '=', app.splash).where('class_id', '=', classId).orderBy('id').execute();
  const options = (b: Browser, studentId: number, classId: number) => b.get<ClassChangeOptionsAnswer>(`/api/classes/change-options?student_id=${studentId}&class_id=${classId}`);
  /** A price difference as money that changes hands: with tax added where the company's prices exclude it. */
  const withTax = async (cents: number) => {
    const fin = (await findCompanyByCode(app.t.runtime.ctx, 'SPLASH'))!.settings.fin_setup;
    return fin.TaxInclusive ? cents : cents + taxOf(cents, taxRatePpm(fin.TaxRatePercent), false);
  };
  const move = (b: Browser, studentId: number, from: number, to: number) => b.post<ClassChangeAnswer>('/api/classes/change-class', { student_id: studentId, from_class_id: from, to_class_id: to });

  it('lists the classes of the same programme with the price difference, and a move to a dearer one invoices the difference and tells the family', async () => {
    const [a, b] = await programme(0, [2_000, 2_500]);
    const family = await enrolled(a);
    const listed = await options(family.browser, family.studentId, a);
    expect(listed.status).toBe(200);
    expect(listed.body.from).toMatchObject({ ClassID: a, UnitPriceCents: 2_000 });
    expect(listed.body.options.map((o) => o.ClassID)).toEqual([b]);
    const option = listed.body.options[0]!;
    expect(option.Sessions).toBeGreaterThan(0);
    expect(option.PriceDifferenceCents).toBe(option.Sessions * 2_500 - option.SessionsGivenUp * 2_000);

    const moved = await move(family.browser, family.studentId, a, b);
    expect(moved.status).toBe(200);
    const fin = (await findCompanyByCode(app.t.runtime.ctx, 'SPLASH'))!.settings.fin_setup;
    const rate = taxRatePpm(fin.TaxRatePercent);
    const diff = option.PriceDifferenceCents;
    expect(diff).toBeGreaterThan(0);
    expect(moved.body).toMatchObject({ ClassID: b, StartDate: option.StartDate, ChargeCents: fin.TaxInclusive ? diff : diff + taxOf(diff, rate, false), CreditCents: 0, replayed: false });
    // In one step: the old place ends the day before the new one starts.
    expect(await places(a)).toEqual([{ student_id: family.studentId, start_date: '2020-01-06', end_date: addDays(option.StartDate, -1), status: 'active' }]);
    expect(await places(b)).toEqual([{ student_id: family.studentId, start_date: option.StartDate, end_date: null, status: 'active' }]);
    const invoice = await db().selectFrom('invoices').select(['client_id', 'total_cents', 'balance_due_cents', 'status']).where('invoice_no', '=', moved.body.invoiceNo!).executeTakeFirstOrThrow();
    expect(invoice).toEqual({ client_id: family.clientId, total_cents: moved.body.ChargeCents, balance_due_cents: moved.body.ChargeCents, status: 'Unpaid' });
    const told = await db()
      .selectFrom('notifications as n')
      .innerJoin('notification_contacts as nc', 'nc.notification_id', 'n.id')
      .select(['n.title'])
      .where('n.company_id', '=', app.splash)
      .where('nc.client_id', '=', family.clientId)
      .execute();
    expect(told.map((n) => n.title)).toContain(`Class changed: Ava Test to ${moved.body.Name}`);
    expect((await app.t.lastMailTo(family.email))?.subject).toBe(`Class changed: Ava Test to ${moved.body.Name}`);

    // The answer lost and the move asked again: the same move, nothing invoiced twice, and the answer
    // still names the invoice to pay (it answered $0.00 and no invoice before).
    const again = await move(family.browser, family.studentId, a, b);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ClassID: b, StartDate: option.StartDate, replayed: true, ChargeCents: moved.body.ChargeCents, invoiceNo: moved.body.invoiceNo });
    expect(await db().selectFrom('invoices').select('id').where('client_id', '=', family.clientId).execute()).toHaveLength(1);
    expect(await places(b)).toHaveLength(1);
  });

  it('a place not begun yet, moved to a class whose first session comes before it, is replayed when asked again', async () => {
    const [a, b] = await programme(10, [2_000, 2_000]);
    const { today } = clock((await findCompanyByCode(app.t.runtime.ctx, 'SPLASH'))!, app.t.runtime.ctx.clock.now());
    // The place starts at a session of its class over a week ahead: the new class's first session comes first, whatever today's weekday.
    const first = await db().selectFrom('class_sessions').select('date').where('class_id', '=', a).where('date', '>=', addDays(today, 8)).orderBy('date').executeTakeFirstOrThrow();
    const { studentId, browser } = await familyWithChild(app.t, 'Ava');
    await db()
      .insertInto('enrolments')
      .values({ company_id: app.splash, class_id: a, student_id: studentId, start_date: first.date, end_date: null, status: 'active', kind: 'ongoing', hold_until: null, created_at: null })
      .execute();
    const moved = await move(browser, studentId, a, b);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.StartDate < first.date).toBe(true);
    expect(moved.body.replayed).toBe(false);
    // The answer lost and the move asked again: the same move, not "not enrolled in this class".
    const again = await move(browser, studentId, a, b);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ ClassID: b, StartDate: moved.body.StartDate, replayed: true });
    expect(await places(b)).toEqual([{ student_id: studentId, start_date: moved.body.StartDate, end_date: null, status: 'active' }]);
  });

  it('a move to a cheaper class gives the difference as a customer credit', async () => {
    const [a, b] = await programme(1, [3_000, 1_000]);
    const family = await enrolled(a);
    const option = (await options(family.browser, family.studentId, a)).body.options[0]!;
    const moved = await move(family.browser, family.studentId, a, b);
    expect(moved.status).toBe(200);
    expect(moved.body.ChargeCents).toBe(0);
    expect(moved.body.invoiceNo).toBeNull();
    const credits = await db().selectFrom('customer_credits').select(['amount_cents', 'remaining_cents']).where('client_id', '=', family.clientId).execute();
    expect(option.PriceDifferenceCents).toBeLessThan(0);
    expect(credits).toEqual([{ amount_cents: moved.body.CreditCents, remaining_cents: moved.body.CreditCents }]);
    // The credit is one the next checkout offers.
    const offered = await family.browser.get<{ credits: { amountCents?: number }[] }>('/api/payment/get-customer-credits');
    expect(offered.body.credits).toHaveLength(1);
    // Asked again: the same credit named, none given twice.
    const again = await move(family.browser, family.studentId, a, b);
    expect(again.body).toMatchObject({ replayed: true, ChargeCents: 0, CreditCents: moved.body.CreditCents, invoiceNo: null });
    expect(await db().selectFrom('customer_credits').select('id').where('client_id', '=', family.clientId).execute()).toHaveLength(1);
  });

  it('two families moving into the last place at once: one moves, the other is told the class is full and keeps their class', async () => {
    const [a, b] = await programme(2, [2_000, 2_000], 2);
    const one = await enrolled(a);
    const two = await enrolled(a);
    // One place left in b.
    const other = await enrolled(b);
    expect(other).toBeTruthy();
    const answers = await Promise.all([move(one.browser, one.studentId, a, b), move(two.browser, two.studentId, a, b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    const { name } = await db().selectFrom('classes').select('name').where('id', '=', b).executeTakeFirstOrThrow();
    expect(lost.body).toMatchObject({ code: 'CLASS_FULL', message: classMessages.classFull(name) });
    expect((await places(b)).filter((p) => p.status === 'active')).toHaveLength(2);
    // The family that lost keeps its class as it was; a full class is not offered.
    const loser = answers[0]!.status === 409 ? one : two;
    expect((await places(a)).find((p) => p.student_id === loser.studentId)).toMatchObject({ end_date: null, status: 'active' });
    expect((await options(loser.browser, loser.studentId, a)).body.options).toEqual([]);
  });

  it('refuses a class of another programme, a class the student is not in, and every move when the company turns it off; nothing changes', async () => {
    const [a, b] = await programme(3, [2_000, 2_000]);
    const [c] = await programme(4, [2_000, 2_000]);
    const family = await enrolled(a);
    const other = await move(family.browser, family.studentId, a, c);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'CLASS_CHANGE_NOT_OFFERED' });
    const notIn = await move(family.browser, family.studentId, b, a);
    expect(notIn.status).toBe(409);
    expect(notIn.body).toMatchObject({ code: 'NOT_ENROLLED', message: 'This student is not enrolled in this class for the weeks ahead' });
    const bad = await family.browser.post('/api/classes/change-class', { student_id: 'x', from_class_id: a });
    expect(bad.status).toBe(400);

    await changeCompanySettings<{ classes_setup: Record<string, unknown> }>(app.t, app.splash, (s) => {
      s.classes_setup.AllowClassChange = false;
    });
    try {
      const off = await move(family.browser, family.studentId, a, b);
      expect(off.status).toBe(403);
      expect(off.body).toMatchObject({ code: 'CLASS_CHANGE_OFF', message: 'Changing class online is not available. Please contact us.' });
      expect((await options(family.browser, family.studentId, a)).status).toBe(403);
    } finally {
      await changeCompanySettings<{ classes_setup: Record<string, unknown> }>(app.t, app.splash, (s) => {
        s.classes_setup.AllowClassChange = true;
      });
    }
    expect(await places(a)).toEqual([{ student_id: family.studentId, start_date: '2020-01-06', end_date: null, status: 'active' }]);
    expect(await places(b)).toEqual([]);
  });

  it('a make-up the child had booked into the new class on a date the move covers is given back as a credit, not paid for twice', async () => {
    const [a, b] = await programme(6, [2_000, 2_000]);
    const family = await enrolled(a);
    const option = (await options(family.browser, family.studentId, a)).body.options[0]!;
    const credit = await makeupCredit(app.t, { companyId: app.splash, clientId: family.clientId, studentId: family.studentId, classId: b, date: option.StartDate, booked: true });

    const moved = await move(family.browser, family.studentId, a, b);
    expect(moved.status).toBe(200);
    // One place in the new class for the child from the move on: the make-up's session is the class's now.
    expect((await places(b)).filter((p) => p.status !== 'cancelled')).toEqual([{ student_id: family.studentId, start_date: option.StartDate, end_date: null, status: 'active' }]);
    expect(await db().selectFrom('makeup_credits').select(['used_at', 'used_enrolment_id']).where('id', '=', credit.creditId).executeTakeFirstOrThrow()).toEqual({
      used_at: null,
      used_enrolment_id: null,
    });
    const note = await db()
      .selectFrom('notifications as n')
      .innerJoin('notification_contacts as nc', 'nc.notification_id', 'n.id')
      .select('n.content')
      .where('nc.client_id', '=', family.clientId)
      .orderBy('n.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.content).toContain('is yours to book again');
    // The answer names the make-up given back too, so the page can say it (it was said by e-mail only).
    expect(moved.body.MakeupsGivenBack).toEqual([option.StartDate]);
  });

  it('a class whose ages the child is outside is not offered, and a move to it is refused by name; nothing changes', async () => {
    const [a, b] = await programme(7, [2_000, 2_000]);
    const family = await enrolled(a);
    // The test's children are born on 2018-01-01.
    const { today } = clock((await findCompanyByCode(app.t.runtime.ctx, 'SPLASH'))!, app.t.runtime.ctx.clock.now());
    const age = Number(today.slice(0, 4)) - 2018;
    await db()
      .updateTable('classes')
      .set({ min_age: 3, max_age: age - 2 })
      .where('id', '=', b)
      .execute();
    expect((await options(family.browser, family.studentId, a)).body.options).toEqual([]);
    const refused = await move(family.browser, family.studentId, a, b);
    expect(refused.status).toBe(422);
    const { name } = await db().selectFrom('classes').select('name').where('id', '=', b).executeTakeFirstOrThrow();
    expect(refused.body).toMatchObject({ code: 'OUTSIDE_AGE_RANGE', message: classMessages.outsideAgeRange('Ava Test', name, age, 3, age - 2) });
    expect(await places(a)).toEqual([{ student_id: family.studentId, start_date: '2020-01-06', end_date: null, status: 'active' }]);
    expect(await places(b)).toEqual([]);
    expect(await db().selectFrom('invoices').select('id').where('client_id', '=', family.clientId).execute()).toEqual([]);
    expect(await db().selectFrom('customer_credits').select('id').where('client_id', '=', family.clientId).execute()).toEqual([]);
    // Within its ages, offered and moved.
    await db().updateTable('classes').set({ min_age: age, max_age: null }).where('id', '=', b).execute();
    expect((await options(family.browser, family.studentId, a)).body.options.map((o) => o.ClassID)).toEqual([b]);
    expect((await move(family.browser, family.studentId, a, b)).status).toBe(200);
  });

  it('a family that paid less than the price moving to a cheaper class is credited from what it paid, never more', async () => {
    const [a, b] = await programme(8, [3_000, 500]);
    const family = await bought(a, 5_000);
    expect(family.cost).toBeLessThan(family.sessions * 3_000);
    expect(await db().selectFrom('enrolments').select('paid_cents').where('class_id', '=', a).where('student_id', '=', family.studentId).executeTakeFirstOrThrow()).toEqual({
      paid_cents: family.cost,
    });
    const option = (await options(family.browser, family.studentId, a)).body.options[0]!;
    // The sessions given up at what each was paid, not at the class's price.
    const givenUp = Math.round((family.cost * option.SessionsGivenUp) / family.sessions);
    expect(option.PriceDifferenceCents).toBe(option.Sessions * 500 - givenUp);
    const moved = await move(family.browser, family.studentId, a, b);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ ChargeCents: 0, CreditCents: await withTax(givenUp - option.Sessions * 500), invoiceNo: null });
    expect(moved.body.CreditCents).toBeLessThanOrEqual(await withTax(family.cost));
    expect(await db().selectFrom('customer_credits').select('amount_cents').where('client_id', '=', family.clientId).execute()).toEqual([{ amount_cents: moved.body.CreditCents }]);
    // Asked again: the same credit named, none given twice.
    const again = await move(family.browser, family.studentId, a, b);
    expect(again.body).toMatchObject({ replayed: true, ChargeCents: 0, CreditCents: moved.body.CreditCents });
    expect(await db().selectFrom('customer_credits').select('id').where('client_id', '=', family.clientId).execute()).toHaveLength(1);
  });

  it('a family that paid less than the price moving to a dearer class pays the new price less what it paid', async () => {
    const [a, b] = await programme(9, [2_000, 2_500]);
    const family = await bought(a, 5_000);
    const option = (await options(family.browser, family.studentId, a)).body.options[0]!;
    const givenUp = Math.round((family.cost * option.SessionsGivenUp) / family.sessions);
    expect(option.PriceDifferenceCents).toBe(option.Sessions * 2_500 - givenUp);
    const moved = await move(family.browser, family.studentId, a, b);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ ChargeCents: await withTax(option.Sessions * 2_500 - givenUp), CreditCents: 0 });
    const invoice = await db().selectFrom('invoices').select('total_cents').where('invoice_no', '=', moved.body.invoiceNo!).executeTakeFirstOrThrow();
    expect(invoice.total_cents).toBe(moved.body.ChargeCents);
    const again = await move(family.browser, family.studentId, a, b);
    expect(again.body).toMatchObject({ replayed: true, ChargeCents: moved.body.ChargeCents, invoiceNo: moved.body.invoiceNo });
  });

  it("another family's student cannot be moved", async () => {
    const [a, b] = await programme(5, [2_000, 2_000]);
    const family = await enrolled(a);
    const stranger = await customerWithInvoices(app.t, []);
    const res = await move(stranger.browser, family.studentId, a, b);
    expect(res.status).toBe(404);
    expect(await places(b)).toEqual([]);
  });
});
