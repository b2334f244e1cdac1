import type { ApiError } from '@portal/shared/api-schemas';
import type { ErrorCode } from '@portal/shared/error-codes';
import { API_PREFIX, fillPath } from '@portal/shared/endpoint';
import { companyEndpoints } from '@portal/shared/endpoints/company';
import { NO_COMPANY_META, startupCalls } from '@portal/shared/startup-calls';
import { useSessionStore } from './session-store';
import { useUiStore } from './ui-store';

export class ApiRequestError extends Error {
  readonly status: number;
  /** UNKNOWN when the answer named no code (a proxy's page, a dropped connection). */
  readonly code: ErrorCode | 'UNKNOWN';
  /** The fields or lines refused, each with its own code where the lines of one refusal differ. */
  readonly errors: NonNullable<ApiError['errors']>;

  constructor(status: number, body: Partial<ApiError>) {
    super(body.message || 'Something went wrong. Please try again.');
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body.code ?? 'UNKNOWN';
    this.errors = body.errors ?? [];
  }
}

/** Whether asking again may answer otherwise: no answer, the server's own failure, a time-out or a limit; not a refusal. */
export function mayPassOnRetry(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Aborts the call (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  /** Extra request headers (the Idempotency-Key of a payment). */
  headers?: Record<string, string>;
}

/**
 * The last answer to each GET that carried an ETag (the polled lists), kept in memory only:
 * the next call sends `If-None-Match` and a 304 reuses it. The browser's HTTP cache is kept
 * out (`cache: 'no-store'`, and the server says no-store): nothing personal is written to disk.
 * ETags are per customer, so an answer kept for one customer never satisfies another's call.
 */
const held = new Map<string, { etag: string; data: unknown }>();
const HELD_MAX = 50;

/** Forgets every kept answer: resetIdentity calls it on every identity change. */
export function forgetHeldAnswers(): void {
  held.clear();
  early.clear();
  noCompanyAtStart = false;
  noCompanyLeft = false;
}

const REQUEST_INIT = { credentials: 'include', cache: 'no-store' } as const satisfies RequestInit;

/**
 * The calls the page named as preloads (the server lists the portal's startup calls in it,
 * shared/startup-calls.ts), asked for once as the app starts and taken by the first api() call
 * of each URL: the answers arrive while the scripts are still loading instead of one after
 * another. Taken once, forgotten on an identity change, and unused after EARLY_MS, so a page
 * opened later never shows an answer from the page load.
 */
const early = new Map<string, Promise<Response>>();
const EARLY_MS = 10_000;
let earlyUntil = 0;
/** The page said the browser carries no company session: the first get-config would answer 401. */
let noCompanyAtStart = false;
/** The family has just left its company ("Change Company"): get-config would answer 401 until another is chosen. */
let noCompanyLeft = false;
/** The page was preloading get-config: the browser came with a company session, which its answer names. */
let companyAtStart = false;

export function startPreloadedCalls(doc: Document = document): void {
  noCompanyAtStart = doc.querySelector(`meta[name="${NO_COMPANY_META}"][content="none"]`) !== null;
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const url = link.getAttribute('href');
    if (!url?.startsWith(`${API_PREFIX}/`) || early.has(url)) continue;
    const answer = fetch(url, { ...REQUEST_INIT, headers: { Accept: 'application/json' } });
    // A failed early call is made again by the caller; it must not surface as unhandled.
    answer.catch(() => undefined);
    early.set(url, answer);
  }
  companyAtStart = startupCalls.company.some((url) => early.has(url));
  earlyUntil = performance.now() + EARLY_MS;
}

/** Whether the page came with a company session: its get-config is already on its way, so waiting for it costs no call. */
export function companySessionAtStart(): boolean {
  return companyAtStart && performance.now() <= earlyUntil;
}

/**
 * True once, for the portal's first get-config, when the page said there is no company session
 * to ask with, or for the next one after the family left its company: the caller answers "no
 * company" without a call that can only fail. Any identity change (a company chosen) forgets it.
 */
export function takeNoCompanyKnown(): boolean {
  const known = noCompanyLeft || (noCompanyAtStart && performance.now() <= earlyUntil);
  noCompanyAtStart = false;
  noCompanyLeft = false;
  return known;
}

/** Told once the company session has ended ("Change Company", after the identity was reset): see takeNoCompanyKnown. */
export function companyLeft(): void {
  noCompanyLeft = true;
}

function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const answer = early.get(url);
  if (!answer) return undefined;
  early.delete(url);
  return performance.now() <= earlyUntil ? answer : undefined;
}

