import { describe, expect, it } from 'vitest';
import { notificationSubjectOf } from '@portal/shared/notification-subject';
import type { CompanyBundleInput } from '../modules/import/import.api.ts';
import { Browser, testEngines } from '../test/api-harness.ts';
import { companyApp } from '../test/payment-fixtures.ts';
import { demoBundles, splashNotifications } from './demo-bundles.ts';

/**
 * Decision 079: every demo notification about an invoice, a class, a make-up or a booking names
 * what it is about, so the portal links it there; only news may name nothing. An invoice it names
 * is one of the company's.
 */
describe('the demo companies’ notifications', () => {
  for (const bundle of demoBundles() as CompanyBundleInput[]) {
    it(`${bundle.company.code}: each one that is not news links to what it mentions`, () => {
      const invoices = new Set([
        ...(bundle.customers ?? []).flatMap((c) => c.clients.flatMap((client) => (client.invoices ?? []).map((i) => i.invoice_no))),
        ...(bundle.financials?.invoices ?? []).map((i) => i.invoice_no),
      ]);
      for (const n of bundle.notifications ?? []) {
        const subject = notificationSubjectOf(n.tag_data ?? null);
        if (n.category !== 'news') expect(subject, n.title).not.toBeNull();
        if (subject?.kind === 'invoice') expect(invoices.has(subject.invoice_no), `${n.title}: ${subject.invoice_no}`).toBe(true);
        if (subject?.kind === 'payment') for (const no of subject.invoice_nos) expect(invoices.has(no), `${n.title}: ${no}`).toBe(true);
      }
    });
  }
});

/** A paid invoice of the demo shows who paid it: its receipts pay what it no longer owes, so the invoice and the balance history agree. */
describe('the demo companies’ paid invoices', () => {
  for (const bundle of demoBundles() as CompanyBundleInput[]) {
    it(`${bundle.company.code}: each invoice’s receipts pay its total less what it still owes`, () => {
      const paid = new Map<string, number>();
      for (const r of bundle.financials?.receipts ?? []) for (const a of r.allocations) paid.set(a.invoice_no, (paid.get(a.invoice_no) ?? 0) + a.amount_cents);
      for (const client of (bundle.customers ?? []).flatMap((c) => c.clients)) {
        for (const i of client.invoices ?? []) expect(paid.get(i.invoice_no) ?? 0, i.invoice_no).toBe(i.total_cents - i.balance_due_cents);
      }
    });
  }
});

/** When a demo notice was made, in minutes before today's midnight ("today-1T16:45": 435). */
const minutesAgo = (createdAt: string) => {
  const [, days, hh, mm] = /^today-(\d+)T(\d\d):(\d\d)$/.exec(createdAt) ?? [];
  return Number(days) * 1440 - Number(hh) * 60 - Number(mm);
};

/** Sarah’s SPLASH notices: two months of different notices, the last week’s few still new and the rest read. */
describe('the demo parent’s notices', () => {
  const notices = splashNotifications();

  it('are 22, each different, newest first: the 4 newest unread and within the week, the rest read', () => {
    expect(notices).toHaveLength(22);
    expect(notices.every((n) => JSON.stringify(n.to) === '["sarah"]')).toBe(true);
    expect(new Set(notices.map((n) => n.title)).size).toBe(notices.length);
    expect(new Set(notices.map((n) => n.content)).size).toBe(notices.length);
    const ages = notices.map((n) => minutesAgo(n.created_at));
    expect([...ages].sort((x, y) => x - y)).toEqual(ages);
    const unread = notices.filter((n) => (n.read_by ?? []).length === 0);
    expect(unread).toEqual(notices.slice(0, 4));
    expect(unread.every((n) => minutesAgo(n.created_at) < 7 * 1440)).toBe(true);
    expect(notices.slice(4).every((n) => JSON.stringify(n.read_by) === '["sarah"]')).toBe(true);
  });

  describe.each(testEngines())('seeded on %s', (engine) => {
    const app = companyApp(engine);

    it('Noah’s lane change and progress report lead to Noah (the importer resolves the bundle’s student key)', async () => {
      const rows = await app
        .db()
        .selectFrom('notifications')
        .select(['title', 'tag_data'])
        .where('company_id', '=', app.companyId)
        .where('title', 'in', ['Lane change for Noah', "Noah's progress report is ready"])
        .execute();
      const noah = await app.db().selectFrom('students').select('id').where('company_id', '=', app.companyId).where('first_name', '=', 'Noah').executeTakeFirstOrThrow();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows) expect(notificationSubjectOf(JSON.parse(row.tag_data!) as Record<string, unknown>), row.title).toMatchObject({ student_id: noah.id });
    });

    it('the demo parent’s list answers them: 22, 4 new, the new ones first', async () => {
      const b = new Browser(app.t.server);
      await b.signIn('SPLASH', 'parent@example.com');
      const list = await b.get<{ total_count: number; total_count_new: number; notificationContacts: { Status: string; Notifications: { ClientInAppTitle: string } }[] }>(
        '/api/notification?page=1&limit=100&status=All',
      );
      expect([list.body.total_count, list.body.total_count_new]).toEqual([22, 4]);
      expect(list.body.notificationContacts.map((n) => [n.Notifications.ClientInAppTitle, n.Status])).toEqual(notices.map((n) => [n.title, (n.read_by ?? []).length === 0 ? 'New' : 'Read']));
    });

    it('at Ace, the make-up the demo parent is told of is there to book', async () => {
      const b = new Browser(app.t.server);
      await b.signIn('ACE', 'parent@example.com');
      const list = await b.get<{ notificationContacts: { Notifications: { ClientInAppTitle: string } }[] }>('/api/notification?page=1&limit=100&status=All');
      expect(list.body.notificationContacts.map((n) => n.Notifications.ClientInAppTitle)).toContain('Make-up available');
      const makeups = await b.get<{ makeups: { StudentName: string; MissedClass: string; Status: string }[] }>('/api/classes/get-makeups');
      expect(makeups.body.makeups).toContainEqual(expect.objectContaining({ StudentName: expect.stringContaining('Noah'), MissedClass: expect.stringContaining('match play'), Status: 'available' }));
    });
  });
});
