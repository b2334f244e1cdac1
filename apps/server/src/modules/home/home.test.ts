import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';

interface Upcoming {
  current_page: number;
  total_pages: number;
  upcoming_classes: Record<string, unknown>[];
}
interface Invoices {
  current_page: number;
  total_pages: number;
  invoices: Record<string, unknown>[];
}

describe.each(testEngines())('home calls on %s', (engine) => {
  let t: TestApp;
  let parent: Browser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    parent = new Browser(t.server);
    await parent.signIn('SPLASH', 'parent@example.com');
  });
  afterAll(() => t.close());

  it('needs a signed-in customer', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    for (const url of ['/api/home/get-upcoming-classes', '/api/home/get-outstanding-invoices']) {
      const res = await b.get(url);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('upcoming classes page by 6, in date order, from now on, with every field of the item', async () => {
    const first = await parent.get<Upcoming>('/api/home/get-upcoming-classes?page=1&limit=6');
    expect(first.status).toBe(200);
    expect(first.body.current_page).toBe(1);
    expect(first.body.total_pages).toBeGreaterThanOrEqual(3);
    expect(first.body.upcoming_classes).toHaveLength(6);
    const item = first.body.upcoming_classes[0]!;
    expect(Object.keys(item).sort()).toEqual(
      ['absent', 'class_id', 'court', 'date', 'kind', 'lesson_format', 'lesson_format_id', 'profile_picture', 'session_id', 'standard', 'student_id', 'student_name', 'venue', 'venue_id'].sort(),
    );
    expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const dates = first.body.upcoming_classes.map((c) => String(c.date));
    expect([...dates].sort()).toEqual(dates);
    const today = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
    for (const d of dates) expect(d.slice(0, 10) >= today).toBe(true);
    const names = new Set(first.body.upcoming_classes.map((c) => c.student_name));
    expect([...names].every((n) => String(n).endsWith('Mitchell'))).toBe(true);

    const second = await parent.get<Upcoming>('/api/home/get-upcoming-classes?page=2&limit=6');
    expect(second.body.current_page).toBe(2);
    const firstIds = first.body.upcoming_classes.map((c) => `${c.session_id}/${c.student_id}`);
    for (const c of second.body.upcoming_classes) expect(firstIds).not.toContain(`${c.session_id}/${c.student_id}`);
    expect(String(second.body.upcoming_classes[0]!.date) >= String(first.body.upcoming_classes[5]!.date)).toBe(true);
  });

  it('says which sessions are a make-up or a casual visit, not the term’s own', async () => {
    const all = (await parent.get<Upcoming>('/api/home/get-upcoming-classes?page=1&limit=50')).body.upcoming_classes;
    // The demo parent's Ella has a make-up booked into a Thursday class she is not enrolled in for the term.
    const makeups = all.filter((c) => c.kind === 'makeup');
    expect(makeups.length).toBeGreaterThan(0);
    expect(makeups.some((c) => String(c.student_name) === 'Ella Mitchell')).toBe(true);
    expect(all.filter((c) => c.kind === 'term').length).toBeGreaterThan(makeups.length);
    expect(new Set(all.map((c) => c.kind)).size).toBeLessThanOrEqual(3);
    for (const c of all) expect(['term', 'casual', 'makeup']).toContain(c.kind);
  });

  it('bad paging input is a 400, not a 500', async () => {
    for (const q of ['page=0', 'page=abc', 'limit=0', 'limit=1000']) {
      const res = await parent.get(`/api/home/get-upcoming-classes?${q}`);
      expect(res.status, q).toBe(400);
    }
  });

  it('a page past the end is empty and still says how many pages there are', async () => {
    const res = await parent.get<Upcoming>('/api/home/get-upcoming-classes?page=50&limit=6');
    expect(res.body.upcoming_classes).toEqual([]);
    expect(res.body.total_pages).toBeGreaterThanOrEqual(3);
  });

  it('outstanding invoices: open statuses only, the spec fields, money in cents', async () => {
    const res = await parent.get<Invoices>('/api/home/get-outstanding-invoices?page=1&limit=6');
    expect(res.status).toBe(200);
    expect(res.body.invoices).toHaveLength(6);
    expect(res.body.total_pages).toBeGreaterThanOrEqual(2);
    const all = [...res.body.invoices, ...(await parent.get<Invoices>('/api/home/get-outstanding-invoices?page=2&limit=6')).body.invoices];
    for (const inv of all) {
      // The spec's fields, and the day a direct debit takes the money (null here: nothing asked yet).
      expect(Object.keys(inv).sort()).toEqual(['DebitDate', 'InvoiceDate', 'InvoiceNo', 'PaymentDate', 'Total', 'balance_due', 'status'].sort());
      expect(inv.DebitDate).toBeNull();
      expect(['Scheduled', 'Debit Scheduled', 'Unpaid', 'Overdue']).toContain(inv.status);
      expect(Number.isInteger(inv.Total)).toBe(true);
    }
    const statuses = new Set(all.map((i) => i.status));
    expect(statuses).toEqual(new Set(['Scheduled', 'Debit Scheduled', 'Unpaid', 'Overdue']));
  });

  it('each customer sees only their own classes and invoices', async () => {
    const family = new Browser(t.server);
    await family.signIn('SPLASH', 'family@example.com');
    const theirs = await family.get<Upcoming>('/api/home/get-upcoming-classes?page=1&limit=100');
    const mine = await parent.get<Upcoming>('/api/home/get-upcoming-classes?page=1&limit=100');
    const myStudents = new Set(mine.body.upcoming_classes.map((c) => c.student_id));
    for (const c of theirs.body.upcoming_classes) expect(myStudents.has(c.student_id)).toBe(false);
    const theirInvoices = (await family.get<Invoices>('/api/home/get-outstanding-invoices?limit=100')).body.invoices.map((i) => i.InvoiceNo);
    const myInvoices = (await parent.get<Invoices>('/api/home/get-outstanding-invoices?limit=100')).body.invoices.map((i) => i.InvoiceNo);
    for (const no of theirInvoices) expect(myInvoices).not.toContain(no);
  });

  it('the same e-mail at another company sees that company data only', async () => {
    const ace = new Browser(t.server);
    await ace.signIn('ACE', 'parent@example.com');
    const splashStudents = new Set((await parent.get<Upcoming>('/api/home/get-upcoming-classes?limit=100')).body.upcoming_classes.map((c) => c.student_id));
    const aceClasses = (await ace.get<Upcoming>('/api/home/get-upcoming-classes?limit=100')).body.upcoming_classes;
    expect(aceClasses.length).toBeGreaterThan(0);
    for (const c of aceClasses) expect(splashStudents.has(c.student_id)).toBe(false);
  });
});
