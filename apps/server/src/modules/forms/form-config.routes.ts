import type { FastifyInstance } from 'fastify';
import { formFieldsAnswerSchema, formFieldsQuerySchema } from '@portal/shared/form-config';
import type { Ctx } from '../../context.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCompany } from '../../plugins/auth.ts';
import * as service from './form-config.service.ts';

/** The customer and student form configurations (R11, R33); the registration flow asks with its profile id. */
export async function formConfigRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const schema = (tag: string) => ({ tags: [tag], querystring: formFieldsQuerySchema, response: { 200: formFieldsAnswerSchema, ...errorResponses } });

  r.get('/api/customer/get-form-fields', { config: { auth: 'company' }, schema: schema('customer') }, async (req) =>
    service.findFormFields(ctx, requireCompany(req).id, 'customer', req.query.id),
  );
  r.get('/api/student/get-form-fields', { config: { auth: 'company' }, schema: schema('student') }, async (req) =>
    service.findFormFields(ctx, requireCompany(req).id, 'student', req.query.id),
  );
}
