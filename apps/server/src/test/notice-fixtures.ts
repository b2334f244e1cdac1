import { randomBytes } from 'node:crypto';
import { notifyClient } from '../modules/messaging/messaging.api.ts';
import { changeCompanySettings, ownCompany, registerCustomer, type TestApp } from './api-harness.ts';

/**
 * What the notification tests share: customers of a company of the test's own (no demo data), and
 * notices of their own for them.
 */

/** A company of the test's own (the example bundle) with `count` new customers of it, each signed in and with no notice yet. */
export async function ownCompanyCustomers(t: TestApp, count: number) {
  const company = await ownCompany(t);
  // The example company takes no sign-ups; this one does, so its customers are the test's own.
  await changeCompanySettings(t, company.companyId, (settings) => {
    settings.switches!.CanTakeNewSignUps = true;
  });
  const customers = [];
  for (let i = 0; i < count; i += 1) {
    const who = await registerCustomer(t, { email: `notices.${randomBytes(4).toString('hex')}@example.com`, company: company.code });
    customers.push({ ...who, companyId: company.companyId });
  }
  return { ...company, customers };
}

/**
 * A notice for the client for each title, a minute apart, the first the newest (an hour ago); the
 * first `fresh` are left New, the rest read. Answers the titles, newest first.
 */
export async function noticesFor(t: TestApp, who: { companyId: number; clientId: number }, titles: readonly string[], fresh: number): Promise<readonly string[]> {
  const db = t.runtime.ctx.db;
  const newest = Date.now() - 3_600_000;
  for (const [i, title] of titles.entries()) {
    const createdAt = new Date(newest - i * 60_000).toISOString();
    const id = await notifyClient(db, { companyId: who.companyId, clientId: who.clientId, category: 'news', title, content: `${title}: the details.`, tagData: null, createdAt });
    if (id === null) throw new Error(`notice ${title} not written`);
    if (i >= fresh) {
      await db
        .updateTable('notification_contacts')
        .set({ status: 'Read', read_at: createdAt })
        .where('company_id', '=', who.companyId)
        .where('notification_id', '=', id)
        .where('client_id', '=', who.clientId)
        .execute();
    }
  }
  return titles;
}
