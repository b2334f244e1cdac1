import type { FastifyInstance } from 'fastify';
import { serverMessages } from '@portal/shared/messages';
import { markMessageReadSchema, messageListSchema, messageMarkReadAnswerSchema } from '@portal/shared/message-schemas';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, listEtag, pagedQuery, sendPolledList, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import type { Company } from '../../domain/company.ts';
import * as service from './messages.service.ts';

function assertMessagesOn(company: Company) {
  if (!company.settings.switches.EnableMessages) throw new AppError(403, 'FEATURE_DISABLED', serverMessages.forbidden);
}

export async function messagesRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);

  r.get(
    '/api/messages',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['messages'],
        querystring: pagedQuery(5, ['All', 'Unread', 'Read']),
        response: { 200: messageListSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { company, clientId } = requireCustomer(req);
      assertMessagesOn(company);
      const { page, limit, status } = req.query;
      return sendPolledList(req, reply, {
        etag: (v: service.MessagesVersion) => listEtag('messages', company.id, clientId, page, limit, status, v.total, v.unread, v.lastId),
        readVersion: () => service.findMessagesVersion(ctx, company.id, clientId),
        readPage: async () => {
          const found = await service.listMessages(ctx, { companyId: company.id, clientId, status, limit, offset: (page - 1) * limit });
          const body = {
            total_count: found.total,
            unread_messages_count: found.unread,
            messages: found.rows.map((row) => ({
              CPMessageID: row.id,
              Title: row.title,
              Body: row.body,
              PublishedTimestamp: row.published_at,
              CP_CustomersMessagesRead: row.read_at ? [{ ReadTimestamp: row.read_at }] : [],
            })),
          };
          return { version: found.version, body };
        },
      });
    },
  );

  r.post(
    '/api/messages/mark-read',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['messages'],
        body: markMessageReadSchema,
        response: { 200: messageMarkReadAnswerSchema, ...errorResponses },
      },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertMessagesOn(company);
      if (!(await service.markRead(ctx, company.id, clientId, req.body.message_id))) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
      return { success: true as const, unread_messages_count: await service.countUnread(ctx, company.id, clientId) };
    },
  );
}
