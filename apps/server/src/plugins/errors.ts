import type { FastifyError, FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { serverMessages } from '@portal/shared/messages';
import { ZodError } from 'zod';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** At most this much of a refused body is read and thrown away, for at most this long; past either, the connection is closed. */
const DISCARD_BYTES = 64 * 1024 * 1024;
const DISCARD_MS = 30_000;

function discardBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DISCARD_BYTES) done();
    };
    const timer = setTimeout(done, DISCARD_MS);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.resume();
  });
}

/** One error handler: AppErrors and validation failures become the contract's error body; nothing else leaks. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
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
    if (err.statusCode === 413) {
      // A browser sends the whole body before it reads any answer: closing on it mid-send resets the
      // connection and the page sees a network error. Read the rest (within bounds) and throw it away first.
      await discardBody(req.raw);
      return reply.code(413).send({ message: 'Request is too large', code: 'TOO_LARGE' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply.code(err.statusCode).send({ message: 'Invalid request', code: 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL stopped or out of reach (decision 088): no stack, a message a parent can act on, and a hint for a retry.
      req.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: ERROR_MESSAGES.DATABASE_UNAVAILABLE, code: 'DATABASE_UNAVAILABLE' });
    }
    if (['22021', '22P05'].includes(String((err as { code?: unknown }).code))) {
      // PostgreSQL refused a character it cannot store: the request's fault, said as such (the text rules refuse these first).
      return reply.code(400).send({ message: 'Invalid request', code: 'BAD_REQUEST' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: serverMessages.serverError, code: 'SERVER_ERROR' });
  });

  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: serverMessages.notFound, code: 'NOT_FOUND' }));
});
