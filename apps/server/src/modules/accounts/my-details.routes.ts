import type { FastifyInstance } from 'fastify';
import { changePasswordServerSchema } from '@portal/shared/common-passwords';
import { myDetailsMessages as dm } from '@portal/shared/my-details-schemas';
import { accountEndpoints as endpoints } from '@portal/shared/endpoints/accounts';
import { REGISTRATION_TOKEN_HEADER } from '@portal/shared/registration-schemas';
import type { Ctx } from '../../context.ts';
import { throttle, withSignInFailures } from '../../lib/sign-in-throttle.ts';
import { route } from '../../lib/endpoint-route.ts';
import { notFound } from '../../lib/app-error.ts';
import { apiErrorSchema, versionOfIfMatch } from '@portal/shared/api-schemas';
import { requireCustomer } from '../../plugins/auth.ts';
import * as service from './my-details.service.ts';
import { clientRegId, generateRegId, registrationRegId } from './reg-id.service.ts';

/** My details, the e-mail change, generate-reg-id and change-password (decision 020). */
export async function myDetailsRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.details, async ({ ctx }) => ({ success: true as const, client: await service.getCustomerDetails(ctx, ctx.company.id, ctx.clientId) }));

  route(
    app,
    base,
    endpoints.updateDetails,
    async ({ ctx, body, req, headers }) => {
      // A record is only ever the signed-in customer's own; another id is not found.
      if (body.ClientID !== undefined && body.ClientID !== ctx.clientId) throw notFound();
      const form = await service.parseCustomerForm(ctx, ctx.company, body);
      // An e-mail change mails a code: it counts against the same per-IP budget as account sign-up.
      const { record, emailToken, newEmail } = await service.updateCustomerDetails(ctx, ctx.company, ctx.clientId, form, () => throttle(req, 'register'), versionOfIfMatch(headers['if-match']));
      return {
        success: true as const,
        updatedClient: record,
        ...(emailToken && newEmail ? { emailToken, message: dm.codeSent(newEmail) } : { message: dm.profileUpdated }),
      };
    },
    // Saved from a version that has moved on (decision 145).
    { responses: { 412: apiErrorSchema } },
  );

  route(app, base, endpoints.confirmEmailChange, async ({ ctx, body }) => {
    const record = await service.confirmEmailChange(ctx, ctx.company, ctx.clientId, body.email_token, body.email_code);
    return { success: true as const, updatedClient: record, message: dm.emailChanged };
  });

  route(app, base, endpoints.generateRegId, async ({ ctx, query, headers, req }) => {
    await throttle(req, 'register');
    // A new family's registration asks under its token: its one id, however often its form is shown.
    const registrationToken = headers[REGISTRATION_TOKEN_HEADER];
    // A signed-in family's form: the one id it holds, or is given now and keeps.
    const regId =
      query.type !== 'customer'
        ? await generateRegId(ctx, ctx.company.id, query.type)
        : registrationToken
          ? await registrationRegId(ctx, ctx.company.id, registrationToken)
          : ctx.clientId !== undefined
            ? await clientRegId(ctx, ctx.company.id, ctx.clientId)
            : await generateRegId(ctx, ctx.company.id, query.type);
    return { success: true as const, reg_id: regId };
  });

  route(app, base, endpoints.changePassword, async ({ ctx, body, req }) => {
    // The common-password check is one of the body's rules: it runs before the attempt counts.
    const input = changePasswordServerSchema.parse(body);
    // Guesses at the current password count as failed sign-ins of the address.
    const email = await service.signInEmailOf(ctx, ctx.company.id, ctx.clientId);
    await withSignInFailures(ctx, { email, ip: req.ip }, () => service.changeCustomerPassword(ctx, ctx.company, ctx.clientId, requireCustomer(req).sessionId, input));
    return { success: true as const };
  });
}
