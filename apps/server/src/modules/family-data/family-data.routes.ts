import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountSecurityEndpoints as endpoints } from '@portal/shared/endpoints/account-security';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { exportFamilyData } from './family-data.service.ts';
import { deletionStatus, requestDeletion, withdrawDeletion } from './deletion.service.ts';

const zipAnswer = { description: 'The family’s data', content: { 'application/zip': { schema: z.string().meta({ format: 'binary', description: 'A ZIP of family.json and a CSV per section' }) } } };

/** "Download my data": the download is the link, answered only to the family's own session while it lasts. */
export async function familyDataRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(
    app,
    base,
    endpoints.myData,
    async ({ ctx, reply }) => {
      const { fileName, zip } = await exportFamilyData(ctx, ctx.company, ctx.clientId);
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(Buffer.from(zip));
    },
    { responses: { 200: zipAnswer } },
  );

  route(app, base, endpoints.deletionRequest, ({ ctx }) => deletionStatus(ctx, ctx.company, ctx.clientId));
  route(app, base, endpoints.requestDeletion, ({ ctx }) => requestDeletion(ctx, ctx.company, ctx.clientId));
  route(app, base, endpoints.withdrawDeletion, ({ ctx }) => withdrawDeletion(ctx, ctx.company, ctx.clientId));
}
