import type { FastifyContextConfig, FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

/** One method of one registered route, as it was declared. */
export interface RouteEntry {
  method: HTTPMethods;
  /** The full path with its prefix, parameters as `:name` (`/api/student/:id`). */
  url: string;
  /** The route's own config (who may call it: `auth`, `upload`, ...); empty when it declared none. */
  config: Partial<FastifyContextConfig>;
  schema: FastifySchema | undefined;
}

/**
 * Every route the app registers, one entry per method, collected as each is registered
 * (`onRoute`), so tests and tools read the real routes with their declarations instead of
 * Fastify's printed tree. Registered first: a route registered before it is not seen.
 */
export const routeTablePlugin = fp(async (app: FastifyInstance) => {
  const table: RouteEntry[] = [];
  const getHandlers = new Map<string, unknown>();
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    for (const method of methods) {
      // The HEAD Fastify adds for each GET (exposeHeadRoutes) runs the GET's handler: it is that route.
      if (method === 'HEAD' && getHandlers.get(route.url) === route.handler) continue;
      if (method === 'GET') getHandlers.set(route.url, route.handler);
      table.push({ method, url: route.url, config: (route.config ?? {}) as Partial<FastifyContextConfig>, schema: route.schema });
    }
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route, in registration order (plugins/route-table.ts). */
    routeTable: readonly RouteEntry[];
  }
}
