import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { serverMessages } from '@portal/shared/messages';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.ts';

/** One error handler: AppErrors and validation failures become the contract's error body; nothing else leaks. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.statusCode).send({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || ((v.params.issue as { path?: PropertyKey[] } | undefined)?.path ?? []).map(String).join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION', errors });
    }
    if ((err as unknown) instanceof ZodError) {
      // A body parsed inside a handler (a call whose shape depends on its step).
      const errors = (err as unknown as ZodError).issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION', errors });
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({ message: serverMessages.tooManyRequests, code: 'RATE_LIMITED' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply.code(err.statusCode).send({ message: err.statusCode === 413 ? 'Request is too large' : 'Invalid request', code: err.statusCode === 413 ? 'TOO_LARGE' : 'BAD_REQUEST' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: serverMessages.serverError, code: 'SERVER_ERROR' });
  });

  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: serverMessages.notFound, code: 'NOT_FOUND' }));
});
