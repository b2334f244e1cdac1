import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import { compressionOptions } from './compression';
import { webPlugin } from './web';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  // About the size of the built page's head: over the compression threshold.
  const styles = Array.from({ length: 20 }, (_, i) => `<link rel="stylesheet" crossorigin href="/assets/style-${i}-1a2b3c.css">`).join('');
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><title>Hub</title>${styles}</head><body></body></html>`);
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js.gz'), gzipSync(script));
  fs.mkdirSync(path.join(dist, '.vite'));
  const screens = { landing: ['/assets/landing-1.js', '/assets/shared-1.js'], 'portal-frame': ['/assets/frame-1.js', '/assets/shared-1.js'], home: ['/assets/home-1.js', '/assets/frame-1.js'] };
  fs.writeFileSync(path.join(dist, '.vite/first-screens.json'), JSON.stringify(screens));
  app = Fastify();
  await app.register(fastifyCookie);
  // As app.ts registers them: the compression first, so it sees the web plugin's routes.
  await app.register(fastifyCompress, compressionOptions);
  await app.register(webPlugin, { dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('built assets', () => {
  it('sends the brotli copy to a browser that accepts it, immutable for a year', async () => {
    const res = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('is sent as built, never compressed again', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.equals(fs.readFileSync(path.join(dist, `assets/app-1a2b3c.js.${encoding === 'br' ? 'br' : 'gz'}`)))).toBe(true);
    }
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });
});

describe('the page', () => {
  const token = (c: string) => c.repeat(43);
  const preloads = (body: string) => [...body.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials">/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

  it('names no call to preload for a browser with no session, and is never kept by a shared cache', async () => {
    const res = await app.inject({ url: '/hub/company' });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([]);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('preloads the company config for a company session, and the session and home lists for a signed-in home', async () => {
    const company = await app.inject({ url: '/hub', cookies: { portal_company: token('a') } });
    expect(preloads(company.body)).toEqual(['/api/company/get-config']);
    const home = await app.inject({ url: '/hub/company/', cookies: { portal_company: token('a'), portal_customer: token('b') } });
    expect(preloads(home.body)).toEqual([
      '/api/company/get-config',
      '/api/customer/session',
      '/api/customer/get-sign-in-actions',
      '/api/home/get-upcoming-classes?page=1&limit=6',
      '/api/home/get-outstanding-invoices?page=1&limit=6',
    ]);
    expect(home.body).toContain('&amp;limit=6');
    const other = await app.inject({ url: '/hub/notifications', cookies: { portal_company: token('a'), portal_customer: token('b') } });
    expect(preloads(other.body)).toEqual(['/api/company/get-config', '/api/customer/session', '/api/customer/get-sign-in-actions']);
    // A guardian's role (decision 101): a payer's home asks for no schedule, a viewer's for no invoices.
    const payer = await app.inject({ url: '/hub/company', cookies: { portal_company: token('a'), portal_customer: token('b'), portal_role: 'payer' } });
    expect(preloads(payer.body).slice(3)).toEqual(['/api/home/get-outstanding-invoices?page=1&limit=6']);
    const viewer = await app.inject({ url: '/hub/company', cookies: { portal_company: token('a'), portal_customer: token('b'), portal_role: 'viewer' } });
    expect(preloads(viewer.body).slice(3)).toEqual(['/api/home/get-upcoming-classes?page=1&limit=6']);
    // Sign-in actions queued: the lists would be refused until they are done.
    const queued = await app.inject({ url: '/hub/company', cookies: { portal_company: token('a'), portal_customer: token('b'), portal_actions: 'pending' } });
    expect(preloads(queued.body)).toEqual(['/api/company/get-config', '/api/customer/session', '/api/customer/get-sign-in-actions']);
  });

  it('goes out in brotli to a browser that accepts it, as it is to one that does not, varying by its cookies and Accept-Encoding', async () => {
    const cookies = { portal_company: token('a'), portal_customer: token('b') };
    const plain = await app.inject({ url: '/hub/company', cookies });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('cookie, accept-encoding');
    const res = await app.inject({ url: '/hub/company', cookies, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('cookie, accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('ignores cookies that cannot be sessions', async () => {
    const res = await app.inject({ url: '/hub/company', cookies: { portal_company: 'x', portal_customer: token('b') } });
    expect(preloads(res.body)).toEqual([]);
  });

  it('says so when the browser carries no company session, and only then', async () => {
    const hint = '<meta name="portal-company" content="none">';
    expect((await app.inject({ url: '/hub' })).body).toContain(hint);
    expect((await app.inject({ url: '/hub/company', cookies: { portal_company: 'x' } })).body).toContain(hint);
    expect((await app.inject({ url: '/hub', cookies: { portal_company: token('a') } })).body).not.toContain(hint);
    expect((await app.inject({ url: '/hub/company', cookies: { portal_company: token('a'), portal_customer: token('b') } })).body).not.toContain(hint);
  });

  const modulePreloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("names the first screen's script files as module preloads, each once: the landing for a browser with no company", async () => {
    expect(modulePreloads((await app.inject({ url: '/hub' })).body)).toEqual(['/assets/landing-1.js', '/assets/shared-1.js']);
    const home = await app.inject({ url: '/hub/company', cookies: { portal_company: token('a'), portal_customer: token('b') } });
    expect(modulePreloads(home.body)).toEqual(['/assets/frame-1.js', '/assets/shared-1.js', '/assets/home-1.js']);
    const guestWithCompany = await app.inject({ url: '/hub', cookies: { portal_company: token('a') } });
    expect(modulePreloads(guestWithCompany.body)).toEqual([]);
    const other = await app.inject({ url: '/hub/notifications', cookies: { portal_company: token('a'), portal_customer: token('b') } });
    expect(modulePreloads(other.body)).toEqual([]);
  });
});
