import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Env } from '../config/env.ts';

/** Whether the log is written for a person: asked for, or a development server logging to a terminal. */
export function prettyLog(env: Pick<Env, 'LOG_FORMAT' | 'NODE_ENV'>, toTerminal: boolean): boolean {
  return env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT === undefined && env.NODE_ENV === 'development' && toTerminal);
}

/**
 * pino-pretty, loaded only where the log is pretty: one line per entry, the time of day, the
 * level, the message, written as it comes (so nothing logged before the start-up banner follows it).
 */
export async function prettyStream(destination: NodeJS.WritableStream | undefined, colorize: boolean) {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ singleLine: true, colorize, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', sync: true, ...(destination ? { destination } : {}) });
}

/**
 * A pretty log's line per request, in place of Fastify's two JSON entries: the call, its status
 * and its time. Answers that are not JSON (the web app's pages, scripts and fonts: a page's visit
 * fetches dozens; a poll's 304) get no line unless refused; every call answered in JSON does.
 * Errors keep their own entries, stack included.
 */
export class OneLinePerRequest extends LogController {
  constructor(private readonly redactUrl: (url: string) => string) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const url = this.redactUrl(req.url);
    const status = reply.statusCode;
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (!error && status < 400 && !json) return;
    const line = `${req.method} ${url} ${status} ${Math.round(reply.elapsedTime)} ms`;
    if (error || status >= 500) reply.log.error(line);
    else reply.log.info(line);
  }

  override routeNotFound() {}
}
