import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import { roleHears } from '@portal/shared/family-roles';
import type { Ctx } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { findCompanyByCode } from '../company/company.api.ts';
import { clientsWithPushFor } from '../push/push.api.ts';
import { insertOutboxMail } from './mail.repository.ts';
import { renderMail } from './mailer.ts';
import * as repo from './notification.repository.ts';
import { notifyClient } from './notification.service.ts';

export const notifyUsage = `  npm run portal -- notify CODE --category CATEGORY --title TITLE --content TEXT [--to all|EMAIL]
                                                tell a company's families something (a class cancelled):
                                                in the hub, as a push to each device that takes the
                                                category, and by e-mail to a family with none
                                                (decision 100); CATEGORY is ${NOTIFICATION_CATEGORIES.map((c) => c.key).join(', ')}`;

/**
 * A company's notice to its families from the command line: each gets it in the hub (unless it
 * switched the category off there), a push on each device that takes the category, and, where
 * no device does, an e-mail (unless it switched e-mail of the category off).
 */
export async function notifyCommand(db: Ctx['db'], input: { code: string; category: string; title: string; content: string; to: string }): Promise<{ ok: boolean; message: string }> {
  if (!NOTIFICATION_CATEGORIES.some((c) => c.key === input.category)) return { ok: false, message: `The category must be one of ${NOTIFICATION_CATEGORIES.map((c) => c.key).join(', ')}.` };
  if (!input.title.trim() || !input.content.trim()) return { ok: false, message: 'A notice needs a title and a text.' };
  const company = await findCompanyByCode({ db }, input.code);
  if (!company) return { ok: false, message: `No company has the code ${input.code}.` };
  const families = await repo.findFamiliesForNotice(db, company.id, input.to === 'all' ? null : input.to);
  if (families.length === 0) return { ok: false, message: input.to === 'all' ? `${input.code} has no families.` : `No family of ${input.code} signs in with ${input.to}.` };
  const createdAt = nowIso();
  const withPush = await clientsWithPushFor(db, company.id, input.category);
  let mailed = 0;
  // Each notification with its pushes, all in one transaction.
  await db.transaction().execute(async (tx) => {
    for (const family of families) {
      await notifyClient(tx, { companyId: company.id, clientId: family.id, category: input.category, title: input.title, content: input.content, tagData: null, createdAt });
    }
  });
  // The families' guardians hear too, by their own device or address (decision 101): read once for the company.
  const guardians = (
    await repo.findGuardianMailRecipients(db, { companyId: company.id, clientId: families.length === 1 ? families[0]!.id : null, category: input.category, withoutPush: true })
  ).filter((g) => roleHears(g.role, input.category));
  for (const family of families) {
    for (const g of guardians.filter((g) => g.client_id === family.id)) {
      await insertOutboxMail(db, { companyId: company.id, to: g.email, subject: input.title, ...renderMail(company.settings, [`Hello ${g.first_name},`, input.content]) });
    }
    if (withPush.has(family.id) || !family.email || (await repo.isEmailOptedOut(db, company.id, family.id, input.category))) continue;
    const mail = renderMail(company.settings, [`Hello ${family.first_name},`, input.content]);
    await insertOutboxMail(db, { companyId: company.id, to: family.email, subject: input.title, ...mail });
    mailed += 1;
  }
  const pushed = families.filter((f) => withPush.has(f.id)).length;
  return { ok: true, message: `Notified ${families.length} ${families.length === 1 ? 'family' : 'families'}: ${pushed} by push, ${mailed} by e-mail.` };
}
