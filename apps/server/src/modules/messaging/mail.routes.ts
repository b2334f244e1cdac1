import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { serverMessages } from '@portal/shared/messages';
import { companyEndpoints as endpoints } from '@portal/shared/endpoints/company';
import { route } from '../../lib/endpoint-route.ts';

/**
 * Development without SMTP: the last messages as sent, held in memory, shown to this machine only.
 * DEV_OUTBOX decides; unset, it is on when NODE_ENV is not production. Never with SMTP_URL: the
 * messages then go to real mailboxes and nothing is held.
 */
export function devOutboxEnabled(env: Pick<Env, 'NODE_ENV' | 'SMTP_URL' | 'DEV_OUTBOX'>): boolean {
  return !env.SMTP_URL && (env.DEV_OUTBOX ?? env.NODE_ENV !== 'production');
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether the request comes from this machine itself. The socket's own peer, not req.ip (which
 * TRUST_PROXY may take from a header), and no forwarding header at all: a reverse proxy on the
 * same host connects from loopback on behalf of anyone, and says so in one of these headers.
 */
function fromThisMachine(req: FastifyRequest): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && PROXY_HEADERS.every((h) => req.headers[h] === undefined);
}

export async function mailRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  if (!devOutboxEnabled(base.env)) return;
  app.log.warn(
    `the development outbox view is on: GET ${endpoints.devOutbox.path} (npm run portal -- outbox) shows e-mails as sent, codes and reset links included, to requests from this machine; set DEV_OUTBOX=false (or SMTP_URL, or NODE_ENV=production) to turn it off`,
  );
  route(app, base, endpoints.devOutbox, ({ ctx, req }) => {
    if (!fromThisMachine(req)) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
    return { mails: ctx.mailer.held() };
  });
}
