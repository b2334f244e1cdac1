import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushAnswer, PushPayload } from '@portal/shared/push-schemas';
import { Browser, ownCompany, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { notifyCommand } from '../messaging/messaging.api.ts';
import { customerWithInvoices, tokenise } from '../../test/payment-fixtures.ts';
import { deliverDuePushes } from './push.service.ts';

/** A push service of the test's own: keeps what it is sent, and answers each device's path as told (201, or 410 for a device gone). */
async function startPushService() {
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(req.url ?? '') ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, answers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A device as a browser makes one: its ECDH key pair and auth secret, and its endpoint at the push service. */
function device(origin: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16).toString('base64url');
  const path = `/push/${crypto.randomBytes(8).toString('hex')}`;
  return {
    path,
    subscription: { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
    /** What the device reads from a push it received: decrypted with its own keys (RFC 8291). */
    read: (body: Buffer): PushPayload => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')) as PushPayload,
  };
}

describe.each(testEngines())('web push on %s', (engine) => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    service = await startPushService();
    t = await startTestApp(engine, { PUSH_SERVICE_ORIGINS: service.origin });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });
  const db = () => t.runtime.ctx.db;
  const pay = async (browser: Browser, invoiceNo: string) =>
    browser.post('/api/payment/checkout', { invoices: [invoiceNo], cardToken: await tokenise(browser) }, { 'idempotency-key': crypto.randomBytes(12).toString('hex') });
  const pushesTo = (path: string) => service.received.filter((r) => r.path === path);

  it('a payment notification reaches the subscribed device encrypted for it and signed with the server key; a category it does not take does not', async () => {
    const family = await customerWithInvoices(t, [4_000, 2_500]);
    const phone = device(service.origin);
    const laptop = device(service.origin);
    const on = await family.browser.call<PushAnswer>('PUT', '/api/notification/push', { ...phone.subscription, categories: ['invoices', 'classes'] });
    expect(on.status).toBe(200);
    expect(on.body.device).toEqual({ categories: ['classes', 'invoices'] });
    expect(on.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await family.browser.call<PushAnswer>('PUT', '/api/notification/push', { ...laptop.subscription, categories: ['classes'] })).status).toBe(200);
    const asked = await family.browser.get<PushAnswer>(`/api/notification/push?endpoint=${encodeURIComponent(phone.subscription.endpoint)}`);
    expect(asked.body.device).toEqual({ categories: ['classes', 'invoices'] });

    expect((await pay(family.browser, family.invoiceNos[0]!)).status).toBe(200);
    // Queued with the notification, in its transaction; the push job sends it.
    expect(
      await db()
        .selectFrom('push_deliveries')
        .select('status')
        .where('title', '=', 'Payment received')
        .innerJoin('push_subscriptions as s', 's.id', 'push_deliveries.subscription_id')
        .where('s.endpoint', '=', phone.subscription.endpoint)
        .execute(),
    ).toEqual([{ status: 'queued' }]);
    expect(await deliverDuePushes(t.runtime.ctx)).toMatchObject({ sent: expect.any(Number) });
    const [push] = pushesTo(phone.path);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.authorization).toContain(`k=${on.body.publicKey}`);
    expect(push!.headers.ttl).toBe('86400');
    expect(phone.read(push!.body)).toEqual({ title: 'Payment received', body: expect.stringContaining('we received your payment of $40.00'), url: '/hub/notifications' });
    // The laptop takes only class news: nothing for it.
    expect(pushesTo(laptop.path)).toHaveLength(0);
    // Sent once, however often the job runs.
    await deliverDuePushes(t.runtime.ctx);
    expect(pushesTo(phone.path)).toHaveLength(1);
  });

  it('two processes running the push job at the same instant send each push once', async () => {
    const family = await customerWithInvoices(t, [1_500]);
    const phone = device(service.origin);
    await family.browser.call('PUT', '/api/notification/push', { ...phone.subscription, categories: ['invoices'] });
    await pay(family.browser, family.invoiceNos[0]!);
    await Promise.all([deliverDuePushes(t.runtime.ctx), deliverDuePushes(t.runtime.ctx), deliverDuePushes(t.runtime.ctx)]);
    expect(pushesTo(phone.path)).toHaveLength(1);
  });

  it('a subscription its push service reports gone is removed, with what was queued for it', async () => {
    const family = await customerWithInvoices(t, [1_000]);
    const old = device(service.origin);
    await family.browser.call('PUT', '/api/notification/push', { ...old.subscription, categories: ['invoices'] });
    service.answers.set(old.path, 410);
    await pay(family.browser, family.invoiceNos[0]!);
    expect(await deliverDuePushes(t.runtime.ctx)).toMatchObject({ gone: 1 });
    expect(await db().selectFrom('push_subscriptions').select('id').where('endpoint', '=', old.subscription.endpoint).execute()).toEqual([]);
  });

  it("a company's notice from the command line: in the hub, a push to the device that takes its category, e-mail where no device does", async () => {
    const own = await ownCompany(t);
    const family = new Browser(t.server);
    const { user } = await family.signIn(own.code, own.email, own.password);
    const phone = device(service.origin);
    await family.call('PUT', '/api/notification/push', { ...phone.subscription, categories: ['classes'] });
    const notice = { code: own.code, category: 'classes', title: 'Pool closed on Saturday', content: 'All Saturday classes are cancelled this week.', to: 'all' };
    expect(await notifyCommand(db(), notice)).toEqual({ ok: true, message: 'Notified 1 family: 1 by push, 0 by e-mail.' });
    await deliverDuePushes(t.runtime.ctx);
    expect(phone.read(pushesTo(phone.path)[0]!.body)).toEqual({ title: 'Pool closed on Saturday', body: 'All Saturday classes are cancelled this week.', url: '/hub/notifications' });
    const titles = await db()
      .selectFrom('notifications as n')
      .innerJoin('notification_contacts as c', 'c.notification_id', 'n.id')
      .select('n.title')
      .where('c.client_id', '=', user.ClientID)
      .where('n.category', '=', 'classes')
      .where('n.title', 'like', 'Pool%')
      .execute();
    expect(titles).toEqual([{ title: 'Pool closed on Saturday' }]);
    // With push off on the device, the next notice goes by e-mail.
    await family.call('DELETE', `/api/notification/push?endpoint=${encodeURIComponent(phone.subscription.endpoint)}`);
    expect(await notifyCommand(db(), { ...notice, title: 'Pool open again' })).toEqual({ ok: true, message: 'Notified 1 family: 0 by push, 1 by e-mail.' });
    // Written to the outbox by the command; the server's minute job delivers it.
    await t.runtime.ctx.mailer.deliverPending(new Date(Date.now() + 5 * 60_000));
    expect((await t.lastMailTo(own.email))?.subject).toBe('Pool open again');
    expect(await notifyCommand(db(), { ...notice, category: 'weather' })).toMatchObject({ ok: false });
    expect(await notifyCommand(db(), { ...notice, to: 'nobody@example.com' })).toEqual({ ok: false, message: `No family of ${own.code} signs in with nobody@example.com.` });
  });

  it('an endpoint that is not a known push service is refused (the server never posts to an address a browser names); push off removes the device', async () => {
    const family = await customerWithInvoices(t, []);
    for (const endpoint of ['http://169.254.169.254/latest/meta-data', 'https://fcm.googleapis.com.attacker.example/x', `${service.origin.replace('127.0.0.1', 'localhost')}/x`]) {
      const refused = await family.browser.call<{ code: string; message: string }>('PUT', '/api/notification/push', { endpoint, keys: device(service.origin).subscription.keys, categories: ['news'] });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([422, 'PUSH_ENDPOINT_REFUSED', 'This browser’s push service is not one the portal sends to.']);
    }
    const phone = device(service.origin);
    await family.browser.call('PUT', '/api/notification/push', { ...phone.subscription, categories: ['news'] });
    // Another family cannot turn this device's push off.
    const other = await customerWithInvoices(t, []);
    await other.browser.call('DELETE', `/api/notification/push?endpoint=${encodeURIComponent(phone.subscription.endpoint)}`);
    expect(await db().selectFrom('push_subscriptions').select('client_id').where('endpoint', '=', phone.subscription.endpoint).execute()).toEqual([{ client_id: family.clientId }]);
    const off = await family.browser.call<PushAnswer>('DELETE', `/api/notification/push?endpoint=${encodeURIComponent(phone.subscription.endpoint)}`);
    expect([off.status, off.body.device]).toEqual([200, null]);
    expect(await db().selectFrom('push_subscriptions').select('id').where('endpoint', '=', phone.subscription.endpoint).execute()).toEqual([]);
  });
});
