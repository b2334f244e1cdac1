import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { startTestApp, type TestApp } from './test/api-harness.ts';

/** A built web app of one page and one script, so files can be served without a Vite build. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Hub</title></head><body></body></html>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

/** The log's lines as written. */
function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, lines: () => text.split('\n').filter(Boolean) };
}

/** A page's visit: its HTML, a script, two calls, one of them refused. */
async function visit(t: TestApp) {
  for (const url of ['/hub', '/assets/app-1234.js', '/api/company/get-config', '/api/nothing-here']) await t.server.inject({ method: 'GET', url });
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the server log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('LOG_FORMAT=pretty (npm start in a terminal): one readable line per call, files served without a line', async () => {
    const log = capture();
    t = await startTestApp('sqlite', { SERVE_WEB: true, WEB_DIST: fakeDist(), LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, { logStream: log.stream });
    const before = log.lines().length;
    await visit(t);
    const lines = log.lines().slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/company\/get-config 401 \d+ ms$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/nothing-here 404 \d+ ms$/);
  });

  it('JSON by default (production, or no terminal): a JSON object per line, the request and its answer', async () => {
    const log = capture();
    t = await startTestApp('sqlite', { SERVE_WEB: true, WEB_DIST: fakeDist(), LOG_LEVEL: 'info' }, { logStream: log.stream });
    const before = log.lines().length;
    await visit(t);
    const lines = log
      .lines()
      .slice(before)
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    expect(lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url)).toEqual(['/hub', '/assets/app-1234.js', '/api/company/get-config', '/api/nothing-here']);
    expect(lines.filter((l) => l.msg === 'request completed').map((l) => l.res?.statusCode)).toEqual([200, 200, 401, 404]);
  });
});
