import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { serverMessages } from '@portal/shared/messages';
import { devOutboxAnswerSchema } from '@portal/shared/mail-schemas';
import { errorResponses, typed } from '../../lib/http.ts';

/** Development without SMTP: the last messages as sent, held in memory, shown on loopback only. */
export function devOutboxEnabled(env: Pick<Env, 'NODE_ENV' | 'SMTP_URL'>): boolean {
  return env.NODE_ENV !== 'production' && !env.SMTP_URL;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function mailRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  if (!devOutboxEnabled(deps.env)) return;
  typed(app).get(
    '/api/dev/outbox',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['development'],
        description: 'Development only (no SMTP_URL, NODE_ENV not production), from this machine only: the last 100 messages as sent, secrets included.',
        response: { 200: devOutboxAnswerSchema, ...errorResponses },
      },
    },
    async (req) => {
      if (!LOOPBACK.has(req.ip)) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
      return { mails: deps.mailer.held() };
    },
  );
}
