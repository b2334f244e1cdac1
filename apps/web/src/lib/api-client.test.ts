// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_COMPANY_META, startupCallsFor } from '@portal/shared/startup-calls';
import { api, errorMessage, forgetHeldAnswers, startPreloadedCalls } from './api-client';
import { getCompanyConfig } from '@/entities/company/get-company-config';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import { getSignInActions } from '@/features/auth/api/get-sign-in-actions';
import { getOutstandingInvoices } from '@/features/home/api/get-outstanding-invoices';
import { getUpcomingClasses } from '@/features/home/api/get-upcoming-classes';

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

const ok = (body: unknown, etag?: string) => () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...(etag ? { ETag: etag } : {}) } });
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

function pageWithPreloads(urls: string[]): Document {
  const doc = document.implementation.createHTMLDocument('Hub');
  for (const url of urls) {
    const link = doc.createElement('link');
    for (const [name, value] of Object.entries({ rel: 'preload', href: url, as: 'fetch', crossorigin: 'use-credentials' })) link.setAttribute(name, value);
    doc.head.append(link);
  }
  return doc;
}

describe('api: the calls the page preloads', () => {
  it('asks for each once as the app starts, and the first call of that URL takes the answer', async () => {
    answers.push(ok({ config: 1 }), ok({ user: null }));
    startPreloadedCalls(pageWithPreloads(['/api/company/get-config', '/api/customer/me', 'https://elsewhere.example/x']));
    expect(sent.map((s) => [s.url, s.cache])).toEqual([
      ['/api/company/get-config', 'no-store'],
      ['/api/customer/me', 'no-store'],
    ]);
    expect(await api('/api/company/get-config')).toEqual({ config: 1 });
    expect(sent).toHaveLength(2);
    answers.push(ok({ config: 2 }));
    expect(await api('/api/company/get-config')).toEqual({ config: 2 });
    expect(sent).toHaveLength(3);
  });

  it('forgets them on an identity change, and after the first seconds', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      answers.push(ok({ config: 'old' }), ok({ user: 'old' }));
      startPreloadedCalls(pageWithPreloads(['/api/company/get-config', '/api/customer/me']));
      forgetHeldAnswers();
      answers.push(ok({ config: 'new' }));
      expect(await api('/api/company/get-config')).toEqual({ config: 'new' });

      answers.push(ok({ config: 'old' }));
      startPreloadedCalls(pageWithPreloads(['/api/company/get-config']));
      vi.advanceTimersByTime(11_000);
      answers.push(ok({ config: 'fresh' }));
      expect(await api('/api/company/get-config')).toEqual({ config: 'fresh' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers the first get-config "no company" without a call when the page says there is no company session', async () => {
    const page = pageWithPreloads([]);
    const hint = page.createElement('meta');
    hint.setAttribute('name', NO_COMPANY_META);
    hint.setAttribute('content', 'none');
    page.head.append(hint);

    startPreloadedCalls(page);
    await expect(getCompanyConfig()).rejects.toMatchObject({ status: 401, code: 'COMPANY_REQUIRED' });
    expect(sent).toEqual([]);
    // Only the first: once a company may have been chosen, the server is asked.
    answers.push(ok({ config: 1 }));
    expect(await getCompanyConfig()).toEqual({ config: 1 });
    expect(sent.map((s) => s.url)).toEqual(['/api/company/get-config']);

    // An identity change (a company chosen) forgets the hint before it is used.
    startPreloadedCalls(page);
    forgetHeldAnswers();
    answers.push(ok({ config: 2 }));
    expect(await getCompanyConfig()).toEqual({ config: 2 });
    // A page without the hint asks as before.
    startPreloadedCalls(pageWithPreloads([]));
    answers.push(ok({ config: 3 }));
    expect(await getCompanyConfig()).toEqual({ config: 3 });
    expect(sent).toHaveLength(3);
  });

  it('names exactly the URLs the portal calls as it starts (a preload serves only the same URL)', async () => {
    const bodies = [{}, { user: null }, { actions: [] }, { data: [] }, { data: [] }];
    answers.push(...bodies.map((b) => ok(b)));
    await getCompanyConfig();
    await currentUserQueryOptions.queryFn!({} as never);
    await getSignInActions();
    await getUpcomingClasses(1);
    await getOutstandingInvoices(1);
    expect(sent.map((s) => s.url)).toEqual(startupCallsFor('/hub/company', { company: true, customer: true }));
  });
});

describe('errorMessage', () => {
  it('says the connection failed where a browser’s fetch got no answer, in each browser’s words; other errors keep theirs', () => {
    for (const said of ['Failed to fetch', 'Load failed', 'NetworkError when attempting to fetch resource.']) {
      expect(errorMessage(new TypeError(said))).toBe('We could not reach the server. Please check your connection and try again.');
    }
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe("Cannot read properties of undefined (reading 'x')");
    expect(errorMessage('?')).toBe('Something went wrong. Please try again.');
  });
});
