import type { FastifyInstance, FastifyReply } from 'fastify';
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

/** Sends JSON text made earlier (a cached answer) as it is: Fastify passes a string with this type through. */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
