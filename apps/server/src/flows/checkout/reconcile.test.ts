import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, customerWithInvoices, idempotencyKey as key, tokenise } from '../../test/payment-fixtures.ts';
import { nowIso } from '../../lib/time.ts';
import { findCompanyById } from '../../modules/company/company.api.ts';
import { setPaymentFaults } from './payment-steps.ts';
import { reconcilePayments } from './reconcile.service.ts';

/** A charge with no order is refunded once: by the minute job's second pass, or by the checkout whose held place was lost. */
describe.each(testEngines())('refunds of charges with no order on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.runtime.ctx.db;
  const reconcile = (at: Date) => reconcilePayments(t.runtime.ctx, (id) => findCompanyById(t.runtime.ctx, id), at);

  /** A charge that went through for a payment given up meanwhile (its process died between them). */
  async function chargeOfAGivenUpPayment() {
    const { browser, invoiceNo, companyId } = await customerWithInvoices(t, [2_200], { prefix: 'R' });
    const cardToken = await tokenise(browser);
    const idempotencyKey = key();
    setPaymentFaults(t.runtime.ctx, {
      afterCharge: () => {
        throw new Error('process killed');
      },
    });
    try {
      expect((await browser.post('/api/payment/checkout', { invoices: [invoiceNo], cardToken }, { 'idempotency-key': idempotencyKey })).status).toBe(500);
    } finally {
      setPaymentFaults(t.runtime.ctx, undefined);
    }
    await db().updateTable('payments').set({ status: 'failed' }).where('idempotency_key', '=', idempotencyKey).execute();
    const charge = await db().selectFrom('gateway_charges').select('charge_id').where('token', '=', cardToken).executeTakeFirstOrThrow();
    const status = async () => (await db().selectFrom('gateway_charges').select('status').where('charge_id', '=', charge.charge_id).executeTakeFirstOrThrow()).status;
    return { companyId, chargeId: charge.charge_id, status };
  }

  it('is refunded by the next run, and recorded so that no later run refunds it again', async () => {
    const { companyId, chargeId, status } = await chargeOfAGivenUpPayment();
    const later = new Date(Date.now() + 10 * 60_000);
    expect((await reconcile(later)).refunded).toBe(1);
    expect(await status()).toBe('refunded');
    expect(await db().selectFrom('charge_refunds').select('refunded_at').where('company_id', '=', companyId).where('charge_id', '=', chargeId).execute()).toEqual([
      { refunded_at: later.toISOString() },
    ]);
    expect((await reconcile(new Date(later.getTime() + 60_000))).refunded).toBe(0);
  });

  it('a refund claimed by a process that died is left alone while its claim lasts, then made by the next run', async () => {
    const { companyId, chargeId, status } = await chargeOfAGivenUpPayment();
    const now = Date.now() + 10 * 60_000;
    await db()
      .insertInto('charge_refunds')
      .values({ company_id: companyId, charge_id: chargeId, lease_until: new Date(now + 30_000).toISOString(), refunded_at: null })
      .execute();
    expect((await reconcile(new Date(now))).refunded).toBe(0);
    expect(await status()).toBe('succeeded');
    expect((await reconcile(new Date(now + 60_000))).refunded).toBe(1);
    expect(await status()).toBe('refunded');
  });

  it('a checkout whose held place lapsed before its order fails, refunds the charge once and says so', async () => {
    const { browser, clientId, companyId } = await customerWithInvoices(t, [], { prefix: 'R' });
    const [classId] = (await classesWithSessionsAhead(t, companyId)) as [number];
    const student = await db()
      .insertInto('students')
      .values({ company_id: companyId, client_id: clientId, first_name: 'Kid', last_name: 'Swimmer', dob: '2018-01-01', gender: 'Female', standard: '', profile_picture: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('classes').set({ capacity: 99 }).where('id', '=', classId).execute();
    const cardToken = await tokenise(browser);
    const body = { classItems: [{ ClassID: classId, StudentID: student.id, dates: [] }], cardToken };
    const idempotencyKey = key();
    // Between the charge and the order the hold lapses and the sweep gives the place back.
    setPaymentFaults(t.runtime.ctx, {
      afterCharge: async () => {
        await db().deleteFrom('enrolments').where('student_id', '=', student.id).where('status', '=', 'held').execute();
      },
    });
    try {
      const lost = await browser.post('/api/payment/checkout', body, { 'idempotency-key': idempotencyKey });
      expect([lost.status, lost.body.code, lost.body.message]).toEqual([409, 'CLASS_FULL', 'The place you were holding is no longer free. Your payment has been refunded.']);
    } finally {
      setPaymentFaults(t.runtime.ctx, undefined);
    }
    const charge = await db().selectFrom('gateway_charges').select(['charge_id', 'status']).where('token', '=', cardToken).executeTakeFirstOrThrow();
    expect(charge.status).toBe('refunded');
    expect((await db().selectFrom('payments').select('status').where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow()).status).toBe('failed');
    expect(await db().selectFrom('charge_refunds').select('charge_id').where('refunded_at', 'is not', null).where('charge_id', '=', charge.charge_id).execute()).toHaveLength(1);
    // The minute job finds nothing more to give back, and the same key answers the same.
    expect((await reconcile(new Date(Date.now() + 10 * 60_000))).refunded).toBe(0);
    expect((await browser.post('/api/payment/checkout', body, { 'idempotency-key': idempotencyKey })).body.code).toBe('CLASS_FULL');
  });
});
