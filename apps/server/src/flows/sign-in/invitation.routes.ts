import type { FastifyInstance } from 'fastify';
import { familyAccessEndpoints as endpoints } from '@portal/shared/endpoints/family-access';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { throttle, withSignInFailures } from '../../lib/sign-in-throttle.ts';
import { acceptInvitation, describeInvitation } from '../../modules/family-access/family-access.api.ts';
import { enterCompany } from './company-entry.routes.ts';
import { signInCustomer } from './sign-in.routes.ts';

/** An invitation's link (decision 101): what it offers, and its answer, which signs the browser in to the family as the new guardian. */
export async function invitationRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.invitation, async ({ ctx, params, req }) => {
    await throttle(req, 'reset');
    return describeInvitation(ctx, params.token);
  });

  route(app, base, endpoints.accept, async ({ ctx, params, body, req, reply }) => {
    await throttle(req, 'signin');
    // A wrong password for the address's sign-in counts as a failed sign-in to that address.
    const { email } = await describeInvitation(ctx, params.token);
    const accepted = await withSignInFailures(ctx, { email, ip: req.ip }, () => acceptInvitation(ctx, params.token, body));
    await enterCompany(ctx, req, reply, accepted.company);
    const answer = await signInCustomer(ctx, req, reply, accepted.company, accepted.clientId, accepted.guardian);
    return { success: true as const, ...answer };
  });
}
