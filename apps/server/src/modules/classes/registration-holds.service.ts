import { classMessages as msg } from '@portal/shared/class-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { clock } from './class-time.ts';
import { refuse } from './class-rules.ts';
import { checkClassItems, type ClassItem, type ValidatedClassItem } from './class-items.service.ts';
import * as repo from './classes.repository.ts';
import * as enrolmentsRepo from './enrolments.repository.ts';

/** A place a new family's registration holds: no student yet, named by the registration (decision 109). */
interface RegistrationHold {
  ClassID: number;
  /** When the hold lapses (an instant). */
  heldUntil: string;
}

/** Where a hold of a registration fits an item asked for: the same class, kind and (one session) date. */
const fits = (hold: { class_id: number; kind: string; start_date: string }, item: Omit<ClassItem, 'student_id'>) =>
  hold.class_id === item.class_id && (item.kind === 'ongoing' ? hold.kind === 'ongoing' : hold.kind === 'casual' && hold.start_date === item.dates[0]);

/**
 * Holds a place for each class item of a new family's registration until `holdUntil` (issue 22,
 * decision 109), in one transaction under the classes' locks, and answers the items checked (to
 * price) with the holds. Its earlier holds are given back first, so they are not counted against
 * it; a place it held already keeps its time (asking again never stretches a hold). A class
 * without a free place for every item that asks for it is refused whole (CLASS_FULL, nothing
 * held), as the checkout would refuse it.
 */
export async function holdRegistrationPlaces(
  ctx: Ctx,
  company: Company,
  registrationId: number,
  items: Omit<ClassItem, 'student_id'>[],
  holdUntil: Date,
): Promise<{ items: ValidatedClassItem[]; holds: RegistrationHold[] }> {
  return ctx.transaction(async (tx) => {
    const c = clock(company, tx.clock.now());
    // The classes it holds places in now are locked too (all in class order, as every checkout
    // locks), so giving those places back cannot cross another transaction's locks.
    const before = await enrolmentsRepo.findRegistrationHolds(tx.db, company.id, registrationId);
    const locked = await repo.lockClasses(tx.db, tx.engine, company.id, [...items.map((i) => i.class_id), ...before.map((h) => h.class_id)]);
    const earlier = await enrolmentsRepo.releaseRegistrationHolds(tx.db, company.id, registrationId);
    const checked = await checkClassItems(
      tx.db,
      company,
      null,
      items.map((i) => ({ ...i, student_id: 0 })),
      { found: locked.map((l) => l.cls), locked: true },
      c.at,
    );
    // Each item was checked alone: a class asked for by two children needs two places, and a
    // session one child takes alone is a place of the session another child's term takes too.
    checked.forEach((v, i) => {
      const item = items[i]!;
      const wanting = items.filter((other) => other.class_id === item.class_id && (other.kind === 'ongoing' || (item.kind === 'casual' && other.dates[0] === item.dates[0])));
      if (wanting.length > v.PlacesLeft) throw refuse(409, 'CLASS_FULL', msg.classFull(v.Name));
    });
    const live = earlier.filter((h) => h.hold_until > c.now);
    const holds: RegistrationHold[] = [];
    for (const [i, item] of items.entries()) {
      const kept = live.findIndex((h) => fits(h, item));
      const until = kept >= 0 ? live.splice(kept, 1)[0]!.hold_until : holdUntil.toISOString();
      const v = checked[i]!;
      await repo.insertEnrolment(tx.db, locked.find((l) => l.cls.id === item.class_id)!.place, {
        student_id: null,
        registration_id: registrationId,
        kind: item.kind,
        start_date: v.startDate,
        end_date: item.kind === 'casual' ? v.startDate : null,
        status: 'held',
        hold_until: until,
        created_at: c.now,
      });
      holds.push({ ClassID: item.class_id, heldUntil: until });
    }
    const touched = [...new Set([...items.map((i) => i.class_id), ...earlier.map((h) => h.class_id)])];
    await repo.refreshClassCounts(tx.db, company.id, c.today, c.now, touched);
    return { items: checked.map(({ holds: _holds, ...v }) => v), holds };
  });
}

