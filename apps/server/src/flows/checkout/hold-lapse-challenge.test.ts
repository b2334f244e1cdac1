import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOLD_EXPIRED_MESSAGE } from '@portal/shared/payment-schemas';
import { registerCustomer, testEngines, type Browser } from '../../test/api-harness.ts';
import { emptyClass, idempotencyKey as key, newStudent, splashClassesApp, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';

interface Payment {
  PaymentID: number;
  status: string;
  challenge: { id: string } | null;
}

/**
 * The time to pay runs out while the family is in the card check (3-D Secure, decision 084): the
 * same attempt, asked again, is told plainly that the places were let go and to start again, and
 * no charge is left standing for a place the family does not have.
 */
describe.each(testEngines())('a hold that lapses during the card check on %s', (engine) => {
  const app = splashClassesApp(engine, 1);
  const { db } = app;
  const pay = (browser: Browser, body: object, k: string) => browser.post<Payment>('/api/payment/checkout', body, { 'idempotency-key': k });
  const decide = (browser: Browser, challengeId: string, approve: boolean) => browser.post<{ status: string }>(`/sim-gateway/v1/challenges/${challengeId}`, { approve });
  const charge = async (paymentId: number) =>
    (await db().selectFrom('gateway_charges').select('status').where('company_id', '=', app.splash).where('idempotency_key', '=', `payment-${paymentId}`).executeTakeFirstOrThrow()).status;
  // The child's places, held or bought (a place let go is gone).
  const places = (studentId: number) => db().selectFrom('enrolments').select('status').where('company_id', '=', app.splash).where('student_id', '=', studentId).execute();

  // The family's places, held or bought (a place let go is gone).
  /** A family at the card check for a place in a class of its own; the place held. */
  async function atTheCardCheck() {
    const { t, splash: splashId, classIds } = app;
    const classId = classIds[0]!;
    await emptyClass(t, splashId, classId, { capacity: 5, price_cents: 2_500 });
    const { browser, clientId } = await registerCustomer(t, { email: `lapse.${randomBytes(4).toString('hex')}@example.com`, company: 'SPLASH' });
    const studentId = await newStudent(t, splashId, clientId);
    const body = { classItems: [{ ClassID: classId, StudentID: studentId, dates: [] }], cardToken: await tokenise(browser, TEST_CARDS.challenge) };
    const k = key();
    const first = await pay(browser, body, k);
    expect(first.body.status).toBe('requires_action');
    return { browser, studentId, body, k, paymentId: first.body.PaymentID, challengeId: first.body.challenge!.id };
  }

  /** The time to pay runs out: the payment's holds and the held place lapse a second ago (the minute job has not run yet). */
  async function timeRunsOut(paymentId: number) {
    const past = new Date(Date.now() - 1_000).toISOString();
    const row = await db().selectFrom('payments').select('quote').where('company_id', '=', app.splash).where('id', '=', paymentId).executeTakeFirstOrThrow();
    const quote = JSON.parse(row.quote) as { holds: { expiresAt: string; enrolmentIds: number[] } };
    quote.holds.expiresAt = past;
    await db()
      .updateTable('payments')
      .set({ quote: JSON.stringify(quote), lease_until: past })
      .where('company_id', '=', app.splash)
      .where('id', '=', paymentId)
      .execute();
    await db().updateTable('enrolments').set({ hold_until: past }).where('company_id', '=', app.splash).where('id', 'in', quote.holds.enrolmentIds).execute();
  }

  it('left unanswered: the same attempt is told the time to pay ran out, and the card check can no longer be approved', async () => {
    const { browser, studentId, body, k, paymentId, challengeId } = await atTheCardCheck();
    await timeRunsOut(paymentId);
    const late = await pay(browser, body, k);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ code: 'HOLD_EXPIRED', message: HOLD_EXPIRED_MESSAGE });
    // Approving afterwards (a tab left open) charges nothing: the check was called off.
    expect((await decide(browser, challengeId, true)).status).toBe(409);
    expect(await charge(paymentId)).toBe('declined');
    expect(await places(studentId)).toEqual([]);
  });

  it('approved after the time ran out: told the time to pay ran out and that the payment was refunded, not that the place was taken', async () => {
    const { browser, studentId, body, k, paymentId, challengeId } = await atTheCardCheck();
    await timeRunsOut(paymentId);
    expect((await decide(browser, challengeId, true)).body.status).toBe('approved');
    const late = await pay(browser, body, k);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ code: 'HOLD_EXPIRED', message: `${HOLD_EXPIRED_MESSAGE} Your payment has been refunded.` });
    expect(await charge(paymentId)).toBe('refunded');
    expect(await places(studentId)).toEqual([]);
    // Asked again, the same answer (nothing charged again).
    expect((await pay(browser, body, k)).body).toEqual(late.body);
  });

  it('the card check still open while the time lasts is left alone', async () => {
    const { browser, body, k, paymentId } = await atTheCardCheck();
    const again = await pay(browser, body, k);
    expect(again.body.status).toBe('requires_action');
    expect(await charge(paymentId)).toBe('requires_action');
  });
});
