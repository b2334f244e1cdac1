import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { serverMessages } from '@portal/shared/messages';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers and CSRF: cookies are SameSite=Lax, and every unsafe method is refused
 * when the browser says the request comes from another site.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { trustedOrigins: string[] }) => {
  await app.register(helmet, {
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
  });

  const trusted = new Set(opts.trustedOrigins);
  app.addHook('onRequest', async (req, reply) => {
    if (!UNSAFE.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'same-site' && site !== 'none') {
      return reply.code(403).send({ message: serverMessages.crossSite, code: 'CROSS_SITE' });
    }
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
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