function hold(url: string, etag: string | null, data: unknown): void {
  held.delete(url);
  if (!etag) return;
  held.set(url, { etag, data });
  // A Map iterates in insertion order: the first key is the least recently answered.
  if (held.size > HELD_MAX) held.delete(held.keys().next().value!);
}

/**
 * A 401 only means "your customer session is gone" once a company is loaded; before that
 * (landing page, company choice) a 401 is just an answer. get-config flips this on.
 */
let companyLoaded = false;
export function setCompanyLoaded(loaded: boolean): void {
  companyLoaded = loaded;
}
export function isCompanyLoaded(): boolean {
  return companyLoaded;
}

/**
 * Told when a customer call answers 403 SIGN_IN_ACTIONS_PENDING: the company added an action while
 * the customer was signed in (decision 035). The app reads the queue again, and the guard then
 * holds the customer on /hub/sign-in-actions (L4).
 */
let signInActionsPending: () => void = () => {};
export function onSignInActionsPending(handler: () => void): void {
  signInActionsPending = handler;
}

const TOKEN_RELOAD_KEY = 'portal-token-reload-at';
const TOKEN_RELOAD_WINDOW_MS = 10_000;

/** The page is about to reload: keep callers pending so no error flashes on screen first. */
function pendingForever<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

async function handleTokenError(): Promise<boolean> {
  // A refresh that keeps failing would reload forever; one attempt per 10 s is enough.
  const last = Number(sessionStorage.getItem(TOKEN_RELOAD_KEY) ?? 0);
  if (Date.now() - last < TOKEN_RELOAD_WINDOW_MS) return false;
  sessionStorage.setItem(TOKEN_RELOAD_KEY, String(Date.now()));
  try {
    await fetch(fillPath(companyEndpoints.refreshToken.path, {}), {
      method: companyEndpoints.refreshToken.method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
  } catch {
    // A27: reload even when the refresh fails.
  }
  window.location.reload();
  return true;
}

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  let url = path.startsWith('/') ? path : `/${path}`;
  if (init.query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(init.query)) {
      if (value !== undefined) params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  let body: string | FormData | undefined;
  if (init.body instanceof FormData) {
    // A file upload: the browser writes the multipart content type with its boundary.
    body = init.body;
  } else if (init.body !== undefined || method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body ?? {});
  }

  const kept = method === 'GET' ? held.get(url) : undefined;
  if (kept) headers['If-None-Match'] = kept.etag;

  const request = () => fetch(url, { ...REQUEST_INIT, method, headers, body, signal: init.signal });
  const preloaded = method === 'GET' && !kept ? takeEarlyAnswer(url) : undefined;
  const response = await (preloaded ? preloaded.catch(request) : request());
  if (response.status === 304 && kept) {
    hold(url, kept.etag, kept.data);
    return kept.data as T;
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (response.ok) {
    if (method === 'GET') hold(url, response.headers.get('ETag'), data);
    return data as T;
  }
  if (method === 'GET') held.delete(url);

  const errorBody = (data && typeof data === 'object' ? data : {}) as Partial<ApiError>;
  const error = new ApiRequestError(response.status, errorBody);

  if (error.code === 'TOKEN_ERROR') {
    if (await handleTokenError()) return pendingForever<T>();
  } else if (response.status === 401 && error.code === 'UNAUTHENTICATED' && companyLoaded) {
    // A26: the customer session ended server-side; show the signed-out view.
    // Only reload when we believed we were signed in, so a guest can never loop.
    if (useSessionStore.getState().user) {
      useSessionStore.getState().clear();
      window.location.reload();
      return pendingForever<T>();
    }
  } else if (response.status === 403 && error.code === 'COMPANY_INACTIVE') {
    useUiStore.getState().setCompanyInactive(true);
  } else if (response.status === 403 && error.code === 'SIGN_IN_ACTIONS_PENDING') {
    signInActionsPending();
  }
  throw error;
}

/** What each browser's fetch says when no answer came (Chrome, Safari, Firefox, React Native): the connection, not the request. */
const NO_ANSWER = /^(Failed to fetch|Load failed|NetworkError when attempting to fetch resource\.?|Network request failed)$/;

/** No answer came at all (the connection dropped), as against a thrown bug or a refusal. */
export const isNoAnswer = (error: unknown): boolean => error instanceof TypeError && NO_ANSWER.test(error.message);

/** The message an error box shows for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  if (isNoAnswer(error)) return 'We could not reach the server. Please check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
