import type { FastifyInstance } from 'fastify';
import { messagingEndpoints as endpoints } from '@portal/shared/endpoints/messaging';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { pushState, subscribe, unsubscribe } from './push.service.ts';

/** Push on and off for the signed-in family's device (decision 100). */
export async function pushRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.push, ({ ctx, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return pushState(ctx, ctx.company.id, ctx.clientId, query.endpoint);
  });
  route(app, base, endpoints.subscribePush, ({ ctx, body, req }) => subscribe(ctx, ctx.company.id, ctx.clientId, body, req.headers['user-agent'] ?? ''));
  route(app, base, endpoints.unsubscribePush, ({ ctx, query }) => unsubscribe(ctx, ctx.company.id, ctx.clientId, query.endpoint));
}
