import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';

/** Serves the built portal: hashed assets with a long cache; index.html comes from the not-found handler. */
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
  app.decorate('spaHtml', fs.readFileSync(index, 'utf8'));
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The built index.html, answered for client-side routes by the not-found handler. */
    spaHtml?: string;
  }
}
