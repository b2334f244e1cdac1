import type { FastifyInstance } from 'fastify';
import { classSessionLinkAnswerSchema, classSessionLinkMessages, classSessionLinkQuerySchema } from '@portal/shared/class-session-link-schemas';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { apiErrorSchema } from '@portal/shared/api-schemas';
import { requireCompany } from '../../plugins/auth.ts';
import { findLinkDetails } from './class-session-link.service.ts';

export async function classSessionLinkRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);

  /**
   * O3: the rows of a shared class session. The token is the permission: no customer session is
   * needed, only the company's portal the link names (its `id`), and another company's token is
   * unknown here.
   */
  r.get(
    '/api/classes/class-session-link',
    {
      config: { auth: 'company' },
      schema: { tags: ['classes'], querystring: classSessionLinkQuerySchema, response: { 200: classSessionLinkAnswerSchema, 410: apiErrorSchema, ...errorResponses } },
    },
    async (req) => {
      const details = await findLinkDetails(ctx, requireCompany(req), req.query.token);
      if (!details) throw new AppError(404, 'LINK_INVALID', classSessionLinkMessages.invalid);
      // Decision 035: a link the company withdrew says so, rather than looking mistyped.
      if (details === 'revoked') throw new AppError(410, 'LINK_REVOKED', classSessionLinkMessages.revoked);
      return details;
    },
  );
}
