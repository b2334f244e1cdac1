// The checkout part of `npm run bench` (issue 8 §8, decisions 033 and 103): checkouts per second
// through the simulated gateway (SPLASH) and through Stripe (ACE, against the local fake of
// Stripe's API the API tests use). Customers of the companies that take card payments each owe a
// few unpaid invoices; during a row, `lanes` customers at a time pay one invoice each as the
// browser does (quote, card made at the processor, checkout with an Idempotency-Key).
import { randomBytes, randomUUID } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';

export const CHECKOUT_COMPANIES = ['SPLASH', 'ACE'];
export const CHECKOUT_CUSTOMERS = Number(process.env.BENCH_CHECKOUT_CUSTOMERS ?? 100);
const INVOICES_EACH = 20;

export const CHECKOUT_ROW = { name: 'checkouts (quote, tokenise, pay)', opts: {}, checkout: 'simulated' };
/** The company whose cards go to Stripe in the bench; the other's stay with the simulator. */
export const STRIPE_COMPANY = 'ACE';
export const STRIPE_CHECKOUT_ROW = { name: 'checkouts through Stripe (local fake)', opts: {}, checkout: 'stripe' };

/**
 * The local Stripe fake the Stripe row pays through (apps/server/src/test/stripe-fake.ts), with
 * the environment the servers and the CLI reach it by, set on this process so every server and
 * command started from here inherits it.
 */
export async function startBenchStripe() {
  const { startStripeFake } = await tsImport('../../apps/server/src/test/stripe-fake.ts', import.meta.url);
  const fake = await startStripeFake();
  process.env.STRIPE_API_URL = fake.url;
  process.env.PROCESSOR_KEYS_SECRET = randomBytes(32).toString('base64');
  return {
    fake,
    keys: ['--provider', 'stripe', '--secret-key', fake.secretKey, '--publishable-key', fake.publishableKey, '--webhook-secret', fake.webhookSecret],
    /** What Stripe.js makes in the family's browser: a payment method (the bench's work, not the server's). */
    paymentMethod: async () => {
      const res = await fetch(`${fake.url}/v1/payment_methods`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'type=card&card[token]=tok_visa',
      });
      return (await res.json()).id;
    },
  };
}

/** The card step of a row: the simulator's tokens route, or a payment method made at the Stripe fake. */
export function cardStep(row, benchStripe) {
  if (row.checkout === 'stripe') return () => benchStripe.paymentMethod();
  return async (c) => (await c.call('POST', '/sim-gateway/v1/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' })).id;
}

/** The checkout customers of one company, made by `customer(i)` (an established family), each owing INVOICES_EACH invoices. */
export function checkoutCustomers(code, customer) {
  if (!CHECKOUT_COMPANIES.includes(code)) return [];
  return Array.from({ length: CHECKOUT_CUSTOMERS }, (_, i) => {
    const c = customer(i);
    const invoices = Array.from({ length: INVOICES_EACH }, (_, j) => ({
      invoice_no: `K${code}-${i}-${j}`,
      invoice_date: 'today-10',
      payment_date: 'today+20',
      total_cents: 5000 + j * 100,
      balance_due_cents: 5000 + j * 100,
      status: 'Unpaid',
    }));
    return { ...c, clients: [{ ...c.clients[0], invoices }] };
  });
}

/** The invoice numbers a signed-in checkout customer owes, by its e-mail (`k{i}.{code}@…`). */
export function invoicesOf(email, code) {
  const i = Number(/^k(\d+)\./.exec(email)[1]);
  return Array.from({ length: INVOICES_EACH }, (_, j) => `K${code}-${i}-${j}`);
}

/**
 * Pays invoices `lanes` at a time for `seconds` (or until every invoice is paid): each lane takes
 * the next invoice, of another customer than the lane before it. A checkout counts as done when
 * its payment answers `completed`; anything else is a failure.
 */
export async function measureCheckouts(customers, { seconds, lanes, card }) {
  const work = [];
  for (let j = 0; j < INVOICES_EACH; j++) for (const c of customers) work.push({ c, invoiceNo: c.checkoutInvoices[j] });
  let next = 0;
  let ok = 0;
  let failed = 0;
  const latencies = [];
  const errors = new Map();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (performance.now() < deadline && next < work.length) {
        const { c, invoiceNo } = work[next++];
        const t0 = performance.now();
        try {
          await c.call('POST', '/api/payment/quote', { invoices: [invoiceNo] });
          const cardToken = await card(c);
          const paid = await c.call('POST', '/api/payment/checkout', { invoices: [invoiceNo], cardToken }, { 'idempotency-key': randomUUID() });
          if (paid.status === 'completed') ok++;
          else throw new Error(`status ${paid.status}`);
          latencies.push(performance.now() - t0);
        } catch (err) {
          failed++;
          const key = String(err.message).slice(0, 160);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const [message, n] of errors) console.warn(`checkout failed ${n}×: ${message}`);
  latencies.sort((a, b) => a - b);
  const at = (q) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]) : 0);
  return { rps: ok / elapsed, total: ok + failed, p50: at(0.5), p99: at(0.99), share304: 0, failed };
}
