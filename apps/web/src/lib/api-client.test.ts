// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, forgetHeldAnswers } from './api-client';

interface Sent {
  url: string;
  method: string;
  ifNoneMatch: string | null;
  cache: RequestCache | undefined;
}

let sent: Sent[];
let answers: (() => Response)[];

beforeEach(() => {
  sent = [];
  answers = [];
  forgetHeldAnswers();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    sent.push({ url, method: init.method ?? 'GET', ifNoneMatch: headers.get('If-None-Match'), cache: init.cache });
    return answers.shift()!();
  });
});

afterEach(() => vi.unstubAllGlobals());

const ok = (body: unknown, etag?: string) => () =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...(etag ? { ETag: etag } : {}) } });
const notModified = (etag: string) => () => new Response(null, { status: 304, headers: { ETag: etag } });

describe('api: revalidating polled answers', () => {
  it('sends back the ETag of the last answer to the same URL, bypassing the HTTP cache, and reuses that answer on a 304', async () => {
    const url = '/api/notification?page=1&limit=5&status=All';
    answers.push(ok({ total_count_new: 3 }, 'W/"a"'), notModified('W/"a"'), ok({ total_count_new: 4 }, 'W/"b"'), notModified('W/"b"'));
    expect(await api(url)).toEqual({ total_count_new: 3 });
    expect(await api(url)).toEqual({ total_count_new: 3 });
    expect(await api(url)).toEqual({ total_count_new: 4 });
    expect(await api(url)).toEqual({ total_count_new: 4 });
    expect(sent.map((s) => [s.ifNoneMatch, s.cache])).toEqual([
      [null, 'no-store'],
      ['W/"a"', 'no-store'],
      ['W/"a"', 'no-store'],
      ['W/"b"', 'no-store'],
    ]);
  });

  it('keeps answers per URL, not for answers without an ETag, and never sends a validator on a POST', async () => {
    answers.push(ok({ page: 1 }, 'W/"one"'), ok({ page: 2 }, 'W/"two"'), ok({ plain: true }), ok({ plain: true }), ok({ success: true }));
    await api('/api/messages', { query: { page: 1 } });
    await api('/api/messages', { query: { page: 2 } });
    await api('/api/company/get-config');
    await api('/api/company/get-config');
    await api('/api/messages/mark-read', { method: 'POST', body: { message_id: 1 } });
    expect(sent.map((s) => s.ifNoneMatch)).toEqual([null, null, null, null, null]);

    answers.push(notModified('W/"two"'));
    expect(await api('/api/messages', { query: { page: 2 } })).toEqual({ page: 2 });
    expect(sent.at(-1)?.ifNoneMatch).toBe('W/"two"');
  });

  it('forgets an answer once its URL answers an error, and all of them on an identity change', async () => {
    answers.push(ok({ n: 1 }, 'W/"x"'), () => new Response(JSON.stringify({ message: 'Nope', code: 'NOT_FOUND' }), { status: 404 }), ok({ n: 2 }, 'W/"y"'));
    await api('/api/x');
    await expect(api('/api/x')).rejects.toThrow('Nope');
    await api('/api/x');
    expect(sent.map((s) => s.ifNoneMatch)).toEqual([null, 'W/"x"', null]);
    forgetHeldAnswers();
    answers.push(ok({ n: 3 }, 'W/"z"'));
    await api('/api/x');
    expect(sent.at(-1)?.ifNoneMatch).toBeNull();
  });
});
