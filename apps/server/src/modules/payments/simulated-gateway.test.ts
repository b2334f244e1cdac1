import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { TEST_CARDS } from './test-cards.ts';

describe.each(testEngines())('the simulated gateway takes only its test cards on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123' });

  it('every listed test card is tokenised; any other valid number is declined and nothing of it kept', async () => {
    const { browser } = await registerCustomer(t, { email: 'cards@example.com' });
    for (const { number } of TEST_CARDS) {
      const res = await browser.post<{ id: string; card: { last4: string } }>('/sim-gateway/v1/tokens', card(number));
      expect(res.status, number).toBe(200);
      expect(res.body.card.last4).toBe(number.slice(-4));
    }
    const cardsBefore = await t.runtime.ctx.db.selectFrom('gateway_cards').select('token').execute();
    // Luhn-valid Visa, Mastercard and Amex numbers that are not test cards.
    for (const number of ['4111111111111111', '5105105105105100', '378282246310005']) {
      const res = await browser.post('/sim-gateway/v1/tokens', card(number));
      expect(res.status, number).toBe(402);
      expect(res.body).toEqual({
        code: 'card_declined',
        message: 'Your card was declined. This test gateway takes only its test cards.',
        errors: [{ field: 'number', message: 'Your card was declined. This test gateway takes only its test cards.' }],
      });
    }
    expect(await t.runtime.ctx.db.selectFrom('gateway_cards').select('token').execute()).toEqual(cardsBefore);
  });

  it('an expired card is refused on its expiry, in the word its field is labelled with', async () => {
    const { browser } = await registerCustomer(t, { email: 'expired@example.com' });
    const res = await browser.post('/sim-gateway/v1/tokens', { ...card(TEST_CARDS[0]!.number), exp_month: 1, exp_year: 2020 });
    expect([res.status, res.body]).toEqual([
      402,
      { code: 'invalid_expiry', message: 'Your card’s expiry date is in the past.', errors: [{ field: 'expiry', message: 'Your card’s expiry date is in the past.' }] },
    ]);
  });
});
