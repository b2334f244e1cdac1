import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import { serverMessages } from '@portal/shared/messages';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, idField, listEtag, pagedQuery, sendPolledList, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import type { Company } from '../company/company.repository.ts';
import * as repo from './notification.repository.ts';

const contact = z.object({
  NotificationContactID: z.number(),
  Status: z.enum(['New', 'Read']),
  Notifications: z.object({
    ClientInAppTitle: z.string(),
    ClientInAppContent: z.string(),
    DateTimeCreated: z.string(),
    TagData: z.record(z.string(), z.unknown()).nullable(),
  }),
});
const categoryKeys = NOTIFICATION_CATEGORIES.map((c) => c.key) as [string, ...string[]];
/** An opt-out: `email` / `in_app` true means the customer switched that channel off. */
const optOut = z.object({ category: z.enum(categoryKeys), email: z.boolean(), in_app: z.boolean() });
const optOutsAnswer = z.object({ success: z.literal(true), opt_outs: z.array(optOut.extend({ label: z.string() })) });

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

export async function notificationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = typed(app);

  r.get(
    '/api/notification',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['notification'],
        querystring: pagedQuery(5, ['All', 'New', 'Read']),
        response: { 200: z.object({ total_count: z.number(), total_count_new: z.number(), notificationContacts: z.array(contact) }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { company, clientId } = requireCustomer(req);
      assertNotificationsOn(company);
      const { page, limit, status } = req.query;
      return sendPolledList(req, reply, {
        etag: (v: repo.NotificationsVersion) => listEtag('notifications', company.id, clientId, page, limit, status, v.total, v.newCount, v.lastId),
        readVersion: () => repo.findNotificationsVersion(deps.db, company.id, clientId),
        readPage: async () => {
          const { rows, total, newCount, version } = await repo.findNotifications(deps.db, { companyId: company.id, clientId, status, limit, offset: (page - 1) * limit });
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
        body: z.object({ notificationContactID: idField }),
        response: { 200: z.object({ success: z.literal(true), total_count_new: z.number() }), ...errorResponses },
      },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertNotificationsOn(company);
      if (!(await repo.markRead(deps.db, company.id, clientId, req.body.notificationContactID))) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
      return { success: true as const, total_count_new: await repo.countNew(deps.db, company.id, clientId) };
    },
  );

  r.post(
    '/api/notification/mark-all-read',
    { config: { auth: 'customer' }, schema: { tags: ['notification'], response: { 200: z.object({ success: z.literal(true), total_count_new: z.number() }), ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertNotificationsOn(company);
      await repo.markAllRead(deps.db, company.id, clientId);
      return { success: true as const, total_count_new: 0 };
    },
  );

  async function answerOptOuts(companyId: number, clientId: number) {
    const saved = new Map((await repo.findOptOuts(deps.db, companyId, clientId)).map((o) => [o.category, o]));
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
    { config: { auth: 'customer' }, schema: { tags: ['notification'], response: { 200: optOutsAnswer, ...errorResponses } } },
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
      schema: { tags: ['notification'], body: z.object({
          opt_outs: z
            .array(optOut)
            .max(categoryKeys.length)
            .refine((list) => new Set(list.map((o) => o.category)).size === list.length, 'Each category may appear once'),
        }), response: { 200: optOutsAnswer, ...errorResponses } },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      assertNotificationsOn(company);
      await repo.saveOptOuts(deps.db, company.id, clientId, req.body.opt_outs);
      return answerOptOuts(company.id, clientId);
    },
  );
}
