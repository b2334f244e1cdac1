import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  activeAgreementsAnswerSchema,
  activeAgreementsQuerySchema,
  agreeToAgreementAnswerSchema,
  agreeToAgreementSchema,
  agreementMessages,
  signedAgreementAnswerSchema,
} from '@portal/shared/agreement-schemas';
import type { Ctx } from '../../context.ts';
import { errorResponses, idParam, typed } from '../../lib/http.ts';
import { requireCompany, requireCustomer } from '../../plugins/auth.ts';
import * as service from './agreements.service.ts';

/** A signature is at most 256 KB of PNG; the body around it is bounded before it is parsed. */
const SIGNATURE_BODY_LIMIT = 512 * 1024;

export async function agreementRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);

  r.get(
    '/api/customer/get-active-agreements',
    {
      // Registration shows a profile's to guests (R68, `id`); a signed-in customer also gets their acceptances.
      config: { auth: 'company', duringSignInActions: true },
      schema: { tags: ['agreements'], querystring: activeAgreementsQuerySchema, response: { 200: activeAgreementsAnswerSchema, ...errorResponses } },
    },
    async (req) => {
      const company = requireCompany(req);
      return { success: true as const, agreements: await service.listActiveAgreements(ctx, company.id, req.customer?.clientId, req.query.id) };
    },
  );

  r.post(
    '/api/customer/agree-to-agreement',
    {
      bodyLimit: SIGNATURE_BODY_LIMIT,
      config: { auth: 'customer', duringSignInActions: true },
      schema: { tags: ['agreements'], body: agreeToAgreementSchema, response: { 200: agreeToAgreementAnswerSchema, ...errorResponses } },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      await service.agreeToAgreement(ctx, {
        companyId: company.id,
        clientId,
        agreementId: req.body.agreement_id,
        signature: req.body.signature,
        ipAddress: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      });
      return { success: true as const, message: agreementMessages.signed };
    },
  );

  r.get(
    '/api/customer/get-signed-agreement/:id',
    {
      config: { auth: 'customer' },
      schema: { tags: ['agreements'], params: z.object({ id: idParam }), response: { 200: signedAgreementAnswerSchema, ...errorResponses } },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { success: true as const, ...(await service.findSignedAgreement(ctx, company.id, clientId, req.params.id)) };
    },
  );
}
