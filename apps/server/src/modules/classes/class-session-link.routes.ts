import type { FastifyInstance } from 'fastify';
import { apiErrorSchema } from '@portal/shared/api-schemas';
import { classSessionLinkMessages } from '@portal/shared/class-session-link-schemas';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { findLinkDetails } from './class-session-link.service.ts';

export async function classSessionLinkRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  /**
   * O3: the rows of a shared class session. The token is the permission: no customer session is
   * needed, only the company's portal the link names (its `id`), and another company's token is
   * unknown here.
   */
  route(
    app,
    base,
    classEndpoints.sessionLink,
    async ({ ctx, query }) => {
      const details = await findLinkDetails(ctx, ctx.company, query.token);
      if (!details) throw new AppError(404, 'LINK_INVALID', classSessionLinkMessages.invalid);
      // Decision 035: a link the company withdrew says so, rather than looking mistyped.
      if (details === 'revoked') throw new AppError(410, 'LINK_REVOKED', classSessionLinkMessages.revoked);
      return details;
    },
    { responses: { 410: apiErrorSchema } },
  );
}
