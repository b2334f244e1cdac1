import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import {
  markNotificationReadSchema,
  notificationListSchema,
  notificationMarkReadAnswerSchema,
  optOutsAnswerSchema,
  updateOptOutsSchema,
} from '@portal/shared/notification-schemas';
import { serverMessages } from '@portal/shared/messages';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, listEtag, pagedQuery, sendPolledList, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import type { Company } from '../../domain/company.ts';
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

function assertNotificationsOn(company: Company) {
  // Missing or true means shown (X16).
  if (company.settings.switches.ShowNotificationsTab === false) throw new AppError(403, 'FEATURE_DISABLED', serverMessages.forbidden);
}

export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);

  r.get(
    '/api/notification',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['notification'],
        querystring: pagedQuery(5, ['All', 'New', 'Read']),
        response: { 200: notificationListSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { company, clientId } = requireCustomer(req);
      assertNotificationsOn(company);
      const { page, limit, status } = req.query;
      return sendPolledList(req, reply, {
        etag: (v: service.NotificationsVersion) => listEtag('notifications', company.id, clientId, page, limit, status, v.total, v.newCount, v.lastId),
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
    },
  );

  r.post(
    '/api/notification/mark-read',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['notification'],
        body: markNotificationReadSchema,
        response: { 200: notificationMarkReadAnswerSchema, ...errorResponses },
      },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertNotificationsOn(company);
      if (!(await service.markRead(ctx, company.id, clientId, req.body.notificationContactID))) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
      return { success: true as const, total_count_new: await service.countNew(ctx, company.id, clientId) };
    },
  );

  r.post(
    '/api/notification/mark-all-read',
    { config: { auth: 'customer' }, schema: { tags: ['notification'], response: { 200: notificationMarkReadAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertNotificationsOn(company);
      await service.markAllRead(ctx, company.id, clientId);
      return { success: true as const, total_count_new: 0 };
    },
  );

  async function answerOptOuts(companyId: number, clientId: number) {
    const saved = new Map((await service.findOptOuts(ctx, companyId, clientId)).map((o) => [o.category, o]));
    return {
      success: true as const,
      opt_outs: NOTIFICATION_CATEGORIES.map((c) => ({
        category: c.key,
        label: c.label,
        email: saved.get(c.key)?.email === 1,
        in_app: saved.get(c.key)?.in_app === 1,
      })),
    };
  }

  r.get(
    '/api/notification/get-opt-outs',
    { config: { auth: 'customer' }, schema: { tags: ['notification'], response: { 200: optOutsAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertNotificationsOn(company);
      return answerOptOuts(company.id, clientId);
    },
  );

  r.post(
    '/api/notification/update-opt-outs',
    {
      config: { auth: 'customer' },
      schema: { tags: ['notification'], body: updateOptOutsSchema, response: { 200: optOutsAnswerSchema, ...errorResponses } },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertNotificationsOn(company);
      await service.saveOptOuts(ctx, company.id, clientId, req.body.opt_outs);
      return answerOptOuts(company.id, clientId);
    },
  );
}
