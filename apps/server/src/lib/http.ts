import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@portal/shared/api-schemas';

export type App = ReturnType<FastifyInstance['withTypeProvider']>;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Error statuses every route may answer, so the OpenAPI document lists them. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
};

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(6),
});

/** A row id in a query string or path, where every value arrives as text. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export function pagedQuery<const S extends readonly [string, ...string[]]>(defaultLimit: number, statuses: S) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
    status: z.enum(statuses).default(statuses[0]),
  });
}

/**
 * A weak validator for a polled list: the list's kind, whose list it is, which page, and what
 * its version query read. Hashed so no internal id or count goes out in clear.
 */
export function listEtag(...parts: (string | number | null)[]): string {
  return `W/"${createHash('sha1').update(parts.join('|')).digest('base64url')}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** A polled list's answer is personal: never stored by a browser or proxy; the client revalidates it itself. */
function validated(reply: FastifyReply, etag: string): FastifyReply {
  return reply.header('etag', etag).header('cache-control', 'no-store');
}

/**
 * Answers a polled list with its ETag, from one query beside the session whatever the browser
 * holds: the page with the list's version in the same query (decision 008). When the browser's
 * If-None-Match names the current ETag the answer is a 304 with no body, so nothing is
 * serialised or sent; otherwise the page just read is the answer.
 */
export async function sendPolledList<V, B>(
  req: FastifyRequest,
  reply: FastifyReply,
  list: { etag: (version: V) => string; readPage: () => Promise<{ version: V; body: B }> },
): Promise<B | FastifyReply> {
  const { version, body } = await list.readPage();
  const etag = list.etag(version);
  validated(reply, etag);
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return body;
}
