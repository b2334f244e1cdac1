import { fillPath, type AnswerOf, type CallInput, type EndpointDefinition } from '@portal/shared/endpoint';
import { api } from './api-client';

interface CallOptions {
  /** Aborts the call (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  /** Extra request headers (the Idempotency-Key of a payment). */
  headers?: Record<string, string>;
  /** A file upload sends a form instead of the endpoint's JSON body. */
  form?: FormData;
}

type Args<E extends EndpointDefinition> = Record<string, never> extends CallInput<E> ? [input?: CallInput<E> & CallOptions] : [input: CallInput<E> & CallOptions];

/** Calls one endpoint of the contract (packages/shared/src/endpoints): its method, its path with the parameters filled in, its query and body. */
export function call<E extends EndpointDefinition>(endpoint: E, ...[input]: Args<E>): Promise<AnswerOf<E>> {
  const given = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown } & CallOptions;
  const query = given.query
    ? Object.fromEntries(Object.entries(given.query).map(([key, value]) => [key, value === undefined || value === null ? undefined : typeof value === 'number' ? value : String(value)]))
    : undefined;
  return api<AnswerOf<E>>(fillPath(endpoint.path, given.params), {
    method: endpoint.method,
    query,
    body: given.form ?? given.body,
    signal: given.signal,
    headers: given.headers,
  });
}

/** An endpoint's address with its parameters and query filled in, for a link or an `<img src>` (a PDF, a picture, a calendar feed). */
export function endpointUrl<E extends EndpointDefinition>(endpoint: E, input: { params?: Record<string, string | number>; query?: Record<string, string | number | undefined> } = {}): string {
  const path = fillPath(endpoint.path, input.params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
