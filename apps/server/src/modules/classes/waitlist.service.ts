import { classMessages as msg } from '@portal/shared/class-schemas';
import type { Db } from '../../db/database.ts';
import type { Ctx } from '../../context.ts';
import { recordActivity } from '../activity/activity.api.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { publicOrigin } from '../../config/env.ts';
import { findClientEmail, isEmailOptedOut, mailGuardians, notifyClient, renderMail } from '../messaging/messaging.api.ts';
import { clock } from './class-time.ts';
import { notFound, refuse, assertClassReservations } from './class-rules.ts';
import { validateClassItem } from './enrolments.service.ts';
import * as repo from './classes.repository.ts';
import * as enrolmentsRepo from './enrolments.repository.ts';
import * as waitlistRepo from './waitlist.repository.ts';

export async function joinWaitlist(ctx: Ctx, company: Company, clientId: number, input: { class_id: number; student_id: number }) {
  assertClassReservations(company);
  const c = clock(company, ctx.clock.now());
  const [cls, student] = await Promise.all([repo.findClass(ctx.db, company.id, input.class_id), repo.findClientStudent(ctx.db, company.id, clientId, input.student_id)]);
  if (!cls || !student) throw notFound();
  try {
    await validateClassItem(ctx, company, clientId, { class_id: cls.id, student_id: student.id, kind: 'ongoing', dates: [] });
    throw refuse(409, 'NOT_FULL', msg.waitlistNotFull);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'CLASS_FULL') throw err;
  }
  const entry = await waitlistRepo.joinWaitlistOnce(ctx.db, { company_id: company.id, class_id: cls.id, student_id: student.id, client_id: clientId, created_at: c.now });
  if (entry === null) throw refuse(409, 'ALREADY_WAITING', msg.waitlistAlready);
  await recordActivity(ctx, { companyId: company.id, clientId, kind: 'waitlist', summary: `Put ${student.first_name} on the waitlist for ${cls.name}` });
  return listWaitlist(ctx, company, clientId);
}

export async function listWaitlist(ctx: Ctx, company: Company, clientId: number) {
  const rows = await waitlistRepo.findClientWaitlist(ctx.db, company.id, clientId);
  return rows.map((r) => ({
    WaitlistID: r.id,
    ClassID: r.class_id,
    ClassName: r.class_name,
    StudentID: r.student_id,
    StudentName: `${r.first_name} ${r.last_name}`,
    Position: Number(r.position),
    Status: r.status === 'offered' ? ('offered' as const) : ('waiting' as const),
    OfferExpiresAt: r.status === 'offered' ? r.offer_expires_at : null,
  }));
}

export async function leaveWaitlist(ctx: Ctx, company: Company, clientId: number, entryId: number) {
  const c = clock(company, ctx.clock.now());
  const entry = (await waitlistRepo.findClientWaitlist(ctx.db, company.id, clientId)).find((w) => w.id === entryId);
  if (!(await waitlistRepo.closeWaitlistEntry(ctx.db, company.id, clientId, entryId, 'left', c.now))) throw notFound();
  await recordActivity(ctx, { companyId: company.id, clientId, kind: 'waitlist', summary: `Took ${entry?.first_name ?? 'a student'} off the waitlist for ${entry?.class_name ?? 'a class'}` });
  return listWaitlist(ctx, company, clientId);
}

/** A class's places free for the waitlist at `at`: capacity less the ongoing enrolments of its next session and the offers held. */
async function freePlaces(db: Db, company: Company, classId: number, at: Date) {
  const now = at.toISOString();
  const cls = await repo.findClass(db, company.id, classId);
  if (!cls) return { cls, free: 0 };
  const today = clock(company, at).today;
  const upcoming = await repo.findUpcomingSessions(db, company.id, [classId], today);
  if (upcoming.length === 0) return { cls, free: 0 };
  const ongoing = await repo.countOngoing(db, company.id, classId, upcoming[0]!.date, now);
  const held = Number((await waitlistRepo.countHeldOffers(db, company.id, [classId], { now, today }))[0]?.n ?? 0);
  return { cls, free: cls.capacity - ongoing - held };
}

/**
 * The waitlist sweep, every minute (decision 092): offers whose hold lapsed pass on, lapsed
 * checkout holds give their places back, and each class with a free place offers it to the first
 * family waiting, by notification and e-mail, held for the company's period. A class is locked
 * only when a read without the lock found a place: most minutes find none, and the lock would
 * hold up checkouts (on SQLite, every writer) for nothing. `loadCompany` resolves a company id
 * (the sweep runs outside any request).
 */
export async function sweepWaitlists(ctx: Ctx, loadCompany: (companyId: number) => Promise<Company | undefined>, at = ctx.clock.now()): Promise<number> {
  const now = at.toISOString();
  await waitlistRepo.expireOffers(ctx.db, now);
  const lapsed = await enrolmentsRepo.deleteLapsedHolds(ctx.db, now);
  const touched = new Map<number, Set<number>>();
  for (const h of lapsed) touched.set(h.company_id, (touched.get(h.company_id) ?? new Set()).add(h.class_id));
  for (const [companyId, classIds] of touched) {
    const company = await loadCompany(companyId);
    if (company) await repo.refreshClassCounts(ctx.db, companyId, clock(company, at).today, now, [...classIds]);
  }
  let offered = 0;
  for (const { company_id, class_id } of await waitlistRepo.findClassesWithWaiting(ctx.db)) {
    const company = await loadCompany(company_id);
    if (!company) continue;
    if ((await freePlaces(ctx.db, company, class_id, at)).free <= 0) continue;
    const mails: { clientId: number; title: string; content: string }[] = [];
    offered += await ctx.transaction(async (tx) => {
      if (!(await repo.lockClass(tx.db, company_id, class_id))) return 0;
      // Again under the lock: a checkout may have taken the place since.
      const { cls, free } = await freePlaces(tx.db, company, class_id, at);
      if (!cls || free <= 0) return 0;
      const hours = company.settings.classes_setup.WaitlistOfferHours;
      const expires = new Date(at.getTime() + hours * 3_600_000).toISOString();
      let made = 0;
      for (const entry of await waitlistRepo.findFirstWaiting(tx.db, company_id, class_id, free, { now, today: clock(company, at).today })) {
        if (!(await waitlistRepo.markOffered(tx.db, company_id, entry.id, now, expires))) continue;
        made += 1;
        const title = `A place is free in ${cls.name}`;
        const content = `A place in ${cls.name} is held for ${entry.student_first_name ?? 'you'} for ${hours} hours. Add the class to your cart and check out before then, or it passes to the next family on the waitlist.`;
        await notifyClient(tx.db, {
          companyId: company_id,
          clientId: entry.client_id,
          category: 'classes',
          title,
          content,
          tagData: { kind: 'waitlist_offer', class_id, waitlist_id: entry.id },
          createdAt: now,
        });
        mails.push({ clientId: entry.client_id, title, content });
      }
      return made;
    });
    // E-mail only once the offer is committed.
    for (const m of mails) {
      const action = { label: 'View classes', url: `${publicOrigin(ctx.env)}/hub/classes` };
      await mailGuardians(ctx, company, m.clientId, { category: 'classes', subject: m.title, content: m.content, action });
      if (await isEmailOptedOut(ctx, company_id, m.clientId, 'classes')) continue;
      const client = await findClientEmail(ctx, company_id, m.clientId);
      if (!client?.email) continue;
      ctx.mailer.queue({ companyId: company_id, to: client.email, subject: m.title, ...renderMail(company.settings, [`Hi ${client.first_name},`, m.content], action) });
    }
  }
  return offered;
}
