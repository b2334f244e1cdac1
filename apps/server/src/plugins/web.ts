import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';

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
    // Hashed bundles never change under the same name; the few root files (icons) revalidate.
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = fs.readFileSync(index, 'utf8');
  // exposeHeadRoutes (Fastify's default) answers HEAD from this GET route.
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || path.extname(url)) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
});
