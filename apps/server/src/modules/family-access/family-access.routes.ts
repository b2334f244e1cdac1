import type { FastifyInstance } from 'fastify';
import { familyAccessEndpoints as endpoints } from '@portal/shared/endpoints/family-access';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { throttle } from '../../lib/sign-in-throttle.ts';
import * as service from './family-access.service.ts';

/** The holder's Family access (decision 101): who else signs in to the family, and as what. */
export async function familyAccessRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.list, ({ ctx }) => service.listFamilyAccess(ctx));
  route(app, base, endpoints.me, ({ ctx }) => service.ownAccess(ctx));
  // An invitation sends mail: counted per client address and per invited address, as a reset request is.
  route(app, base, endpoints.invite, async ({ ctx, body, req }) => {
    await throttle(req, 'reset', true);
    return service.inviteGuardian(ctx, body);
  });
  route(app, base, endpoints.withdraw, ({ ctx, params }) => service.withdrawInvitation(ctx, params.id));
  route(app, base, endpoints.changeRole, ({ ctx, params, body }) => service.changeRole(ctx, params.id, body.role));
  route(app, base, endpoints.revoke, ({ ctx, params }) => service.revokeGuardian(ctx, params.id));
}
