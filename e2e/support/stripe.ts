import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { databaseUrl, processorKeysSecret, stripeKeys, stripePort } from './servers.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Stores the suite's Stripe keys for a company as an operator does, with `set-gateway` (decision 103). */
export function connectStripe(code: string): void {
  const args = ['set-gateway', code, '--provider', 'stripe', '--secret-key', stripeKeys.secretKey, '--publishable-key', stripeKeys.publishableKey, '--webhook-secret', stripeKeys.webhookSecret];
  const run = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PROCESSOR_KEYS_SECRET: processorKeysSecret, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`set-gateway ${code}: ${run.stderr}`);
}

/** Stripe's test cards as typed into the card frame, and the test tokens they stand for. */
export const STRIPE_CARDS = { ok: '4242424242424242', threeDSecure: '4000000000003220' };

/**
 * A stand-in for Stripe.js, served at js.stripe.com: it mounts the Payment Element as a frame of
 * js.stripe.com, makes payment methods at api.stripe.com, and shows 3-D Secure as a frame of
 * hooks.stripe.com, so the page's content security policy is tried as Stripe.js tries it.
 */
const STRIPE_JS = `(() => {
  let number = '';
  window.addEventListener('message', (e) => { if (e.data && e.data.stripeStandIn === 'card') number = e.data.number; });
  const token = () => (number.replace(/\\s/g, '') === '${STRIPE_CARDS.threeDSecure}' ? 'tok_threeDSecure2Required' : 'tok_visa');
  function Stripe(key) {
    const api = (p, body) => fetch('https://api.stripe.com' + p, { method: 'POST', headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' }, body }).then((r) => r.json());
    const elements = {
      create(type) {
        const handlers = {};
        return {
          mount(node) {
            const frame = document.createElement('iframe');
            frame.src = 'https://js.stripe.com/endive/elements-inner-payment.html';
            frame.title = 'Secure payment input frame';
            frame.style.cssText = 'width:100%;height:130px;border:0';
            frame.addEventListener('load', () => handlers.ready && handlers.ready({ elementType: type }));
            (typeof node === 'string' ? document.querySelector(node) : node).appendChild(frame);
          },
          on(event, fn) { handlers[event] = fn; },
          off(event) { delete handlers[event]; },
          update() {},
          destroy() {},
        };
      },
      submit: () => Promise.resolve({}),
      update() {},
      getElement: () => null,
    };
    return {
      elements: () => elements,
      createPaymentMethod: () => api('/v1/payment_methods', 'type=card&card[token]=' + token()).then((pm) => (pm.error ? { error: pm.error } : { paymentMethod: pm })),
      handleNextAction: ({ clientSecret }) =>
        new Promise((resolve) => {
          const id = clientSecret.split('_secret_')[0];
          const frame = document.createElement('iframe');
          frame.src = 'https://hooks.stripe.com/3d_secure_2/authenticate.html';
          frame.title = '3D Secure authentication';
          frame.style.cssText = 'position:fixed;inset:10% 5%;width:90%;height:60%;background:#fff;border:1px solid #999;z-index:9999';
          const done = (e) => {
            if (!e.data || e.data.stripeStandIn !== '3ds') return;
            window.removeEventListener('message', done);
            frame.remove();
            api('/_test/payment_intents/' + id + '/authenticate', 'approve=' + e.data.approve).then((pi) => resolve({ paymentIntent: pi }));
          };
          window.addEventListener('message', done);
          document.body.appendChild(frame);
        }),
      createToken: () => Promise.resolve({}),
      confirmCardPayment: () => Promise.resolve({}),
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

const CARD_FRAME = `<!doctype html><meta charset="utf-8"><style>body{font:14px system-ui;margin:0}label{display:block;margin:6px 0 2px}input{width:95%;padding:8px;border:1px solid #bbb;border-radius:8px}</style>
<label for="n">Card number</label><input id="n" autocomplete="cc-number" inputmode="numeric">
<label for="e">Expiration date</label><input id="e" placeholder="MM / YY">
<script>document.getElementById('n').addEventListener('input', (e) => parent.postMessage({ stripeStandIn: 'card', number: e.target.value }, '*'));</script>`;

const THREE_D_SECURE = `<!doctype html><meta charset="utf-8"><body style="font:15px system-ui;padding:16px"><h1 style="font-size:18px">Your bank: confirm this payment</h1>
<button id="ok">Complete authentication</button> <button id="no">Fail authentication</button>
<script>for (const [id, approve] of [['ok', true], ['no', false]]) document.getElementById(id).onclick = () => parent.postMessage({ stripeStandIn: '3ds', approve }, '*');</script>`;

const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST' };

/** Serves Stripe's origins to the page: the stand-in of Stripe.js and its frames, and api.stripe.com from the suite's fake of it. */
export async function useStripeStandIn(page: Page): Promise<{ scriptLoads: () => number }> {
  let loads = 0;
  await page.route('https://js.stripe.com/**', (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/stripe.js')) {
      loads += 1;
      return route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS });
    }
    return route.fulfill({ contentType: 'text/html', body: CARD_FRAME });
  });
  await page.route('https://hooks.stripe.com/**', (route: Route) => route.fulfill({ contentType: 'text/html', body: THREE_D_SECURE }));
  await page.route('https://api.stripe.com/**', async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    // The browser holds the publishable key; the fake takes the account's secret one.
    const url = new URL(request.url());
    const res = await fetch(`http://127.0.0.1:${stripePort}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: { authorization: `Bearer ${stripeKeys.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: request.postData() ?? undefined,
    });
    return route.fulfill({ status: res.status, headers: { ...cors, 'content-type': 'application/json' }, body: await res.text() });
  });
  return { scriptLoads: () => loads };
}
