import { startTestApp, Browser } from './test/api-harness.ts';
const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const t = await startTestApp(engine);
const b = new Browser(t.server);
await b.signIn('SPLASH', 'parent@example.com');
const cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const POLL = '/api/notification?page=1&limit=5&status=All';
const MSG = '/api/messages?page=1&limit=5&status=All';
const etagN = (await t.server.inject({ url: POLL, headers: { cookie } })).headers.etag as string;
const etagM = (await t.server.inject({ url: MSG, headers: { cookie } })).headers.etag as string;
async function time(name: string, url: string, headers: Record<string, string>) {
  for (let i = 0; i < 300; i++) await t.server.inject({ url, headers });
  const n = 3000;
  const s = performance.now();
  for (let i = 0; i < n; i++) await t.server.inject({ url, headers });
  const us = ((performance.now() - s) / n) * 1000;
  console.log(`${engine} ${name.padEnd(34)} ${us.toFixed(0).padStart(6)} µs/req`);
  return us;
}
for (let round = 0; round < 2; round++) {
  const c = await time('healthz', '/healthz', {});
  const r = [
    await time('notification poll', POLL, { cookie }),
    await time('notification poll, If-None-Match', POLL, { cookie, 'if-none-match': etagN }),
    await time('message poll', MSG, { cookie }),
    await time('message poll, If-None-Match', MSG, { cookie, 'if-none-match': etagM }),
    await time('get-config', '/api/company/get-config', { cookie }),
  ];
  console.log('ratios to ceiling', r.map((x) => (c / x).toFixed(2)).join(' '));
}
await t.close();
