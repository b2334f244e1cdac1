import type { FastifyInstance } from 'fastify';
import { roleAllows } from '@portal/shared/family-roles';
import { serverMessages } from '@portal/shared/messages';
import { messagingEndpoints as endpoints } from '@portal/shared/endpoints/messaging';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { listEtag, sendPolledList } from '../../lib/http.ts';
import { throttle } from '../../lib/sign-in-throttle.ts';
import { listReplies, sendReply } from './message-replies.service.ts';
import * as service from './messages.service.ts';

/** The company's messages, while it has them switched on (the endpoints' EnableMessages). */
export async function messagesRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.messages, ({ ctx, query: { page, limit, status }, req, reply }) => {
    const { company, clientId } = ctx;
    return sendPolledList(req, reply, {
      etag: (v: service.MessagesVersion) => listEtag('messages', company.id, clientId, ctx.guardian?.id ?? null, page, limit, status, v.total, v.unread, v.lastId),
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
  });

  route(app, base, endpoints.markMessageRead, async ({ ctx, body }) => {
    if (!(await service.markRead(ctx, ctx.company.id, ctx.clientId, body.message_id))) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
    return { success: true as const, unread_messages_count: await service.countUnread(ctx, ctx.company.id, ctx.clientId) };
  });

  route(app, base, endpoints.replies, async ({ ctx, query }) => ({
    success: true as const,
    replies: await listReplies(ctx, ctx.company.id, ctx.clientId, query.message_id),
    // Offered where the company takes replies and the guardian's role may send one (decision 101).
    can_reply: ctx.company.settings.ContactEmail !== '' && roleAllows(ctx.guardian?.role, endpoints.reply),
  }));

  route(app, base, endpoints.reply, async ({ ctx, body, headers, req }) => {
    // Each reply mails the office: counted per client address like Contact Us, so no one floods it.
    await throttle(req, 'contact');
    const reply = await sendReply(ctx, ctx.company, ctx.clientId, { messageId: body.message_id, body: body.body, idempotencyKey: headers['idempotency-key'] });
    return { success: true as const, reply };
  });
}
