import type { FastifyInstance } from 'fastify';
import { accountSecurityEndpoints as endpoints } from '@portal/shared/endpoints/account-security';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { listActivity } from './activity.service.ts';

/** The family's activity log, read only (decision 098). */
export async function activityRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.activity, ({ ctx, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return listActivity(ctx, ctx.company.id, ctx.clientId, query.page);
  });
}
