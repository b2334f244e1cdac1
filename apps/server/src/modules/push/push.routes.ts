import type { FastifyInstance } from 'fastify';
import { messagingEndpoints as endpoints } from '@portal/shared/endpoints/messaging';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { FCM_PREFIX } from './channels.ts';
import { nativeDeviceState, pushState, registerNativeDevice, subscribe, unsubscribe } from './push.service.ts';

/** Push on and off for the signed-in family's device: a browser's (decision 100) or the native app's (decision 102). */
export async function pushRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.push, ({ ctx, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return pushState(ctx, ctx.company.id, ctx.clientId, query.endpoint);
  });
  route(app, base, endpoints.subscribePush, ({ ctx, body, req }) => subscribe(ctx, ctx.company.id, ctx.clientId, body, req.headers['user-agent'] ?? ''));
  route(app, base, endpoints.unsubscribePush, ({ ctx, query }) => unsubscribe(ctx, ctx.company.id, ctx.clientId, query.endpoint));
  // The native app's device token (decision 102).
  route(app, base, endpoints.nativeDevice, ({ ctx, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return nativeDeviceState(ctx, ctx.company.id, ctx.clientId, query.token);
  });
  route(app, base, endpoints.registerNativeDevice, ({ ctx, body }) => registerNativeDevice(ctx, ctx.company.id, ctx.clientId, body));
  route(app, base, endpoints.removeNativeDevice, ({ ctx, query }) => unsubscribe(ctx, ctx.company.id, ctx.clientId, `${FCM_PREFIX}${query.token}`));
}
