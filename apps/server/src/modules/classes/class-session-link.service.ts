import { courtLabel } from '@portal/shared/labels';
import type { ClassSessionLinkAnswer, LabelledRow } from '@portal/shared/class-session-link-schemas';
import { dayAbbreviation, durationText, isoDayOf, showsClassTime, timeRangeText } from '@portal/shared/class-time-text';
import { formatDate } from '@portal/shared/date-time-text';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { addDays, companyTimeZone, localNow, nowIso } from '../../lib/time.ts';
import { hashToken, isTokenShaped, newToken } from '../../lib/tokens.ts';
import * as repo from './class-session-link.repository.ts';

const DAY_MS = 24 * 3600_000;
/** A link lives at least this long, and at most a year. */
const MIN_LIFETIME_DAYS = 1;
const MAX_LIFETIME_DAYS = 366;

/**
 * What a class-session link shows, in the company's words and date format; undefined for a token
 * that is unknown, of another company, or expired; 'revoked' for one the company withdrew.
 */
export async function findLinkDetails(ctx: Pick<Ctx, 'db' | 'clock'>, company: Company, token: string): Promise<ClassSessionLinkAnswer | 'revoked' | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const link = await repo.findLiveLink(ctx.db, company.id, hashToken(token), nowIso(ctx.clock.now()));
  if (!link) return undefined;
  if (link.revoked_at !== null) return 'revoked';
  const sessions = await repo.findSessionsBetween(ctx.db, company.id, link.class_id, link.from_date, link.to_date);
  const dateFormat = company.settings.localization.DateFormat;
  const dates = sessions.map((s) => formatDate(s.date, dateFormat));
  const startTime = sessions[0]?.start_time ?? link.start_time;
  // Monday first, as the portal's days read (C20).
  const weekdays = [...new Set(sessions.map((s) => isoDayOf(s.date)))].sort((a, b) => a - b).map(dayAbbreviation);
  const display = company.settings.classes_setup.TimeDisplay;
  const none = '—';
  const rows: LabelledRow[] = [
    { label: dates.length > 1 ? 'Dates' : 'Date', value: dates.length === 0 ? 'No upcoming dates' : dates.length === 1 ? dates[0]! : `${dates[0]} - ${dates.at(-1)}` },
    { label: 'Class', value: link.name },
    { label: company.settings.StandardName || 'Level', value: link.standard || link.lesson_format || none },
    { label: 'Day(s)', value: weekdays.join(', ') || none },
    // NoTimeDisplayed: the company shows no class times, so neither row (F14, decision 063).
    ...(showsClassTime(display)
      ? [
          { label: 'Time', value: timeRangeText(startTime, link.duration_minutes, display) },
          { label: 'Duration', value: durationText(link.duration_minutes, display) },
        ]
      : []),
    { label: 'Venue', value: [link.venue, link.venue_address].filter(Boolean).join(', ') || none },
    { label: courtLabel(company.settings), value: link.court || none },
  ];
  return { success: true, rows, dates, expires_at: link.expires_at };
}

export interface IssuedLink {
  url: string;
  expiresAt: string;
  className: string;
  dates: string[];
}

/**
 * Issues a link to share a class session (or a class's sessions between two dates): a new
 * random token whose hash alone is stored, valid until the day after its last date (at least a
 * day, at most a year), or for `days`.
 */
export async function issueClassSessionLink(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  company: Company,
  input: { publicUrl: string; sessionId?: number | undefined; classId?: number | undefined; fromDate?: string | undefined; toDate?: string | undefined; days?: number | undefined },
  now = ctx.clock.now(),
): Promise<IssuedLink> {
  let classId = input.classId;
  let fromDate = input.fromDate;
  let toDate = input.toDate;
  if (input.sessionId !== undefined) {
    const session = await repo.findSessionById(ctx.db, company.id, input.sessionId);
    if (!session) throw new AppError(404, 'NOT_FOUND', `Class session ${input.sessionId} was not found at ${company.code}`);
    classId = session.class_id;
    fromDate ??= session.date;
    toDate ??= session.date;
  }
  if (classId === undefined) throw new AppError(400, 'VALIDATION', 'Give a class session (--session) or a class (--class)');
  const cls = await repo.findClassById(ctx.db, company.id, classId);
  if (!cls) throw new AppError(404, 'NOT_FOUND', `Class ${classId} was not found at ${company.code}`);
  const today = localNow(companyTimeZone(company.settings.localization), now).date;
  fromDate ??= today;
  toDate ??= addDays(fromDate, 7 * 52);
  if (toDate < fromDate) throw new AppError(400, 'VALIDATION', 'The last date is before the first');
  const sessions = await repo.findSessionsBetween(ctx.db, company.id, classId, fromDate, toDate);
  if (sessions.length === 0) throw new AppError(400, 'VALIDATION', `${cls.name} has no session between ${fromDate} and ${toDate}`);
  if (input.toDate === undefined && input.sessionId === undefined) toDate = sessions.at(-1)!.date;

  const untilLastDate = Math.ceil((new Date(`${addDays(toDate, 1)}T23:59:59Z`).getTime() - now.getTime()) / DAY_MS);
  const days = Math.min(MAX_LIFETIME_DAYS, Math.max(MIN_LIFETIME_DAYS, input.days ?? untilLastDate));
  const expiresAt = new Date(now.getTime() + days * DAY_MS).toISOString();
  const token = newToken();
  await repo.insertLink(ctx.db, { companyId: company.id, tokenHash: hashToken(token), classId, fromDate, toDate, createdAt: nowIso(now), expiresAt });
  const url = new URL('/hub/class-session-link', input.publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('id', String(company.customerId));
  return { url: url.toString(), expiresAt, className: cls.name, dates: sessions.map((s) => s.date) };
}

/** The classes of a company and their sessions from today on, for choosing one to share. */
export async function listShareableSessions(ctx: Pick<Ctx, 'db' | 'clock'>, company: Company, now = ctx.clock.now()) {
  const today = localNow(companyTimeZone(company.settings.localization), now).date;
  return repo.findClassesWithSessionsFrom(ctx.db, company.id, today);
}

/**
 * Withdraws a link the company sent, named by its URL or its token: its page says so from the
 * next call on. Throws 404 when the company has no live, unrevoked link with that token.
 */
export async function revokeClassSessionLink(ctx: Pick<Ctx, 'db' | 'clock'>, company: Company, urlOrToken: string, now = ctx.clock.now()): Promise<void> {
  let token = urlOrToken.trim();
  if (URL.canParse(token)) token = new URL(token).searchParams.get('token') ?? '';
  const revoked = isTokenShaped(token) && (await repo.revokeLink(ctx.db, company.id, hashToken(token), nowIso(now)));
  if (!revoked) throw new AppError(404, 'NOT_FOUND', `No live class-session link of ${company.code} has that token`);
}

/** The hourly sweep's part. */
export function deleteExpiredLinks(ctx: Pick<Ctx, 'db'>, now: Date): Promise<void> {
  return repo.deleteExpiredLinks(ctx.db, now.toISOString());
}
