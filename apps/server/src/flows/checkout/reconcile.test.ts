import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { customerWithInvoices, idempotencyKey as key, tokenise } from '../../test/payment-fixtures.ts';
import { findCompanyById } from '../../modules/company/company.api.ts';
import { setPaymentFaults } from './payment-steps.ts';
import { reconcilePayments } from './reconcile.service.ts';

/** The minute job's second pass: a charge whose payment was given up is refunded, once. */
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
});
