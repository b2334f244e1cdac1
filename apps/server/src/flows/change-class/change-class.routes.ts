import type { FastifyInstance } from 'fastify';
import { classEndpoints as endpoints } from '@portal/shared/endpoints/classes';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { classChangeOptions } from '../../modules/classes/classes.api.ts';
import { changeClass } from './change-class.service.ts';

/** A family moving a child to another class themselves (issue 22 §5, decision 096). */
export async function changeClassRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.changeOptions, ({ ctx, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return classChangeOptions(ctx, ctx.company, ctx.clientId, query);
  });
  route(app, base, endpoints.changeClass, ({ ctx, body }) => changeClass(ctx, ctx.company, ctx.clientId, body));
}
