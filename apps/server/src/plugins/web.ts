import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@portal/shared/endpoint';
import { ACTIONS_COOKIE, NO_COMPANY_META, PAY_COOKIE, PAY_META, ROLE_COOKIE, roleOfCookie, startupCallsFor, startupScreens, startupScreensFor } from '@portal/shared/startup-calls';
import { isTokenShaped } from '../lib/tokens.ts';
import { COMPANY_COOKIE, CUSTOMER_COOKIE } from './auth.ts';
import { withStripeOrigins } from './security.ts';

/**
 * The page with the calls the portal will make first named as preloads (shared/startup-calls.ts),
 * so the browser fetches them while it downloads the scripts instead of after, and the script of
 * its first screen as module preloads (the files the build listed for it, decision 031). Which
 * depends only on the session cookies the request carries (no database read for a page); the
 * web app takes each preloaded answer once, for its first call of that URL. With no company
 * session the page says so (`NO_COMPANY_META`), and the web app skips the get-config that could
 * only fail.
 */
export function pageWithPreloads(html: string, urls: string[], modules: string[] = [], noCompany = false): string {
  if (urls.length === 0 && modules.length === 0 && !noCompany) return html;
  const hint = noCompany ? [`<meta name="${NO_COMPANY_META}" content="none">`] : [];
  const calls = urls.map((url) => `<link rel="preload" href="${url.replaceAll('&', '&amp;')}" as="fetch" crossorigin="use-credentials">`);
  const scripts = modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
  return html.replace('</head>', `${[...hint, ...calls, ...scripts].join('')}</head>`);
}

/** The build's list of each first screen's script files (.vite/first-screens.json); none without it. */
function readFirstScreens(dist: string): Record<string, string[]> {
  const file = path.join(dist, '.vite', 'first-screens.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
}

/**
 * Serves the built portal: hashed assets with a long cache, and index.html for every client-side
 * route (GET, and HEAD for monitors) so deep links work. /api paths and file names that match
 * nothing stay JSON 404s.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { dist: string }) => {
  const index = path.join(opts.dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`web app not built (${index} missing): run "npm run build" to serve the portal`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.dist,
    wildcard: false,
    index: false,
    globIgnore: ['index.html'],
    // The build writes .br and .gz beside each asset; the best one the browser accepts is sent.
    preCompressed: true,
    // Hashed bundles never change under the same name; the few root files (icons) revalidate.
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = fs.readFileSync(index, 'utf8');
  const screens = readFirstScreens(opts.dist);
  const unlisted = Object.values(startupScreens)
    .flatMap((byPage) => Object.values(byPage).flat())
    .filter((name) => !screens[name]);
  if (unlisted.length > 0) app.log.warn(`the web build lists no script for the first screens ${unlisted.join(', ')}: their pages go without module preloads`);
  const modulesFor = (names: string[]) => [...new Set(names.flatMap((name) => screens[name] ?? []))];
  // exposeHeadRoutes (Fastify's default) answers HEAD from this GET route.
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith(`${API_PREFIX}/`) || url === API_PREFIX || path.extname(url)) return reply.callNotFound();
    const cookies: Record<string, string | undefined> = req.cookies ?? {};
    const sessions = {
      company: isTokenShaped(cookies[COMPANY_COOKIE]),
      customer: isTokenShaped(cookies[CUSTOMER_COOKIE]),
      role: roleOfCookie(cookies[ROLE_COOKIE]),
      actionsPending: cookies[ACTIONS_COOKIE] === 'pending',
    };
    let page = pageWithPreloads(html, startupCallsFor(url, sessions), modulesFor(startupScreensFor(url, sessions)), !sessions.company);
    // The page differs by the cookies it was asked with: no shared cache may hand it to another
    // browser. It differs by Accept-Encoding too (compressed when accepted, plugins/compression.ts),
    // which the compression says only on the answers it compresses.
    // The company's processor loads its script in the page (its configuration answer left the hint).
    const policy = reply.raw.getHeader('content-security-policy');
    if (sessions.company && cookies[PAY_COOKIE] === 'stripe' && typeof policy === 'string') {
      reply.header('content-security-policy', withStripeOrigins(policy));
      // The page knows it may load Stripe.js (lib/stripe.ts); without it, it reloads once to get this policy.
      page = page.replace('</head>', `<meta name="${PAY_META}" content="stripe"></head>`);
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').header('vary', 'cookie, accept-encoding').send(page);
  });
});
