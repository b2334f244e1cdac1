import type { z } from 'zod';
import type { ErrorCode } from './error-codes';
import type { SWITCH_REFUSALS } from './switch-refusals';
import type { Access } from './family-roles';

/**
 * One HTTP endpoint, defined once: the server registers its route from this (apps/server
 * lib/endpoint-route.ts) and the web calls it with `call(endpoint, input)` (apps/web
 * lib/call.ts). Nothing else in either app names an `/api/` path.
 */
/** Every endpoint's path starts here; the portal's pages never do. */
export const API_PREFIX = '/api';

export type Caller =
  /** Anyone, no session needed. */
  | 'public'
  /** A browser holding a company session (the portal's visitor, signed in or not). */
  | 'company'
  /** A signed-in customer of that company. */
  | 'customer';

/** A company switch that can turn a whole endpoint off (each has its refusal in switch-refusals.ts). */
export type CompanySwitch = keyof typeof SWITCH_REFUSALS;

type Schema = z.ZodType;

export interface EndpointDefinition {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's path syntax: `/api/student/:id`. */
  readonly path: `/api/${string}`;
  readonly auth: Caller;
  /** A customer call that stays open while sign-in actions are pending (decision 021). */
  readonly duringSignInActions?: boolean;
  /** What a customer call touches, for the family roles (guardian-schemas.ts); a read defaults to `read`, any other call to `family`. */
  readonly access?: Access;
  /** Company switches that must all be on, checked once for every endpoint (refused with 403 FEATURE_DISABLED or the switch's own code). */
  readonly switches?: readonly CompanySwitch[];
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** Request headers the endpoint reads (the Idempotency-Key of a payment). */
  readonly headers?: Schema;
  /** The 200 answer. Absent where the answer is not JSON (a PDF, a picture, a calendar feed, a redirect). */
  readonly response?: Schema;
  /** The codes this endpoint's own rules refuse with, besides those any endpoint of its caller may answer. */
  readonly errors?: readonly ErrorCode[];
  /** OpenAPI grouping and text. */
  readonly tags: readonly string[];
  readonly description?: string;
}

/** Returns the definition as written, its schemas kept in its type for both sides to infer from. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

type Infer<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
type InferInput<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** What the handler receives, validated and coerced. */
export type ParamsOf<E extends EndpointDefinition> = Infer<E['params'], Record<string, never>>;
export type QueryOf<E extends EndpointDefinition> = Infer<E['query'], Record<string, never>>;
export type BodyOf<E extends EndpointDefinition> = Infer<E['body'], undefined>;
export type HeadersOf<E extends EndpointDefinition> = Infer<E['headers'], Record<string, never>>;
/** What the server answers (the handler may return anything the schema accepts). */
export type AnswerOf<E extends EndpointDefinition> = Infer<E['response'], unknown>;
export type AnswerInputOf<E extends EndpointDefinition> = InferInput<E['response'], unknown>;

/** What a caller hands in: the path's parameters, the query and the body, each as its schema's input. */
export type CallInput<E extends EndpointDefinition> = (E['params'] extends z.ZodType ? { params: z.input<E['params']> } : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: z.input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined });

const ANY_CALLER: readonly ErrorCode[] = ['BAD_REQUEST', 'VALIDATION', 'TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'CROSS_SITE', 'NOT_FOUND', 'RATE_LIMITED', 'SERVER_ERROR', 'DATABASE_UNAVAILABLE'];
const WITH_COMPANY: readonly ErrorCode[] = [...ANY_CALLER, 'COMPANY_REQUIRED', 'TOKEN_ERROR', 'COMPANY_INACTIVE', 'FEATURE_DISABLED'];

/** Every error code the caller kind itself may answer, whatever the endpoint. */
export const CALLER_ERRORS: Record<Caller, readonly ErrorCode[]> = {
  public: ANY_CALLER,
  company: WITH_COMPANY,
  customer: [...WITH_COMPANY, 'UNAUTHENTICATED', 'SIGN_IN_ACTIONS_PENDING', 'ROLE_FORBIDDEN'],
};

/** Fills a path's `:name` parameters, each encoded as one path segment. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
