import type { FastifyInstance } from 'fastify';
import { serverMessages } from '@portal/shared/messages';
import { messagingEndpoints as endpoints } from '@portal/shared/endpoints/messaging';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { listEtag, sendPolledList } from '../../lib/http.ts';
import * as service from './notification.service.ts';

/** Tag data is stored as JSON text; anything but an object is treated as none. */
function parseTagData(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Every category the company has notices of (no Bookings where it takes none), with its label, and what the customer switched off. */
async function answerOptOuts(ctx: Ctx, company: Company, clientId: number) {
  const saved = new Map((await service.findOptOuts(ctx, company.id, clientId)).map((o) => [o.category, o]));
  const categories = service.offeredCategories(company);
  return {
    success: true as const,
    opt_outs: categories.map((c) => ({
      category: c.key,
      label: c.label,
      email: saved.get(c.key)?.email === 1,
      in_app: saved.get(c.key)?.in_app === 1,
    })),
  };
}

/** The customer's notifications, unless the company switched the tab off (the endpoints' ShowNotificationsTab, X16). */
export async function notificationRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.notifications, ({ ctx, query: { page, limit, status }, req, reply }) => {
    const { company, clientId } = ctx;
    return sendPolledList(req, reply, {
      etag: (v: service.NotificationsVersion) => listEtag('notifications', company.id, clientId, ctx.guardian?.id ?? null, page, limit, status, v.total, v.newCount, v.lastId),
      readVersion: () => service.findNotificationsVersion(ctx, company.id, clientId),
      readPage: async () => {
        const { rows, total, newCount, version } = await service.listNotifications(ctx, { companyId: company.id, clientId, status, limit, offset: (page - 1) * limit });
        const body = {
          total_count: total,
          total_count_new: newCount,
          notificationContacts: rows.map((row) => ({
            NotificationContactID: row.id,
            Status: row.status,
            Notifications: {
              ClientInAppTitle: row.title,
              ClientInAppContent: row.content,
              DateTimeCreated: row.created_at,
              TagData: parseTagData(row.tag_data),
            },
          })),
        };
        return { version, body };
      },
    });
  });

  route(app, base, endpoints.markNotificationRead, async ({ ctx, body }) => {
    if (!(await service.markRead(ctx, ctx.company.id, ctx.clientId, body.notificationContactID))) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
    return { success: true as const, total_count_new: await service.countNew(ctx, ctx.company.id, ctx.clientId) };
  });

  route(app, base, endpoints.markAllNotificationsRead, async ({ ctx }) => {
    await service.markAllRead(ctx, ctx.company.id, ctx.clientId);
    return { success: true as const, total_count_new: 0 };
  });

  route(app, base, endpoints.optOuts, ({ ctx }) => answerOptOuts(ctx, ctx.company, ctx.clientId));

  route(app, base, endpoints.updateOptOuts, async ({ ctx, body }) => {
    await service.saveOptOuts(ctx, ctx.company.id, ctx.clientId, body.opt_outs);
    return answerOptOuts(ctx, ctx.company, ctx.clientId);
  });
}
