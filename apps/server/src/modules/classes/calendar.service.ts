import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import { fillPath } from '@portal/shared/endpoint';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { addDays, companyTimeZone } from '../../lib/time.ts';
import { clock, zonedInstant } from './class-time.ts';
import * as calendarRepo from './calendar.repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function calendarFeedStatus(ctx: Ctx, company: Company, clientId: number) {
  const feed = await calendarRepo.findActiveCalendarFeed(ctx.db, company.id, clientId);
  return { active: feed !== undefined, created_at: feed?.created_at ?? null };
}

/** A new secret URL (the old one stops working); the token is shown now and stored only hashed. */
export async function createCalendarFeed(ctx: Ctx, company: Company, clientId: number, origin: string) {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now().toISOString();
  await calendarRepo.replaceCalendarFeed(ctx.db, company.id, clientId, hashToken(token), now);
  return { active: true as const, created_at: now, url: `${origin}${fillPath(classEndpoints.calendar.path, { token: `${token}.ics` })}` };
}

export async function revokeCalendarFeed(ctx: Ctx, company: Company, clientId: number) {
  await calendarRepo.revokeCalendarFeeds(ctx.db, company.id, clientId, ctx.clock.now().toISOString());
  return { active: false, created_at: null };
}

/** The ICS text a feed token opens, or undefined (unknown or revoked). */
export async function renderCalendarFeed(ctx: Ctx, token: string, loadCompany: (companyId: number) => Promise<Company | undefined>): Promise<string | undefined> {
  const feed = await calendarRepo.findCalendarFeedByHash(ctx.db, hashToken(token));
  if (!feed) return undefined;
  const company = await loadCompany(feed.company_id);
  if (!company) return undefined;
  const zone = companyTimeZone(company.settings.localization);
  const c = clock(company, ctx.clock.now());
  const rows = await calendarRepo.findClientSessionsFrom(ctx.db, company.id, feed.client_id, addDays(c.today, -7), addDays(c.today, 180));
  // Times are written as UTC instants (…Z), which every calendar shows in its own zone. With a
  // TZID, ical-generator writes a plain Date's wall clock in the server's zone, not the company's.
  const cal = ical({ name: `${company.settings.CompanyDisplayName} classes`, prodId: { company: 'Customer Hub', product: 'classes' } });
  for (const r of rows) {
    const start = zonedInstant(zone, r.date, r.start_time);
    const absent = r.absence_reason !== null;
    const what = r.kind === 'temporary' ? `${r.name} (make-up)` : r.name;
    cal.createEvent({
      id: `session-${r.session_id}-student-${r.student_id}@${company.code.toLowerCase()}.customer-hub`,
      start,
      end: new Date(start.getTime() + r.duration_minutes * 60_000),
      summary: `${r.first_name}: ${what}${absent ? ' – absent' : ''}${r.status === 'cancelled' ? ' – cancelled' : ''}`,
      location: [r.venue, r.court].filter(Boolean).join(', ') || null,
      description: absent ? `Absence notified: ${r.absence_reason}` : null,
      status: r.status === 'cancelled' || absent ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
