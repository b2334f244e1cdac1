import type { Page } from '@playwright/test';
import { expect, signInViaApi, test, type World } from '../support/fixtures.ts';
import { invoiceInCart } from '../support/commerce.ts';
import { budgetSteps } from '../support/budget.ts';
import { connectStripe, STRIPE_CARDS, useStripeStandIn } from '../support/stripe.ts';

/**
 * A company connected to Stripe (decision 103): the server's SDK calls the suite's fake of
 * Stripe's API; in the page, a stand-in of Stripe.js served at js.stripe.com mounts the card frame
 * and 3-D Secure as frames of Stripe's origins, so the page's content security policy decides
 * what loads, as it would for Stripe.js.
 */
async function stripeFamilyAtPayment(page: Page, world: World): Promise<{ invoiceNo: string; amount: string }> {
  connectStripe(world.company('SPLASH').code);
  const invoiceNo = await invoiceInCart(page, world);
  await page.goto('/hub/invoice-checkout');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  return { invoiceNo, amount: (await page.getByTestId('payment-amount').textContent())! };
}

const onStripe = (_: unknown, bundle: { company: { config: Record<string, unknown> }; payments?: { saved_cards?: unknown[] } }) => {
  bundle.company.config.fin_setup = { ...(bundle.company.config.fin_setup as object), PaymentGatewayEnabled: true, PaymentGatewayProvider: 'stripe' };
};

test.describe('paying through Stripe', () => {
  for (const tag of ['', ' @phone']) {
    test(`the card goes into Stripe's frame, the bank's 3-D Secure step shows in the page, and the invoice is paid${tag}`, async ({ page, ownWorld }) => {
      // The import, the sign-in, 5 screens (invoice checkout, payment, the card frame, 3-D Secure, success) and 2 screenshots.
      budgetSteps(10);
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
      });
      const stripeJs = await useStripeStandIn(page);
      const world = await ownWorld(['SPLASH'], onStripe);
      const { invoiceNo, amount } = await stripeFamilyAtPayment(page, world);
      const card = page.frameLocator('iframe[title="Secure payment input frame"]');
      await card.getByLabel('Card number').fill(STRIPE_CARDS.threeDSecure);
      expect(stripeJs.scriptLoads()).toBe(1);
      // No card field of the portal's own: the number is typed into Stripe's frame only.
      await expect(page.getByLabel('Card number')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('stripe-payment.png'), fullPage: true });
      const apiBodies: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) apiBodies.push(r.postData() ?? '');
      });
      await page.getByRole('button', { name: `Pay ${amount}` }).click();
      const bank = page.frameLocator('iframe[title="3D Secure authentication"]');
      await expect(bank.getByRole('heading', { name: 'Your bank: confirm this payment' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('stripe-3ds.png') });
      await bank.getByRole('button', { name: 'Complete authentication' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
      await expect(page.getByText(`for invoice ${invoiceNo}`)).toBeVisible();
      await expect(page.getByText('Paid by Visa •••• 3220')).toBeVisible();
      expect(apiBodies.join('\n')).not.toContain(STRIPE_CARDS.threeDSecure);
      expect(blocked).toEqual([]);
    });
  }

  test("a company on the simulator never opens Stripe's origins", async ({ page, world }) => {
    budgetSteps(3);
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    const answer = await page.goto('/hub/payment');
    expect(answer?.headers()['content-security-policy']).not.toContain('stripe');
    await expect(page.locator('meta[name="portal-pay"]')).toHaveCount(0);
  });
});
