import { classMessages as msg } from '@portal/shared/class-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { publicOrigin } from '../../config/env.ts';
import { findClientEmail, isEmailOptedOut, notifyClient, renderMail } from '../messaging/messaging.api.ts';
import { clock } from './class-time.ts';
import { notFound, refuse, assertClassReservations } from './class-rules.ts';
import { validateClassItem } from './enrolments.service.ts';
import * as repo from './classes.repository.ts';
import * as enrolmentsRepo from './enrolments.repository.ts';
import * as waitlistRepo from './waitlist.repository.ts';

export async function joinWaitlist(ctx: Ctx, company: Company, clientId: number, input: { class_id: number; student_id: number }) {
  assertClassReservations(company);
  const c = clock(company);
  const [cls, student] = await Promise.all([repo.findClass(ctx.db, company.id, input.class_id), repo.findClientStudent(ctx.db, company.id, clientId, input.student_id)]);
  if (!cls || !student) throw notFound();
  try {
    await validateClassItem(ctx, company, clientId, { class_id: cls.id, student_id: student.id, kind: 'ongoing', dates: [] });
    throw refuse(409, 'NOT_FULL', msg.waitlistNotFull);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'CLASS_FULL') throw err;
  }
  if (await waitlistRepo.findOpenWaitlistEntry(ctx.db, company.id, cls.id, student.id)) throw refuse(409, 'ALREADY_WAITING', msg.waitlistAlready);
  await waitlistRepo.insertWaitlistEntry(ctx.db, { company_id: company.id, class_id: cls.id, student_id: student.id, client_id: clientId, created_at: c.now });
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
  const c = clock(company);
  if (!(await waitlistRepo.closeWaitlistEntry(ctx.db, company.id, clientId, entryId, 'left', c.now))) throw notFound();
  return listWaitlist(ctx, company, clientId);
}

/**
 * The waitlist sweep: offers whose hold lapsed pass on; each class with a free place offers it
 * to the first family waiting, by notification and e-mail, held for the company's period.
 * `loadCompany` resolves a company id (the sweep runs outside any request).
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
    const mails: { clientId: number; title: string; content: string }[] = [];
    offered += await ctx.transaction(async (tx) => {
      if (!(await repo.lockClass(tx.db, company_id, class_id))) return 0;
      const c = clock(company, at);
      const cls = await repo.findClass(tx.db, company_id, class_id);
      if (!cls) return 0;
      const upcoming = await repo.findUpcomingSessions(tx.db, company_id, [class_id], c.today);
      if (upcoming.length === 0) return 0;
      const ongoing = await repo.countOngoing(tx.db, company_id, class_id, upcoming[0]!.date, now);
      const held = Number((await waitlistRepo.countHeldOffers(tx.db, company_id, [class_id], now))[0]?.n ?? 0);
      const free = cls.capacity - ongoing - held;
      if (free <= 0) return 0;
      const hours = company.settings.classes_setup.WaitlistOfferHours;
      const expires = new Date(at.getTime() + hours * 3_600_000).toISOString();
      let made = 0;
      for (const entry of await waitlistRepo.findFirstWaiting(tx.db, company_id, class_id, free)) {
        if (!(await waitlistRepo.markOffered(tx.db, company_id, entry.id, now, expires))) continue;
        made += 1;
        const title = `A place is free in ${cls.name}`;
        const content = `A place in ${cls.name} is held for you for ${hours} hours. Add the class to your cart and check out before then, or it passes to the next family on the waitlist.`;
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
      if (await isEmailOptedOut(ctx, company_id, m.clientId, 'classes')) continue;
      const client = await findClientEmail(ctx, company_id, m.clientId);
      if (!client?.email) continue;
      const action = { label: 'View classes', url: `${publicOrigin(ctx.env)}/hub/classes` };
      ctx.mailer.queue({ companyId: company_id, to: client.email, subject: m.title, ...renderMail(company.settings, [`Hi ${client.first_name},`, m.content], action) });
    }
  }
  return offered;
}
