import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, changeCompanySettings, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import type { ActivityAnswer } from '@portal/shared/activity-schemas';
import { companyIdOf, TEST_CARDS, tokenise as tokeniseCard } from '../../test/payment-fixtures.ts';

interface Details {
  PaymentType: string;
  offersCard: boolean;
  offersBank: boolean;
  bankFormat: string;
  card: { brand: string; last4: string; expiry: string } | null;
  bank: { AccountName: string; BankCode: string; AccountNumber: string } | null;
}

describe.each(testEngines())('billing details on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const customer = (company = 'SPLASH') => registerCustomer(t, { email: `bill.${randomBytes(4).toString('hex')}@example.com`, company });
  const tokenise = (browser: Browser, number: string = TEST_CARDS.ok, month = 12, year = 2030) => tokeniseCard(browser, number, { month, year });

  it('K14, K15: no details at first; a tokenised card is added, then updated, with brand, last four and MM/YYYY expiry from the gateway', async () => {
    const { browser } = await customer();
    const empty = await browser.get<Details>('/api/customer/get-payment-details');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ PaymentType: 'EitherCCOrDD', offersCard: true, offersBank: true, bankFormat: 'AU', card: null, bank: null });
    // A brand or last four sent by the browser is ignored (only the token is read).
    const added = await browser.post<Details>('/api/customer/add-credit-card-details', { token: await tokenise(browser), brand: 'Fake', last4: '0000' });
    expect(added.status).toBe(200);
    expect(added.body.card).toEqual({ brand: 'Visa', last4: '4242', expiry: '12/2030' });
    const updated = await browser.post<Details>('/api/customer/update-credit-card-details', { token: await tokenise(browser, '5555555555554444', 3, 2031) });
    expect(updated.body.card).toEqual({ brand: 'Mastercard', last4: '4444', expiry: '03/2031' });
    expect((await browser.get<Details>('/api/customer/get-payment-details')).body.card?.last4).toBe('4444');
  });

  it('each card saved, replaced or removed and each bank account saved is in the family’s activity, named by its last digits', async () => {
    const { browser } = await customer();
    await browser.post('/api/customer/add-credit-card-details', { token: await tokenise(browser) });
    await browser.post('/api/customer/update-credit-card-details', { token: await tokenise(browser, '5555555555554444', 3, 2031) });
    expect((await browser.post('/api/customer/update-bank-details', { AccountName: 'Sarah Mitchell', BankCode: '062000', AccountNumber: '12345678' })).status).toBe(200);
    expect((await browser.call('DELETE', '/api/customer/remove-payment-details')).status).toBe(200);
    const entries = (await browser.get<ActivityAnswer>('/api/customer/activity')).body.entries;
    expect(entries.filter((e) => e.kind === 'payment').map((e) => e.summary)).toEqual([
      'Removed the bank account ending 678 from the account',
      'Saved bank details (account ending 678), replacing the Mastercard ending 4444',
      'Saved the Mastercard ending 4444, replacing the Visa ending 4242',
      'Saved the Visa ending 4242 to pay with',
    ]);
  });

  it('a card its bank declines is refused as it is saved, with the bank’s reason, and nothing is kept', async () => {
    const { browser } = await customer();
    for (const [number, code, message] of [
      [TEST_CARDS.declined, 'card_declined', 'Your card was declined.'],
      [TEST_CARDS.insufficient, 'insufficient_funds', 'Your card has insufficient funds.'],
      [TEST_CARDS.expired, 'expired_card', 'Your card has expired.'],
    ] as const) {
      const refused = await browser.post('/api/customer/add-credit-card-details', { token: await tokenise(browser, number) });
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ code, message });
      expect((await browser.get<Details>('/api/customer/get-payment-details')).body.card).toBeNull();
    }
    // Replacing a saved card with one that declines keeps the card on file.
    await browser.post('/api/customer/add-credit-card-details', { token: await tokenise(browser) });
    expect((await browser.post('/api/customer/update-credit-card-details', { token: await tokenise(browser, TEST_CARDS.declined) })).status).toBe(402);
    expect((await browser.get<Details>('/api/customer/get-payment-details')).body.card).toMatchObject({ last4: '4242' });
  });

  it('K17: bank details follow the direct-debit provider and are stored masked', async () => {
    const { browser, clientId } = await customer();
    const empty = await browser.post<{ errors: { field: string; message: string }[] }>('/api/customer/update-bank-details', { AccountName: '', BankCode: ' ', AccountNumber: '' });
    expect([empty.status, empty.body.errors]).toEqual([
      400,
      [
        { field: 'AccountName', message: 'Account name is required' },
        { field: 'BankCode', message: 'BSB is required' },
        { field: 'AccountNumber', message: 'Account number is required' },
      ],
    ]);
    const bad = await browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '06200', AccountNumber: '12345678' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('BSB must be 6 digits');
    const letters = await browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '062-000', AccountNumber: '1234a678' });
    expect(letters.body.message).toBe('Please enter valid numbers only');
    const ok = await browser.post<Details>('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '062-000', AccountNumber: '12345678' });
    expect(ok.status).toBe(200);
    expect(ok.body.bank).toEqual({ AccountName: 'Tess Ng', BankCode: '•••000', AccountNumber: '•••••678' });
    expect(ok.body.card).toBeNull();
    const row = await t.runtime.ctx.db.selectFrom('payment_methods').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('12345678');
    expect(JSON.stringify(row)).not.toContain('062000');

    // THAMES is in the UK: a sort code and an 8-digit account.
    const uk = { browser: new Browser(t.server) };
    await uk.browser.signIn('THAMES', 'dancer@example.com');
    // Thames takes no card online (no gateway, invoices not paid online): its families keep bank details only, never a card they could not pay with.
    expect((await uk.browser.get<Details>('/api/customer/get-payment-details')).body).toMatchObject({ bankFormat: 'UK', offersCard: false, offersBank: true });
    const ukBad = await uk.browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '20-00-00', AccountNumber: '1234567' });
    expect(ukBad.body.message).toBe('Account number must be 8 digits');
    expect((await uk.browser.post('/api/customer/update-bank-details', { AccountName: 'Tess Ng', BankCode: '20-00-00', AccountNumber: '55779911' })).status).toBe(200);
  });

  it('K18: remove deletes the details; removing again is a 404', async () => {
    const { browser } = await customer();
    await browser.post('/api/customer/add-credit-card-details', { token: await tokenise(browser) });
    const removed = await browser.call('DELETE', '/api/customer/remove-payment-details');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect((await browser.get<Details>('/api/customer/get-payment-details')).body.card).toBeNull();
    expect((await browser.call('DELETE', '/api/customer/remove-payment-details')).status).toBe(404);
  });

  it("K19: the payment type decides what is offered, and the server refuses the rest; another client's card is never shown", async () => {
    const { browser } = await customer();
    const companyId = await companyIdOf(t, 'SPLASH');
    const stranger = await customer();
    await stranger.browser.post('/api/customer/add-credit-card-details', { token: await tokenise(stranger.browser) });
    expect((await browser.get<Details>('/api/customer/get-payment-details')).body.card).toBeNull();
    try {
      await changeCompanySettings(t, companyId, (settings) => {
        settings.fin_setup!.PaymentType = 'DirectDebitDetails';
      });
      const details = await browser.get<Details>('/api/customer/get-payment-details');
      expect(details.body).toMatchObject({ offersCard: false, offersBank: true });
      const refused = await browser.post('/api/customer/add-credit-card-details', { token: await tokenise(browser) });
      expect(refused.status).toBe(403);
    } finally {
      await changeCompanySettings(t, companyId, (settings) => {
        settings.fin_setup!.PaymentType = 'EitherCCOrDD';
      });
    }
  });

  it('a token from another company is not accepted', async () => {
    const ace = await customer('ACE');
    const token = await tokenise(ace.browser);
    const { browser } = await customer();
    const res = await browser.post('/api/customer/add-credit-card-details', { token });
    expect(res.status).toBe(422);
  });

  it('needs a signed-in customer', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    expect((await b.get('/api/customer/get-payment-details')).status).toBe(401);
  });
});
