import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import { serverMessages } from '@portal/shared/messages';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * helmet's headers for the portal. HSTS and upgrade-insecure-requests only when customers reach
 * the portal over HTTPS: on a plain-HTTP local network they would stop the portal from loading
 * its own scripts.
 */
export function helmetOptions(https: boolean) {
  // Checked against helmet's type but left inferred: helmet ships its ESM and CJS declarations
  // apart, and @fastify/helmet names the CJS one, which a declared HelmetOptions is not.
  return {
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
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  } satisfies HelmetOptions;
}

/**
 * The same headers for an answer that skips the app's hooks: Fastify's router-level errors
 * (bad percent-encoding, over-long URLs), which runtime.ts answers in `frameworkErrors`.
 */
export function securityHeaders(https: boolean): (req: FastifyRequest, reply: FastifyReply) => void {
  const apply = helmet(helmetOptions(https));
  return (req, reply) => apply(req.raw, reply.raw, () => {});
}

/**
 * The origins Stripe.js needs (decision 103): its script, the frames of the Payment Element and
 * of 3-D Secure, and its API. Added only to the pages of a company whose processor is Stripe.
 */
const STRIPE_ORIGINS: Record<string, string[]> = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/** A content security policy with Stripe's origins added to the directives that need them. */
export function withStripeOrigins(policy: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const [name, origins] of Object.entries(STRIPE_ORIGINS)) {
    const at = directives.findIndex((d) => d === name || d.startsWith(`${name} `));
    // A directive the policy leaves to default-src starts from 'self', as default-src says.
    if (at === -1) directives.push(`${name} 'self' ${origins.join(' ')}`);
    else directives[at] = `${directives[at]} ${origins.join(' ')}`;
  }
  return directives.join(';');
}

function refuse(reply: FastifyReply, status: number, message: string, code: string) {
  return reply.code(status).send({ message, code });
}

/**
 * Security headers, CSRF and what an unsafe call may carry: cookies are SameSite=Lax, every
 * unsafe method is refused when the browser says the request comes from another site, and an
 * unsafe method carries JSON (UTF-8) or nothing at all, so no form or `text/plain` request from
 * another site (which a browser sends without asking) is ever processed.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { trustedOrigins: string[]; https: boolean; trustProxy: boolean }) => {
  app.decorate('publicHttps', opts.https);
  // Before the checks below, so their refusals carry the headers too.
  await app.register(fastifyHelmet, helmetOptions(opts.https));
  app.addHook('onSend', async (_req, reply) => {
    // Nothing an API answers belongs in a shared or disk cache; a route that means otherwise says so.
    if (!reply.hasHeader('cache-control') && String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      reply.header('cache-control', 'no-store');
    }
  });

  let warnedForwarded = opts.trustProxy;
  const trusted = new Set(opts.trustedOrigins);
  app.addHook('onRequest', async (req, reply) => {
    if (!warnedForwarded && req.headers['x-forwarded-for'] !== undefined) {
      warnedForwarded = true;
      req.log.warn('requests carry X-Forwarded-For but TRUST_PROXY is off: every client behind the proxy shares one address in the throttles; set TRUST_PROXY to the proxy hop count or addresses');
    }
    if (!UNSAFE.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'same-site' && site !== 'none') return refuse(reply, 403, serverMessages.crossSite, 'CROSS_SITE');
    const origin = req.headers.origin;
    // An opaque origin ("null": sandboxed frames, some redirects) is never this site.
    if (origin === 'null') return refuse(reply, 403, serverMessages.crossSite, 'CROSS_SITE');
    if (origin) {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return refuse(reply, 403, serverMessages.crossSite, 'CROSS_SITE');
      }
      if (host !== req.headers.host && !trusted.has(origin)) return refuse(reply, 403, serverMessages.crossSite, 'CROSS_SITE');
    }

    const type = req.headers['content-type'];
    if (type === undefined) {
      const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
      if (hasBody) return refuse(reply, 415, serverMessages.jsonOnly, 'UNSUPPORTED_MEDIA_TYPE');
      return;
    }
    const [media = '', ...params] = type.split(';').map((p) => p.trim().toLowerCase());
    // A route that takes an upload says so; the site checks above still apply to it.
    if (media === 'multipart/form-data' && req.routeOptions.config.upload === true) return;
    if (media !== 'application/json') return refuse(reply, 415, serverMessages.jsonOnly, 'UNSUPPORTED_MEDIA_TYPE');
    const charset = params
      .find((p) => p.startsWith('charset='))
      ?.slice('charset='.length)
      .replace(/^"|"$/g, '');
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return refuse(reply, 415, serverMessages.jsonOnly, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart/form-data (a picture upload) besides JSON. */
    upload?: boolean;
  }
  interface FastifyInstance {
    /** PUBLIC_URL is https: cookies are Secure whatever the request's protocol. */
    publicHttps: boolean;
  }
}
