import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { webPlugin } from './web';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Hub</title>');
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js.gz'), gzipSync(script));
  app = Fastify();
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
