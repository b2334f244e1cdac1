import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MakeupsAnswer, MakeupSessionsAnswer } from '@portal/shared/class-schemas';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, emptyClass, familyWithChild, makeupCredit, newStudent } from '../../test/payment-fixtures.ts';
import { findCompanyById } from '../company/company.api.ts';
import { sessionStart } from './class-time.ts';
import { issueClassSessionLink } from './class-session-link.service.ts';

/**
 * The classes module reads the time from the request's context (issue 19, one request context),
 * never the machine's: with the server's clock moved past a session's start, the make-up pages
 * and the booking see it as begun, whatever the real time.
 */
describe.each(testEngines())('the classes module on the context’s clock on %s', (engine) => {
  let t: TestApp;
  let shift = 0;
  beforeAll(async () => {
    t = await startTestApp(engine, { CLASS_SEARCH_CACHE_MS: 0 }, { clock: { now: () => new Date(Date.now() + shift) } });
  });
  afterAll(() => t.close());

  it('a session the clock has passed is neither offered for a make-up nor booked, and a make-up in it cannot be cancelled', async () => {
    const splash = await companyIdOf(t, 'SPLASH');
    const [classId] = (await classesWithSessionsAhead(t, splash, { limit: 1 })) as [number];
    await emptyClass(t, splash, classId, { capacity: 6, price_cents: 2_000 });
    const family = await familyWithChild(t, 'Ava');
    const { standard } = await t.runtime.ctx.db.selectFrom('classes').select('standard').where('id', '=', classId).executeTakeFirstOrThrow();
    await t.runtime.ctx.db.updateTable('students').set({ standard }).where('id', '=', family.studentId).execute();
    const ahead = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const session = await t.runtime.ctx.db
      .selectFrom('class_sessions')
      .select(['id', 'date', 'start_time'])
      .where('class_id', '=', classId)
      .where('status', '=', 'scheduled')
      .where('date', '>=', ahead)
      .orderBy('date')
      .executeTakeFirstOrThrow();
    const credit = await makeupCredit(t, { companyId: splash, clientId: family.clientId, studentId: family.studentId, classId, date: session.date });
    // A brother's make-up booked into the same session.
    const brother = await newStudent(t, splash, family.clientId, 'Leo');
    const booked = await makeupCredit(t, { companyId: splash, clientId: family.clientId, studentId: brother, classId, date: session.date, booked: true });
    const offered = async () => (await family.browser.get<MakeupSessionsAnswer>(`/api/classes/get-makeup-sessions?makeup_id=${credit.creditId}`)).body.sessions.map((s) => s.SessionID);
    const cancellable = async () => (await family.browser.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups.find((m) => m.MakeupID === booked.creditId)?.CanCancel;
    expect(await offered()).toContain(session.id);
    expect(await cancellable()).toBe(true);

    // The server's clock a minute past the session's start.
    const company = (await findCompanyById(t.runtime.ctx, splash))!;
    shift = sessionStart(company, session.date, session.start_time).getTime() + 60_000 - Date.now();
    expect(await offered()).not.toContain(session.id);
    expect(await cancellable()).toBe(false);
    const late = await family.browser.post<{ code: string }>('/api/classes/book-makeup', { makeup_id: credit.creditId, session_id: session.id });
    expect([late.status, late.body.code]).toEqual([422, 'SESSION_NOT_OPEN']);
    shift = 0;
  });

  it('a class-session link lives by the clock: issued for a day, it is gone once the clock is two days on', async () => {
    const splash = await companyIdOf(t, 'SPLASH');
    const company = (await findCompanyById(t.runtime.ctx, splash))!;
    const [classId] = (await classesWithSessionsAhead(t, splash, { limit: 1 })) as [number];
    const link = await issueClassSessionLink(t.runtime.ctx, company, { publicUrl: 'http://portal.test', classId, days: 1 });
    const guest = new Browser(t.server);
    await guest.enterCompany('SPLASH');
    const open = () => guest.get(`/api/classes/class-session-link?token=${encodeURIComponent(new URL(link.url).searchParams.get('token')!)}`);
    expect((await open()).status).toBe(200);
    shift = 2 * 86_400_000;
    expect((await open()).status).toBe(404);
    shift = 0;
  });
});
