import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, startTestApp, testEngines, type Browser, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, idempotencyKey as key, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';
import { addDays, nowIso } from '../../lib/time.ts';
import { findCompanyByCode } from '../../modules/company/company.service.ts';
import { bookingOptions } from '../../modules/bookings/bookings.service.ts';
import { formatDate } from '@portal/shared/date-time-text';

interface Payment {
  PaymentID: number;
  status: string;
  challenge: { id: string } | null;
}

/**
 * A family leaves the card check (3-D Secure) unanswered, with Back or by closing the tab, and
 * pays again: its own earlier attempt must not keep the lane, the place or the invoice from it.
 * The earlier attempt is cancelled at the gateway (its challenge can no longer be approved) and
 * what it held is let go, so the new attempt is the only one that can charge.
 */
describe.each(testEngines())('an abandoned card check on %s', (engine) => {
  let t: TestApp;
  let splashId: number;
  let day = 3;

  beforeAll(async () => {
    t = await startTestApp(engine);
    splashId = await companyIdOf(t, 'SPLASH');
  });
  afterAll(() => t.close());

  const db = () => t.runtime.ctx.db;
  const payments = (clientId: number) => db().selectFrom('payments').select(['id', 'status']).where('company_id', '=', splashId).where('client_id', '=', clientId).orderBy('id').execute();
  const bookings = (clientId: number) =>
    db().selectFrom('bookings').select(['status']).where('company_id', '=', splashId).where('client_id', '=', clientId).where('status', 'in', ['held', 'confirmed']).execute();

  /** The client's charges at the gateway that took money. */
  async function succeededCharges(clientId: number): Promise<number> {
    const keys = (await payments(clientId)).map((p) => `payment-${p.id}`);
    if (keys.length === 0) return 0;
    const rows = await db().selectFrom('gateway_charges').select('status').where('company_id', '=', splashId).where('idempotency_key', 'in', keys).where('status', '=', 'succeeded').execute();
    return rows.length;
  }

  /** A lane of its own for each test: a fresh day at SPLASH (lane hire, CourtLabel "Lane"). */
  async function freshLane() {
    const splash = (await findCompanyByCode(t.runtime.ctx, 'SPLASH'))!;
    day += 1;
    return { venue_id: 1, booking_type_id: 1, date: addDays(bookingOptions(splash, new Date()).today, day), time: '10:00', court: 'Lane 5' };
  }
  const family = () => registerCustomer(t, { email: `back.${randomBytes(4).toString('hex')}@example.com`, company: 'SPLASH' });
  const pay = (browser: Browser, body: object, k = key()) => browser.post<Payment>('/api/payment/checkout', body, { 'idempotency-key': k });
  const decide = (browser: Browser, challengeId: string, approve: boolean) => browser.post<{ status: string }>(`/sim-gateway/v1/challenges/${challengeId}`, { approve });

  it('Back during the card check, then Pay again with the same lane: the new attempt takes it, the old check is cancelled, one charge', async () => {
    const slot = await freshLane();
    const { browser, clientId } = await family();
    const first = await pay(browser, { bookingItems: [slot], cardToken: await tokenise(browser, TEST_CARDS.challenge) });
    expect(first.body.status).toBe('requires_action');

    const again = await pay(browser, { bookingItems: [slot], cardToken: await tokenise(browser, TEST_CARDS.ok) });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('completed');
    expect(await bookings(clientId)).toEqual([{ status: 'confirmed' }]);
    expect((await payments(clientId)).map((p) => p.status)).toEqual(['failed', 'completed']);
    // The earlier card check cannot be approved any more: nothing else is charged.
    const late = await decide(browser, first.body.challenge!.id, true);
    expect(late.status).toBe(409);
    expect((await browser.get<{ status: string }>(`/sim-gateway/v1/challenges/${first.body.challenge!.id}`)).body.status).toBe('failed');
    expect(await succeededCharges(clientId)).toBe(1);
  });

  it('the same with a card check again: the second check holds the lane, the first is gone', async () => {
    const slot = await freshLane();
    const { browser, clientId } = await family();
    const token = await tokenise(browser, TEST_CARDS.challenge);
    const first = await pay(browser, { bookingItems: [slot], cardToken: token });
    const second = await pay(browser, { bookingItems: [slot], cardToken: token });
    expect(second.status).toBe(200);
    expect(second.body.status).toBe('requires_action');
    expect(second.body.challenge!.id).not.toBe(first.body.challenge!.id);
    expect((await decide(browser, second.body.challenge!.id, true)).body.status).toBe('approved');
    const done = await pay(browser, { bookingItems: [slot], cardToken: token });
    // A third attempt after the approval finds the lane booked by the family itself (the second attempt is completed first);
    // refused, it writes no payment.
    expect(done.status).toBe(409);
    expect((await payments(clientId)).map((p) => p.status)).toEqual(['failed', 'completed']);
    expect(await bookings(clientId)).toEqual([{ status: 'confirmed' }]);
    expect(await succeededCharges(clientId)).toBe(1);
  });

  it('a card check approved in another tab before the family pays again: that payment completes, and nothing is charged twice', async () => {
    const slot = await freshLane();
    const { browser, clientId } = await family();
    const first = await pay(browser, { bookingItems: [slot], cardToken: await tokenise(browser, TEST_CARDS.challenge) });
    await decide(browser, first.body.challenge!.id, true);
    const again = await pay(browser, { bookingItems: [slot], cardToken: await tokenise(browser, TEST_CARDS.ok) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'BOOKING_TAKEN' });
    expect(await succeededCharges(clientId)).toBe(1);
    expect((await payments(clientId)).map((p) => p.status)).toEqual(['completed']);
    expect(await bookings(clientId)).toEqual([{ status: 'confirmed' }]);
  });

  it('another family is still kept out of a held lane, told in the company’s word for a court', async () => {
    const slot = await freshLane();
    const holder = await family();
    expect((await pay(holder.browser, { bookingItems: [slot], cardToken: await tokenise(holder.browser, TEST_CARDS.challenge) })).body.status).toBe('requires_action');
    const rival = await family();
    const refused = await pay(rival.browser, { bookingItems: [slot], cardToken: await tokenise(rival.browser, TEST_CARDS.ok) });
    expect(refused.status).toBe(409);
    const named = `Sorry, Lane 5, Splash Aquatic Centre – Bondi, ${formatDate(slot.date, 'dd/MM/yyyy')} 10:00 AM - 10:30 AM has just been booked. Please choose another time or lane.`;
    expect(refused.body).toEqual({ code: 'BOOKING_TAKEN', message: named, errors: [{ field: 'bookingItems.0', message: named, code: 'BOOKING_TAKEN' }] });
    expect((await payments(holder.clientId)).map((p) => p.status)).toEqual(['requires_action']);
  });

  it('a card check left for another lane in another tab is not touched', async () => {
    const [mine, other] = [await freshLane(), await freshLane()];
    const { browser, clientId } = await family();
    const token = await tokenise(browser, TEST_CARDS.challenge);
    const tab1 = await pay(browser, { bookingItems: [other], cardToken: token });
    expect(tab1.body.status).toBe('requires_action');
    const tab2 = await pay(browser, { bookingItems: [mine], cardToken: await tokenise(browser, TEST_CARDS.ok) });
    expect(tab2.body.status).toBe('completed');
    expect((await payments(clientId)).map((p) => p.status)).toEqual(['requires_action', 'completed']);
  });

  it('a class place held by an abandoned card check is the family’s again on the next attempt', async () => {
    const [classId] = (await classesWithSessionsAhead(t, splashId, { order: 'desc' })) as [number];
    const { browser, clientId } = await family();
    const student = await db()
      .insertInto('students')
      .values({ company_id: splashId, client_id: clientId, first_name: 'Ana', last_name: 'Back', dob: '2018-01-01', gender: 'Female', standard: '', profile_picture: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = { ClassID: classId, StudentID: student.id, dates: [] };
    const first = await pay(browser, { classItems: [item], cardToken: await tokenise(browser, TEST_CARDS.challenge) });
    expect(first.body.status).toBe('requires_action');
    const again = await pay(browser, { classItems: [item], cardToken: await tokenise(browser, TEST_CARDS.ok) });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('completed');
    const enrolments = await db().selectFrom('enrolments').select('status').where('company_id', '=', splashId).where('student_id', '=', student.id).execute();
    expect(enrolments.map((e) => e.status)).toEqual(['active']);
  });

  it('an invoice left in a card check can be paid again at once', async () => {
    const { browser, clientId } = await family();
    const no = `B-${randomBytes(4).toString('hex').toUpperCase()}`;
    await db()
      .insertInto('invoices')
      .values({ company_id: splashId, client_id: clientId, invoice_no: no, invoice_date: '2026-01-01', payment_date: '2099-01-15', total_cents: 4_000, balance_due_cents: 4_000, status: 'Unpaid' })
      .execute();
    expect((await pay(browser, { invoices: [no], cardToken: await tokenise(browser, TEST_CARDS.challenge) })).body.status).toBe('requires_action');
    const again = await pay(browser, { invoices: [no], cardToken: await tokenise(browser, TEST_CARDS.ok) });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('completed');
  });
});
