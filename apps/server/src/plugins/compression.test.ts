import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, compressionOptions } from './compression';

const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Notice ${i}` })) };
/** Bigger than the library's synchronous path on this machine: compressed as a stream. */
const huge = { items: Array.from({ length: 2_000 }, (_, i) => ({ id: i, title: `Notice ${i}` })) };
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(fastifyCompress, compressionOptions);
  app.get('/big', async () => big);
  app.get('/huge', async () => huge);
  app.get('/small', async () => ({ ok: true }));
  app.get('/picture', async (_req, reply) => reply.type('image/jpeg').send(Buffer.alloc(5000, 0xff)));
  app.get('/pdf', async (_req, reply) => reply.type('application/pdf').send(Buffer.alloc(5000, 0x20)));
  app.get('/etag', async (_req, reply) => reply.header('etag', 'W/"a"').code(304).send());
  app.post('/echo', async (req) => ({ got: req.body }));
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

  it('honour q=0 and take * as gzip; deflate alone gets the answer as it is', async () => {
    const encodingFor = async (header: string) => (await app.inject({ url: '/big', headers: { 'accept-encoding': header } })).headers['content-encoding'];
    expect(await encodingFor('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(await encodingFor('*')).toBe('gzip');
    expect(await encodingFor('deflate')).toBeUndefined();
    expect(await encodingFor('zstd')).toBeUndefined();
  });

  it('of any size come out whole, the large ones too', async () => {
    const res = await app.inject({ url: '/huge', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(huge);
  });

  it('under the threshold, pictures, PDFs and 304s are left alone', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const small = await app.inject({ url: '/small', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    for (const url of ['/picture', '/pdf']) {
      const res = await app.inject({ url, headers });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.length, url).toBe(5000);
    }
    const notModified = await app.inject({ url: '/etag', headers });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.rawPayload.length).toBe(0);
  });
});

describe('request bodies', () => {
  it('are never inflated: a compressed body is not JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: gzipSync('{"a":1}') });
    expect(res.statusCode).toBe(400);
  });
});
