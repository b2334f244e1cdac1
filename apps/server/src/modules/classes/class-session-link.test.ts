import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClassSessionLinkAnswer } from '@portal/shared/class-session-link-schemas';
import { dayAbbreviation, isoDayOf } from '@portal/shared/class-time-text';
import { formatDate, type DateFormat } from '@portal/shared/date-time-text';
import { Browser, changeCompanySettings, ownCompany, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { findCompanyByCode } from '../company/company.service.ts';
import { classSessionLinkCommand } from './class-session-link.cli.ts';
import { issueClassSessionLink } from './class-session-link.service.ts';
import { runHourlyJobs } from '../../jobs/scheduler.ts';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const dmy = (iso: string) => formatDate(iso, 'dd/MM/yyyy');

describe('class-session link formatting', () => {
  it('writes dates in each DateFormat', () => {
    expect((['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd', 'dd.MM.yyyy'] as DateFormat[]).map((f) => formatDate('2026-03-09', f))).toEqual(['09/03/2026', '03/09/2026', '2026-03-09', '09.03.2026']);
  });
});

describe.each(testEngines())('class-session links on %s', (engine) => {
  let t: TestApp;
  let splashSessions: { id: number; date: string }[];
  beforeAll(async () => {
    t = await startTestApp(engine);
    const db = t.runtime.ctx.db;
    const cls = await db
      .selectFrom('classes')
      .innerJoin('companies', 'companies.id', 'classes.company_id')
      .select('classes.id')
      .where('companies.code', '=', 'SPLASH')
      .where('classes.name', '=', 'Seahorse – Tuesday')
      .executeTakeFirstOrThrow();
    splashSessions = await db.selectFrom('class_sessions').select(['id', 'date']).where('class_id', '=', cls.id).where('status', '=', 'scheduled').orderBy('date').execute();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const issue = async (code: string, input: Parameters<typeof issueClassSessionLink>[2]) => issueClassSessionLink(t.runtime.ctx, (await findCompanyByCode(t.runtime.ctx, code))!, input);
  const guestAt = async (code: string) => {
    const b = new Browser(t.server);
    await b.enterCompany(code);
    return b;
  };
  const open = (b: Browser, token: string) => b.get<ClassSessionLinkAnswer & { message?: string; code?: string }>(`/api/classes/class-session-link?token=${encodeURIComponent(token)}`);

  it('O3, O5, O7: one session answers its date, then Class, Level, Day(s), Time, Duration, Venue and the court, in order', async () => {
    const session = splashSessions.at(-2)!;
    const link = await issue('SPLASH', { publicUrl: 'http://portal.test', sessionId: session.id });
    const url = new URL(link.url);
    expect(url.pathname).toBe('/hub/class-session-link');
    expect(url.searchParams.get('id')).toBe('1001');
    const res = await open(await guestAt('SPLASH'), tokenOf(link.url));
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { label: 'Date', value: dmy(session.date) },
      { label: 'Class', value: 'Seahorse – Tuesday' },
      { label: 'Level', value: 'Seahorse' },
      { label: 'Day(s)', value: 'Tue' },
      { label: 'Time', value: '04:00 PM - 04:30 PM' },
      { label: 'Duration', value: '30 minutes' },
      { label: 'Venue', value: 'Splash Aquatic Centre – Bondi, 12 Campbell Parade, Bondi Beach NSW 2026' },
      { label: 'Lane', value: 'Lane 3' },
    ]);
    expect(res.body.dates).toEqual([dmy(session.date)]);
  });

  describe('C21, F14: the Time and Duration rows follow the company’s TimeDisplay; days read Mon…Sun, Monday first', () => {
    /** A company of the test's own whose "Holiday intensive" (three days in a row from today+30, the last cancelled) runs 90 minutes at 10:00. */
    async function holidayLink(timeDisplay: 'HoursAndMinutes' | 'Minutes' | 'NoTimeDisplayed') {
      const own = await ownCompany(t);
      const db = t.runtime.ctx.db;
      await changeCompanySettings<{ classes_setup?: Record<string, unknown> }>(t, own.companyId, (s) => {
        s.classes_setup = { ...s.classes_setup, TimeDisplay: timeDisplay };
      });
      const cls = await db.selectFrom('classes').select('id').where('company_id', '=', own.companyId).where('name', '=', 'Holiday intensive').executeTakeFirstOrThrow();
      await db.updateTable('classes').set({ duration_minutes: 90 }).where('company_id', '=', own.companyId).where('id', '=', cls.id).execute();
      const sessions = await db.selectFrom('class_sessions').select('date').where('class_id', '=', cls.id).where('status', '=', 'scheduled').orderBy('date').execute();
      const link = await issue(own.code, { publicUrl: 'http://portal.test', classId: cls.id });
      const res = await open(await guestAt(own.code), tokenOf(link.url));
      expect(res.status).toBe(200);
      const days = sessions
        .map((s) => isoDayOf(s.date))
        .sort((a, b) => a - b)
        .map(dayAbbreviation);
      return { rows: Object.fromEntries(res.body.rows.map((r) => [r.label, r.value])), labels: res.body.rows.map((r) => r.label), days };
    }

    it('HoursAndMinutes: "10:00 AM - 11:30 AM", "1 hour 30 minutes"', async () => {
      const { rows, days } = await holidayLink('HoursAndMinutes');
      expect(days).toHaveLength(2);
      expect(rows['Day(s)']).toBe(days.join(', '));
      expect(rows.Time).toBe('10:00 AM - 11:30 AM');
      expect(rows.Duration).toBe('1 hour 30 minutes');
    });

    it('Minutes: the same time, "90 minutes"', async () => {
      const { rows } = await holidayLink('Minutes');
      expect(rows.Time).toBe('10:00 AM - 11:30 AM');
      expect(rows.Duration).toBe('90 minutes');
    });

    it('NoTimeDisplayed: no Time and no Duration row; the others keep their order', async () => {
      const { labels, rows, days } = await holidayLink('NoTimeDisplayed');
      expect(labels).toEqual(['Dates', 'Class', 'Level', 'Day(s)', 'Venue', 'Lane']);
      expect(rows['Day(s)']).toBe(days.join(', '));
    });
  });

  it('O5, O6: several dates answer "first - last" and every date, cancelled sessions left out', async () => {
    const [first, , , fourth] = splashSessions.slice(-4);
    const classId = (await t.runtime.ctx.db.selectFrom('class_sessions').select('class_id').where('id', '=', first!.id).executeTakeFirstOrThrow()).class_id;
    const link = await issue('SPLASH', { publicUrl: 'http://portal.test', classId, fromDate: first!.date, toDate: fourth!.date });
    const res = await open(await guestAt('SPLASH'), tokenOf(link.url));
    expect(res.body.rows[0]).toEqual({ label: 'Dates', value: `${dmy(first!.date)} - ${dmy(fourth!.date)}` });
    expect(res.body.dates).toEqual(splashSessions.slice(-4).map((s) => dmy(s.date)));
  });

  it('O8: an unknown, malformed, expired or another company’s token is a 404 with the same message; no company is a 401', async () => {
    const link = await issue('SPLASH', { publicUrl: 'http://portal.test', sessionId: splashSessions.at(-1)!.id });
    const token = tokenOf(link.url);
    const invalid = { code: 'LINK_INVALID', message: 'This link is invalid or has expired. Please ask the office for a new one.' };
    const splash = await guestAt('SPLASH');
    for (const bad of [crypto.randomBytes(32).toString('base64url'), 'not-a-token', `${token}x`]) {
      const res = await open(splash, bad);
      expect(res.status, bad).toBe(404);
      expect(res.body).toEqual(invalid);
    }
    expect((await open(await guestAt('ACE'), token)).body).toEqual(invalid);
    expect((await open(new Browser(t.server), token)).status).toBe(401);
    expect((await splash.get('/api/classes/class-session-link')).status).toBe(400);

    expect((await open(splash, token)).status).toBe(200);
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    const rows = await t.runtime.ctx.db.selectFrom('class_session_links').select(['token_hash']).where('token_hash', '=', hash).execute();
    expect(rows).toHaveLength(1);
    await t.runtime.ctx.db
      .updateTable('class_session_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hash)
      .execute();
    expect((await open(splash, token)).body).toEqual(invalid);
  });

  it('a link the company revoked answers 410 and says so, at once and until it would have expired; another company cannot revoke it', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => out.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => out.push(`error: ${line}`));
    const link = await issue('SPLASH', { publicUrl: 'http://portal.test', sessionId: splashSessions.at(-1)!.id });
    const other = await issue('SPLASH', { publicUrl: 'http://portal.test', sessionId: splashSessions.at(-1)!.id });
    const splash = await guestAt('SPLASH');
    expect((await open(splash, tokenOf(link.url))).status).toBe(200);

    expect(await classSessionLinkCommand(t.runtime.ctx.db, 'https://hub.example', ['--company', 'ACE', '--revoke', link.url])).toBe(1);
    expect(out.at(-1)).toBe('error: No live class-session link of ACE has that token');
    expect((await open(splash, tokenOf(link.url))).status).toBe(200);

    // The company revokes it by its URL (or its token); the open page's next call is refused.
    expect(await classSessionLinkCommand(t.runtime.ctx.db, 'https://hub.example', ['--company', 'SPLASH', '--revoke', link.url])).toBe(0);
    expect(out.at(-1)).toBe('The link was revoked.');
    const revoked = await open(splash, tokenOf(link.url));
    expect(revoked.status).toBe(410);
    expect(revoked.body).toEqual({ code: 'LINK_REVOKED', message: 'This link was withdrawn by the office. Please ask the office for a new one.' });
    // Once only; another link of the same session stays open.
    expect(await classSessionLinkCommand(t.runtime.ctx.db, 'https://hub.example', ['--company', 'SPLASH', '--revoke', tokenOf(link.url)])).toBe(1);
    expect((await open(splash, tokenOf(other.url))).status).toBe(200);
  });

  it('a link lives until the day after its last date, or for --days', async () => {
    const last = splashSessions.at(-1)!;
    const link = await issue('SPLASH', { publicUrl: 'http://portal.test', sessionId: last.id });
    expect(link.expiresAt > `${last.date}T`).toBe(true);
    const week = await issue('SPLASH', { publicUrl: 'http://portal.test', sessionId: last.id, days: 7 });
    expect(Math.round((new Date(week.expiresAt).getTime() - Date.now()) / 86_400_000)).toBe(7);
  });

  it('the hourly sweep takes out expired links and captcha challenges, and keeps live ones', async () => {
    const db = t.runtime.ctx.db;
    const live = tokenOf((await issue('SPLASH', { publicUrl: 'http://portal.test', sessionId: splashSessions.at(-1)!.id })).url);
    const dead = tokenOf((await issue('SPLASH', { publicUrl: 'http://portal.test', sessionId: splashSessions.at(-1)!.id })).url);
    const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
    await db
      .updateTable('class_session_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hash(dead))
      .execute();
    const company = (await findCompanyByCode(t.runtime.ctx, 'SPLASH'))!;
    await db
      .insertInto('captcha_solutions')
      .values([
        { company_id: company.id, challenge_hash: 'sweep-old', expires_at: new Date(Date.now() - 1000).toISOString() },
        { company_id: company.id, challenge_hash: 'sweep-new', expires_at: new Date(Date.now() + 60_000).toISOString() },
      ])
      .execute();
    await runHourlyJobs(t.runtime.ctx);
    const links = await db
      .selectFrom('class_session_links')
      .select('token_hash')
      .where('token_hash', 'in', [hash(live), hash(dead)])
      .execute();
    expect(links.map((l) => l.token_hash)).toEqual([hash(live)]);
    const challenges = await db.selectFrom('captcha_solutions').select('challenge_hash').where('challenge_hash', 'like', 'sweep-%').execute();
    expect(challenges.map((c) => c.challenge_hash)).toEqual(['sweep-new']);
  });

  it('the CLI prints a link for a class session, lists the sessions, and refuses an unknown one', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => out.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => out.push(`error: ${line}`));
    const session = splashSessions.at(-1)!;
    expect(await classSessionLinkCommand(t.runtime.ctx.db, 'https://hub.example', ['--company', 'splash', '--session', String(session.id)])).toBe(0);
    const url = out.find((l) => l.startsWith('https://hub.example/hub/class-session-link?token='))!;
    expect(url).toMatch(/token=[A-Za-z0-9_-]{43}&id=1001$/);
    expect((await open(await guestAt('SPLASH'), tokenOf(url))).status).toBe(200);

    out.length = 0;
    expect(await classSessionLinkCommand(t.runtime.ctx.db, 'https://hub.example', ['--company', 'SPLASH'])).toBe(0);
    expect(out).toContain(`  session ${session.id}  ${session.date}`);

    out.length = 0;
    expect(await classSessionLinkCommand(t.runtime.ctx.db, 'https://hub.example', ['--company', 'ACE', '--session', String(session.id)])).toBe(1);
    expect(out).toEqual([`error: Class session ${session.id} was not found at ACE`]);
    expect(await classSessionLinkCommand(t.runtime.ctx.db, 'https://hub.example', ['--session', '1'])).toBe(1);
  });
});
