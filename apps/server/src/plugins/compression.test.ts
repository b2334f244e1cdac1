import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, compressionPlugin, pickEncoding } from './compression';

const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Notice ${i}` })) };
const page = `<!doctype html><html><head>${'<link rel="modulepreload" crossorigin href="/assets/x.js">'.repeat(40)}</head><body></body></html>`;
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(compressionPlugin);
  app.get('/big', async () => big);
  app.get('/small', async () => ({ ok: true }));
  app.get('/text', async (_req, reply) => reply.type('text/plain').send('x'.repeat(5000)));
  app.get('/page', async (_req, reply) => reply.type('text/html; charset=utf-8').header('vary', 'cookie').send(page));
  app.get('/etag', async (_req, reply) => reply.header('etag', 'W/"a"').code(304).send());
  await app.ready();
});

afterAll(() => app.close());

describe('JSON answers', () => {
  it('go out in brotli to a browser that accepts it, and say they vary by Accept-Encoding', async () => {
    const res = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(big);
  });

  it('go out in gzip when brotli is not accepted, and as they are when nothing is', async () => {
    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await app.inject({ url: '/big', headers: header === undefined ? {} : { 'accept-encoding': header } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(big);
    }
  });

  it('under the threshold, other types and 304s are left alone', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const small = await app.inject({ url: '/small', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/text', headers })).headers['content-encoding']).toBeUndefined();
    const notModified = await app.inject({ url: '/etag', headers });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.rawPayload.length).toBe(0);
  });
});

describe('the page', () => {
  it('goes out in brotli too, varying by its cookies and by Accept-Encoding', async () => {
    const res = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('cookie, accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    const plain = await app.inject({ url: '/page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
    expect(plain.headers.vary).toBe('cookie, accept-encoding');
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
