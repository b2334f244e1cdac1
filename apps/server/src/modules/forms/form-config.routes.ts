import type { FastifyInstance } from 'fastify';
import { companyEndpoints as endpoints } from '@portal/shared/endpoints/company';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import * as service from './form-config.service.ts';

/** The customer and student form configurations (R11, R33); the registration flow asks with its profile id. */
export async function formConfigRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.customerFormFields, ({ ctx, query }) => service.findFormFields(ctx, ctx.company.id, 'customer', query.id));
  route(app, base, endpoints.studentFormFields, ({ ctx, query }) => service.findFormFields(ctx, ctx.company.id, 'student', query.id));
}
