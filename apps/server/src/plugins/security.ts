import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serverMessages } from '@portal/shared/messages';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * helmet's headers, computed once: they never vary by request, and building them per request
 * cost as much as the notification poll's own query.
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, res, () => {});
  return headers;
}

/**
 * Security headers and CSRF: cookies are SameSite=Lax, and every unsafe method is refused
 * when the browser says the request comes from another site.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { trustedOrigins: string[] }) => {
  const headers = securityHeaders();
  app.addHook('onSend', async (_req, reply) => {
    reply.headers(headers);
  });

  const trusted = new Set(opts.trustedOrigins);
  app.addHook('onRequest', async (req, reply) => {
    if (!UNSAFE.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'same-site' && site !== 'none') {
      return reply.code(403).send({ message: serverMessages.crossSite, code: 'CROSS_SITE' });
    }
    const origin = req.headers.origin;
    // An opaque origin ("null": sandboxed frames, some redirects) is never this site.
    if (origin === 'null') return reply.code(403).send({ message: serverMessages.crossSite, code: 'CROSS_SITE' });
    if (origin) {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return reply.code(403).send({ message: serverMessages.crossSite, code: 'CROSS_SITE' });
      }
      if (host !== req.headers.host && !trusted.has(origin)) {
        return reply.code(403).send({ message: serverMessages.crossSite, code: 'CROSS_SITE' });
      }
    }
  });
});
