import type { FastifyInstance } from 'fastify';
import { successSchema } from '@portal/shared/api-schemas';
import { changePasswordServerSchema } from '@portal/shared/common-passwords';
import {
  confirmEmailChangeAnswerSchema,
  confirmEmailChangeSchema,
  customerDetailsAnswerSchema,
  generateRegIdAnswerSchema,
  generateRegIdQuerySchema,
  myDetailsMessages as dm,
  updateDetailsAnswerSchema,
  updateDetailsBodySchema,
} from '@portal/shared/my-details-schemas';
import type { Ctx } from '../../context.ts';
import { throttle, withSignInFailures } from '../../lib/sign-in-throttle.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { notFound } from '../../lib/app-error.ts';
import { requireCompany, requireCustomer } from '../../plugins/auth.ts';
import * as service from './my-details.service.ts';

/** My details, the e-mail change, generate-reg-id and change-password (decision 020). */
export async function myDetailsRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);

  r.get(
    '/api/customer/get-details',
    { config: { auth: 'customer', duringSignInActions: true }, schema: { tags: ['customer'], response: { 200: customerDetailsAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { success: true as const, client: await service.getCustomerDetails(ctx, company.id, clientId) };
    },
  );

  r.post(
    '/api/customer/update-details',
    { config: { auth: 'customer', duringSignInActions: true }, schema: { tags: ['customer'], body: updateDetailsBodySchema, response: { 200: updateDetailsAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      // A record is only ever the signed-in customer's own; another id is not found.
      if (req.body.ClientID !== undefined && req.body.ClientID !== clientId) throw notFound();
      const form = await service.parseCustomerForm(ctx, company, req.body);
      // An e-mail change mails a code: it counts against the same per-IP budget as registration.
      const { record, emailToken, newEmail } = await service.updateCustomerDetails(ctx, company, clientId, form, () => throttle(req, 'register'));
      return {
        success: true as const,
        updatedClient: record,
        ...(emailToken && newEmail ? { emailToken, message: dm.codeSent(newEmail) } : { message: dm.profileUpdated }),
      };
    },
  );

  r.post(
    '/api/customer/confirm-email-change',
    { config: { auth: 'customer', duringSignInActions: true }, schema: { tags: ['customer'], body: confirmEmailChangeSchema, response: { 200: confirmEmailChangeAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      const record = await service.confirmEmailChange(ctx, company, clientId, req.body.email_token, req.body.email_code);
      return { success: true as const, updatedClient: record, message: dm.emailChanged };
    },
  );

  r.get(
    '/api/customer/generate-reg-id',
    { config: { auth: 'company' }, schema: { tags: ['customer'], querystring: generateRegIdQuerySchema, response: { 200: generateRegIdAnswerSchema, ...errorResponses } } },
    async (req) => {
      const company = requireCompany(req);
      await throttle(req, 'register');
      return { success: true as const, reg_id: await service.generateRegId(ctx, company.id, req.query.type) };
    },
  );

  r.post(
    '/api/customer/change-password',
    // A new password is also what a ChangePassword sign-in action asks for.
    { config: { auth: 'customer', duringSignInActions: true }, schema: { tags: ['customer'], body: changePasswordServerSchema, response: { 200: successSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId, sessionId } = requireCustomer(req);
      // Guesses at the current password count as failed sign-ins of the address.
      const email = await service.signInEmailOf(ctx, company.id, clientId);
      await withSignInFailures(ctx, { email, ip: req.ip }, () => service.changeCustomerPassword(ctx, company, clientId, sessionId, req.body));
      return { success: true as const };
    },
  );
}
