import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushAnswer } from '@portal/shared/push-schemas';
import { startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { customerWithInvoices, tokenise } from '../../test/payment-fixtures.ts';
import { deliverDuePushes } from './push.service.ts';

interface FcmMessage {
  message: { token: string; notification: { title: string; body: string }; data: { url: string } };
}

/** Firebase Cloud Messaging's HTTP v1 API as the test's own server: keeps each message, and answers 404 UNREGISTERED for a token told gone. */
async function startFcm() {
  const received: { path: string; authorization: string; body: FcmMessage }[] = [];
  const gone = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FcmMessage;
      received.push({ path: req.url ?? '', authorization: req.headers.authorization ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (gone.has(body.message.token)) {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } }));
        return;
      }
      res.end(JSON.stringify({ name: `projects/portal-test/messages/${crypto.randomUUID()}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, gone, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const token = () => `${crypto.randomBytes(11).toString('base64url')}:APA91b${crypto.randomBytes(60).toString('base64url')}`;

/** Issue 24 §2, decision 102: the native app's devices, reached through FCM behind the same push job. */
describe.each(testEngines())('push to the native app on %s', (engine) => {
  let t: TestApp;
  let fcm: Awaited<ReturnType<typeof startFcm>>;
  beforeAll(async () => {
    fcm = await startFcm();
    t = await startTestApp(engine, { FCM_API_URL: fcm.url, FCM_PROJECT_ID: 'portal-test', FCM_ACCESS_TOKEN: 'test-access-token' });
  });
  afterAll(async () => {
    await t.close();
    await fcm.close();
  });
  const db = () => t.runtime.ctx.db;

  it("registers the app's device token and sends a notification of its category through FCM; a token FCM reports unregistered goes", async () => {
    const family = await customerWithInvoices(t, [3_000, 1_000]);
    const phone = token();
    const on = await family.browser.call<PushAnswer>('PUT', '/api/notification/device', { platform: 'android', token: phone, categories: ['invoices'] });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.device).toEqual({ categories: ['invoices'] });
    expect((await family.browser.get<PushAnswer>(`/api/notification/device?token=${encodeURIComponent(phone)}`)).body.device).toEqual({ categories: ['invoices'] });

    const pay = async (invoiceNo: string) =>
      family.browser.post('/api/payment/checkout', { invoices: [invoiceNo], cardToken: await tokenise(family.browser) }, { 'idempotency-key': crypto.randomBytes(12).toString('hex') });
    expect((await pay(family.invoiceNos[0]!)).status).toBe(200);
    expect(await deliverDuePushes(t.runtime.ctx)).toMatchObject({ sent: 1 });
    const sent = fcm.received.filter((r) => r.body.message.token === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v1/projects/portal-test/messages:send');
    expect(sent[0]!.authorization).toBe('Bearer test-access-token');
    expect(sent[0]!.body.message).toMatchObject({ notification: { title: 'Payment received', body: expect.stringContaining('$30.00') }, data: { url: '/hub/notifications' } });

    fcm.gone.add(phone);
    expect((await pay(family.invoiceNos[1]!)).status).toBe(200);
    expect(await deliverDuePushes(t.runtime.ctx)).toMatchObject({ gone: 1 });
    expect(await db().selectFrom('push_subscriptions').select('id').where('endpoint', '=', `fcm:${phone}`).execute()).toEqual([]);
  });

  it('refuses a token that is not one, and turns the device off', async () => {
    const family = await customerWithInvoices(t, []);
    const bad = await family.browser.call('PUT', '/api/notification/device', { platform: 'android', token: 'x y', categories: [] });
    expect(bad.status).toBe(400);
    const phone = token();
    await family.browser.call('PUT', '/api/notification/device', { platform: 'ios', token: phone, categories: ['classes'] });
    expect(await db().selectFrom('push_subscriptions').select(['channel', 'device']).where('endpoint', '=', `fcm:${phone}`).execute()).toEqual([{ channel: 'fcm', device: 'the app on iPhone' }]);
    const off = await family.browser.call<PushAnswer>('DELETE', `/api/notification/device?token=${encodeURIComponent(phone)}`);
    expect([off.status, off.body.device]).toEqual([200, null]);
  });
});

describe('push to the native app where the server has no FCM project', () => {
  it('is refused at registration with the reason, so the family keeps getting e-mail', async () => {
    const t = await startTestApp('sqlite');
    try {
      const family = await customerWithInvoices(t, []);
      const res = await family.browser.call<{ code: string; message: string }>('PUT', '/api/notification/device', { platform: 'android', token: token(), categories: ['classes'] });
      expect([res.status, res.body.code, res.body.message]).toEqual([422, 'NATIVE_PUSH_OFF', 'Notifications from the app are not set up yet. You will still get them by e-mail and in the hub.']);
      expect(await t.runtime.ctx.db.selectFrom('push_subscriptions').select('id').where('client_id', '=', family.clientId).execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
