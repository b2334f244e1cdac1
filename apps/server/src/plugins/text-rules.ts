import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONTROL_CHARACTER as CONTROL, CONTROL_CHARACTER_MESSAGE } from '@portal/shared/text-rules';
import { AppError } from '../lib/app-error.ts';

/**
 * The shared text rule (no control characters but tab, line feed and carriage return) for every
 * text a request carries, in its path, query and body: PostgreSQL cannot store NUL at all (it
 * answered 500). Refused here, before any route's schema, as a field error on the field that holds one.
 */

/** The dotted path of the first string holding a control character, or null. */
function findControl(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL.test(key)) return [...path, key].join('.');
    const found = findControl(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

export const textRulesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    // A body kept as its raw text (a processor's webhook, checked by its signature) is the processor's words, not a form's.
    for (const part of [req.params, req.query, typeof req.body === 'string' ? null : req.body]) {
      const field = findControl(part);
      if (field !== null) throw new AppError(400, 'VALIDATION', CONTROL_CHARACTER_MESSAGE, [{ field, message: CONTROL_CHARACTER_MESSAGE }]);
    }
  });
});
