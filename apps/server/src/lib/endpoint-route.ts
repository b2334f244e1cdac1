import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Company } from '../domain/company.ts';
import { CALLER_ERRORS, type AnswerInputOf, type BodyOf, type Caller, type EndpointDefinition, type HeadersOf, type ParamsOf, type QueryOf } from '@portal/shared/endpoint';
import { SWITCH_REFUSALS } from '@portal/shared/switch-refusals';
import { forRequest, type Ctx, type RequestCtx } from '../context.ts';
import { AppError } from './app-error.ts';
import { errorResponses } from './http.ts';

type CompanyOf<A extends Caller> = A extends 'public' ? Company | undefined : Company;
type ClientOf<A extends Caller> = A extends 'customer' ? number : number | undefined;

/** What a handler receives: the request's context and the validated input. */
export interface EndpointCall<E extends EndpointDefinition> {
  ctx: RequestCtx<CompanyOf<E['auth']>, ClientOf<E['auth']>>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  headers: HeadersOf<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** What a route adds to its definition: hooks and settings that are the server's business alone. */
export type RouteExtras = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'bodyLimit'> & {
  /** Fastify route config besides what the definition sets (an upload, a rate-limit bucket). */
  config?: Record<string, unknown>;
  /** Answers besides 200 and the error statuses, for the OpenAPI document. */
  responses?: Record<number, unknown>;
  /** Content types the route takes besides JSON. */
  consumes?: string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The definition the route was registered from. */
    endpoint?: EndpointDefinition;
  }
}

/**
 * Registers `endpoint` on `app`: its method, path, caller (the auth plugin reads it), schemas and
 * company switches (checked here, once, after the sessions are resolved and before the body is
 * validated). The handler gets one context for the request, holding the company and customer.
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  base: Ctx,
  endpoint: E,
  handler: (call: EndpointCall<E>) => Promise<AnswerInputOf<E> | FastifyReply> | AnswerInputOf<E> | FastifyReply,
  extras: RouteExtras = {},
): void {
  const gate = endpoint.switches?.length
    ? async (req: FastifyRequest) => {
        const switches = req.company?.settings.switches;
        const off = endpoint.switches?.find((name) => !switches?.[name]);
        if (off) throw new AppError(403, SWITCH_REFUSALS[off].code, SWITCH_REFUSALS[off].message);
      }
    : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...extras.config, auth: endpoint.auth, duringSignInActions: endpoint.duringSignInActions, endpoint },
    ...(gate ? { preValidation: gate } : {}),
    onRequest: extras.onRequest,
    preHandler: extras.preHandler,
    bodyLimit: extras.bodyLimit,
    schema: {
      tags: [...endpoint.tags],
      description: describe(endpoint),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(extras.consumes ? { consumes: extras.consumes } : {}),
      response: { ...(endpoint.response ? { 200: endpoint.response } : {}), ...extras.responses, ...errorResponses },
    },
    handler: (req, reply) =>
      handler({
        ctx: forRequest(base, { company: req.company as CompanyOf<E['auth']>, clientId: req.customer?.clientId as ClientOf<E['auth']>, guardian: req.customer?.guardian ?? null, log: req.log }),
        params: req.params as ParamsOf<E>,
        query: req.query as QueryOf<E>,
        body: req.body as BodyOf<E>,
        headers: req.headers as HeadersOf<E>,
        req,
        reply,
      }),
  });
}

function describe(endpoint: EndpointDefinition): string {
  const codes = [...new Set([...(endpoint.errors ?? []), ...CALLER_ERRORS[endpoint.auth]])];
  const switches = endpoint.switches?.length ? ` Needs the company's ${endpoint.switches.join(', ')} switched on.` : '';
  return `${endpoint.description ?? ''}${endpoint.description ? ' ' : ''}Caller: ${endpoint.auth}.${switches} Error codes: ${codes.join(', ')}.`;
}
