import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@portal/shared/api-schemas';

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

/**
 * A weak validator for a polled list: the list's kind, whose list it is, which page, and what
 * its version query read. Hashed so no internal id or count goes out in clear.
 */
export function listEtag(...parts: (string | number | null)[]): string {
  return `W/"${hash('sha1', parts.join('|'), 'base64url')}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
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
 * Answers a polled list with its ETag. A browser that sends one it holds is first checked
 * against the list's version alone (one cheap query) and gets a 304 with no body when it
 * matches; otherwise the page is read, with its version in the same query.
 */
export async function sendPolledList<V, B>(
  req: FastifyRequest,
  reply: FastifyReply,
  list: { etag: (version: V) => string; readVersion: () => Promise<V>; readPage: () => Promise<{ version: V; body: B }> },
): Promise<B | FastifyReply> {
  const held = req.headers['if-none-match'];
  if (held) {
    const current = list.etag(await list.readVersion());
    if (matchesEtag(held, current)) return validated(reply, current).code(304).send();
  }
  const { version, body } = await list.readPage();
  validated(reply, list.etag(version));
  return body;
}
