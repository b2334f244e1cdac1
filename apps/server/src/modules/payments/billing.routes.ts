import type { FastifyInstance } from 'fastify';
import { successSchema } from '@portal/shared/api-schemas';
import { bankDetailsRequestSchema, paymentDetailsSchema, saveCardSchema } from '@portal/shared/payment-schemas';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import type { Company } from '../../domain/company.ts';
import * as service from './billing.service.ts';

function assertBillingOn(company: Company) {
  if (!company.settings.switches.ShowPaymentDetailsTab) throw new AppError(403, 'FEATURE_DISABLED', 'Billing details are not available');
}

/** Billing details (K14–K19): the card or bank account a customer keeps on file. */
export async function billingRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const customer = { config: { auth: 'customer' as const } };
  const tags = ['billing'];

  r.get('/api/customer/get-payment-details', { ...customer, schema: { tags, response: { 200: paymentDetailsSchema, ...errorResponses } } }, async (req, reply) => {
    const { company, clientId } = requireCustomer(req);
    assertBillingOn(company);
    reply.header('cache-control', 'no-store');
    return service.getPaymentDetails(ctx, company, clientId);
  });

  for (const [path, mode] of [
    ['/api/customer/add-credit-card-details', 'add'],
    ['/api/customer/update-credit-card-details', 'update'],
  ] as const) {
    r.post(path, { ...customer, schema: { tags, body: saveCardSchema, response: { 200: paymentDetailsSchema, ...errorResponses } } }, async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertBillingOn(company);
      return service.saveCard(ctx, company, clientId, req.body.token, mode);
    });
  }

  r.post(
    '/api/customer/update-bank-details',
    { ...customer, schema: { tags, body: bankDetailsRequestSchema, response: { 200: paymentDetailsSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertBillingOn(company);
      return service.saveBankDetails(ctx, company, clientId, req.body);
    },
  );

  r.delete('/api/customer/remove-payment-details', { ...customer, schema: { tags, response: { 200: successSchema, ...errorResponses } } }, async (req) => {
    const { company, clientId } = requireCustomer(req);
    assertBillingOn(company);
    await service.removePaymentDetails(ctx, company, clientId);
    return { success: true as const };
  });
}