/** The places a registration holds as a submission read them before its transaction (`registrationHoldsCover`). */
export type RegistrationHolds = Awaited<ReturnType<typeof enrolmentsRepo.findRegistrationHolds>>;

/**
 * The places a registration holds when they hold a live place for each of the items (a place fits
 * one item only), else null: its submission may then leave the items' places and prices to the
 * checkout (decision 136), and hands these places over without reading them again.
 */
export async function registrationHoldsCover(ctx: Ctx, company: Company, registrationId: number, items: Omit<ClassItem, 'student_id'>[]): Promise<RegistrationHolds | null> {
  const c = clock(company, ctx.clock.now());
  const all = await enrolmentsRepo.findRegistrationHolds(ctx.db, company.id, registrationId);
  const live = all.filter((h) => h.hold_until > c.now);
  const covered = items.every((item) => {
    const at = live.findIndex((h) => fits(h, item));
    if (at >= 0) live.splice(at, 1);
    return at >= 0;
  });
  return covered ? all : null;
}

/**
 * In the submission's transaction, once its students are written: each place the registration
 * still holds becomes the hold of the student it was chosen for, which the checkout then takes
 * over as it takes over a cart's; what the submission no longer asks for is given back. `read`:
 * the places as the submission read them before its transaction, used unless one of them has
 * gone meanwhile (another tab chose again, which gives every earlier place back): the places are
 * then read again for the items not yet handed over. Answers how many places were handed over.
 */
export async function handRegistrationHoldsOver(ctx: Ctx, company: Company, registrationId: number, items: ClassItem[], read?: RegistrationHolds): Promise<number> {
  const c = clock(company, ctx.clock.now());
  let wanted = items;
  let given = 0;
  const planned = read ? handover(read, items, c.now) : null;
  // Without a place to hand over, the places read before could not tell whether another tab chose again: read them now.
  if (planned && planned.handed.length > 0) {
    const moved = await enrolmentsRepo.giveHoldsToStudents(ctx.db, company.id, registrationId, planned.handed);
    if (moved.length === planned.handed.length) {
      await releaseHolds(ctx, company, planned.left, c);
      return moved.length;
    }
    given = moved.length;
    wanted = items.filter((_, i) => !planned.handed.some((h) => h.item === i && moved.includes(h.id)));
  }
  const plan = handover(await enrolmentsRepo.findRegistrationHolds(ctx.db, company.id, registrationId), wanted, c.now);
  given += (await enrolmentsRepo.giveHoldsToStudents(ctx.db, company.id, registrationId, plan.handed)).length;
  await releaseHolds(ctx, company, plan.left, c);
  return given;
}

/** Which live place goes to which item (`item`: its index), and the places no item takes. */
function handover(all: RegistrationHolds, items: ClassItem[], now: string) {
  const live = all.filter((h) => h.hold_until > now);
  const handed: { id: number; studentId: number; item: number }[] = [];
  for (const [i, item] of items.entries()) {
    const at = live.findIndex((h) => fits(h, item));
    if (at >= 0) handed.push({ id: live.splice(at, 1)[0]!.id, studentId: item.student_id, item: i });
  }
  return { handed, left: all.filter((h) => !handed.some((x) => x.id === h.id)).map((h) => h.id) };
}

/** Gives back the places no item took. */
async function releaseHolds(ctx: Ctx, company: Company, ids: number[], c: ReturnType<typeof clock>): Promise<void> {
  const freed = await enrolmentsRepo.releaseHeld(ctx.db, company.id, ids);
  if (freed.length) await repo.refreshClassCounts(ctx.db, company.id, c.today, c.now, freed);
}

/**
 * A registration whose payment failed for good (a declined card) is opened again and its family
 * removed: the places its children still hold go back to the registration first, so the next
 * try keeps them (for as long as the checkout held them on) instead of losing them with the children.
 */
export async function handHoldsBackToRegistration(ctx: Ctx, company: Company, registrationId: number, clientId: number): Promise<void> {
  await enrolmentsRepo.giveClientHoldsToRegistration(ctx.db, company.id, clientId, registrationId, ctx.clock.now().toISOString());
}
