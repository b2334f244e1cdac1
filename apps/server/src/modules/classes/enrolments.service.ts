import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { SHARED_HOLD } from '../../domain/cart-hold.ts';
import { addDays, sessionIsOver } from '../../lib/time.ts';
import { AppError } from '../../lib/app-error.ts';
import { clock } from './class-time.ts';
import { fullLines, notFound } from './class-rules.ts';
import { checkClassItems, holdMatches, type CheckedItem, type ClassItem, type OwnHold, type ValidatedClassItem } from './class-items.service.ts';
import * as repo from './classes.repository.ts';
import type { LockedClass } from './classes.repository.ts';
import * as enrolmentsRepo from './enrolments.repository.ts';
import * as waitlistRepo from './waitlist.repository.ts';
import * as attendanceRepo from './attendance.repository.ts';
import * as calendarRepo from './calendar.repository.ts';

/** A page of the client's class sessions still to come, judged on the company's own clock, not the server's. */
export function listUpcomingSessions(ctx: Ctx, company: Company, clientId: number, page: { limit: number; offset: number }) {
  const c = clock(company, ctx.clock.now());
  return calendarRepo.findClientUpcomingSessions(ctx.db, { companyId: company.id, clientId, today: c.today, nowTime: c.time, ...page });
}

// What checkout needs (decision 023): validate, hold, confirm, release.

/**
 * Checks that a class can be sold to one of this client's students, as asked, now
 * (`checkClassItems`). Throws the AppError the customer should see; answers what to charge.
 * `ctx.db` may be a transaction that locked the class.
 */
export async function validateClassItem(ctx: Ctx, company: Company, clientId: number, item: ClassItem, at = ctx.clock.now()): Promise<ValidatedClassItem> {
  return (await checkUnlocked(ctx, company, { clientId }, [item], at))[0]!;
}

/**
 * The same for all of a cart's classes at once (its quote), in a constant number of queries; the
 * first refusal in the order given is thrown, a full class with every full class named by its line.
 */
export function validateClassItems(ctx: Ctx, company: Company, clientId: number, items: readonly ClassItem[], at = ctx.clock.now()): Promise<ValidatedClassItem[]> {
  return checkUnlocked(ctx, company, { clientId }, items, at, { lines: items.map((_, index) => index) });
}

/** Items checked without their classes' locks (a quote), in a constant number of queries; `who` null for a registration's students not yet written. */
async function checkUnlocked(
  ctx: Ctx,
  company: Company,
  who: { clientId: number } | null,
  items: readonly ClassItem[],
  at: Date,
  options?: Parameters<typeof checkClassItems>[6],
): Promise<ValidatedClassItem[]> {
  if (items.length === 0) return [];
  const found = await repo.findClassesToCheck(ctx.db, company.id, [...new Set(items.map((i) => i.class_id))]);
  return (await checkClassItems(ctx.db, company, who, items, { found, locked: false }, at, options)).map(({ holds: _holds, ...v }) => v);
}

/**
 * The same checks for a student an online registration has not written yet (no enrolment, no
 * offer of theirs to count): the class, its dates and a free place, and the price. StudentID is 0.
 */
export async function validateNewStudentClassItem(ctx: Ctx, company: Company, item: Omit<ClassItem, 'student_id'>, at = ctx.clock.now()): Promise<ValidatedClassItem> {
  return (await validateNewStudentClassItems(ctx, company, [item], at))[0]!;
}

/**
 * The same for all of a registration's classes at once (its quote before it is sent), in a
 * constant number of queries: each answered as alone, the first refusal in the order given thrown.
 */
export function validateNewStudentClassItems(
  ctx: Ctx,
  company: Company,
  items: Omit<ClassItem, 'student_id'>[],
  at = ctx.clock.now(),
  /** The registration asking, whose own held places are its own (decision 109). */
  registrationId?: number,
  /** Every full class named by its item's line (`classItems.<index>`, decision 129), not only the first said. */
  byLine = false,
): Promise<ValidatedClassItem[]> {
  return checkUnlocked(
    ctx,
    company,
    null,
    items.map((i) => ({ ...i, student_id: 0 })),
    at,
    { exceptRegistration: registrationId, ...(byLine ? { lines: items.map((_, index) => index) } : {}) },
  );
}

/** An item checked with its class locked by the caller's transaction (`lockAndCheckClassItems`). */
export type CheckedClassItem = CheckedItem & { place: LockedClass };

/** The indexes of items in class order (a cart's order among items of one class), the order their classes are locked in. */
const inClassOrder = (items: readonly ClassItem[]) => items.map((_, index) => index).sort((a, b) => items[a]!.class_id - items[b]!.class_id);

/**
 * Locks the items' classes (in class order, in one statement) and checks the items under those
 * locks, in class order, in the caller's transaction: the quote prices what was checked, and
 * `createEnrolments` writes it without checking again (issue 22: a checkout's class checked once,
 * and all of its classes in a constant number of queries). Answers the checks in the order of the items.
 */
export async function lockAndCheckClassItems(ctx: Ctx, company: Company, clientId: number, items: ClassItem[], at: Date): Promise<CheckedClassItem[]> {
  return lockAndCheck(ctx, company, clientId, items, inClassOrder(items), at);
}

/** Locks the classes of `items[order]` and checks those items, in that order; answers the checks by item index. */
async function lockAndCheck(ctx: Ctx, company: Company, clientId: number, items: readonly ClassItem[], order: number[], at: Date): Promise<CheckedClassItem[]> {
  const locked = await repo.lockClasses(
    ctx.db,
    ctx.engine,
    company.id,
    order.map((i) => items[i]!.class_id),
  );
  const checks = await checkClassItems(
    ctx.db,
    company,
    { clientId },
    order.map((i) => items[i]!),
    { found: locked.map((l) => l.cls), locked: true },
    at,
    { lines: order },
  );
  const answer: CheckedClassItem[] = [];
  order.forEach((i, k) => {
    answer[i] = { ...checks[k]!, place: locked.find((l) => l.cls.id === items[i]!.class_id)!.place };
  });
  return answer;
}

/**
 * Holds places for checked items inside the caller's transaction, under their classes' locks, so
 * two checkouts for the last place cannot both win: each is "held" until `holdUntil`, and becomes
 * the family's when the checkout confirms it (`confirmEnrolments`). A place the cart already holds
 * for the item is taken over (held on until the later of its time and `holdUntil`), never counted
 * twice. Answers the enrolment ids in the order of the items, and which of them the cart held
 * before (`adopted`).
 *
 * The items are written in rounds, each in a constant number of statements: the first item of
 * each class, then the second of each class asked for twice, and so on. The first round was
 * checked under the locks already (`checked`, else it is locked and checked here); a later round
 * is checked again after the rounds before it are written, so a class's second place counts its first.
 */
export async function createEnrolments(
  ctx: Ctx,
  company: Company,
  clientId: number,
  items: ClassItem[],
  options: { holdUntil: Date; at: Date; checked?: CheckedClassItem[] },
): Promise<{ ids: number[]; items: ValidatedClassItem[]; adopted: number[] }> {
  const { at } = options;
  const c = clock(company, at);
  const ids: number[] = [];
  const adopted: number[] = [];
  const validated: ValidatedClassItem[] = [];
  const rounds: number[][] = [];
  const asked = new Map<number, number>();
  for (const i of inClassOrder(items)) {
    const round = asked.get(items[i]!.class_id) ?? 0;
    asked.set(items[i]!.class_id, round + 1);
    (rounds[round] ??= []).push(i);
  }
  for (const [r, round] of rounds.entries()) {
    const checks = r === 0 && options.checked ? options.checked : await lockAndCheck(ctx, company, clientId, items, round, at);
    const release: number[] = [];
    const owned: { index: number; own: OwnHold }[] = [];
    const fresh: { index: number; place: LockedClass; v: ValidatedClassItem }[] = [];
    for (const i of round) {
      const { holds, place, ...v } = checks[i]!;
      const own = holds.find((h) => holdMatches(h, items[i]!));
      // Another hold of the student in this class (another session, or the term) gives way to what
      // is bought, unless this cart buys it too: a place bought in an earlier round, or one a later
      // round takes over (a second casual session).
      release.push(...holds.filter((h) => h !== own && !ids.includes(h.id) && !asksFor(items, items[i]!, h)).map((h) => h.id));
      validated[i] = v;
      if (own) owned.push({ index: i, own });
      else fresh.push({ index: i, place, v });
    }
    if (release.length) await enrolmentsRepo.releaseHeld(ctx.db, company.id, release);
    // Each hold runs on to the checkout's hold, or its own end where that is later; one that lapsed meanwhile is full.
    const renewed = await enrolmentsRepo.renewHolds(
      ctx.db,
      company.id,
      owned.map(({ own }) => own.id),
      options.holdUntil.toISOString(),
      c.now,
    );
    const lapsed = owned.filter(({ own }) => !renewed.includes(own.id));
    if (lapsed.length > 0) throw fullLines(lapsed.map(({ index }) => ({ index, name: validated[index]!.Name })));
    for (const { index, own } of owned) {
      ids[index] = own.id;
      adopted.push(own.id);
    }
    const made = await repo.insertEnrolments(
      ctx.db,
      fresh.map(({ place, v }) => ({
        place,
        row: {
          student_id: v.StudentID,
          kind: v.kind,
          start_date: v.startDate,
          end_date: v.kind === 'casual' ? v.startDate : null,
          status: 'held',
          hold_until: options.holdUntil.toISOString(),
          created_at: c.now,
        },
      })),
    );
    fresh.forEach((f, k) => (ids[f.index] = made[k]!));
    const terms = fresh.filter(({ v }) => v.kind === 'ongoing').map(({ v }) => v.ClassID);
    if (terms.length) await repo.refreshClassCounts(ctx.db, company.id, c.today, c.now, terms);
  }
  return { ids, items: validated, adopted };
}

export interface CartPlaceHold {
  ClassID: number;
  StudentID: number;
  /** When the hold lapses (an instant). */
  heldUntil: string;
  /** One session's place (a casual enrolment), not the term's. */
  casual: boolean;
  /** That session's date; null for the term. */
  date: string | null;
}

export interface CartPlaceRefusal {
  ClassID: number;
  StudentID: number;
  /** The session asked for (a casual item); null for the term. */
  date: string | null;
  code: string;
  message: string;
}

/**
 * Holds a place for each class item of a cart until `holdUntil` (issue 22, decision 095), each in
 * its own transaction under the class's lock: a place already held for the item keeps its time
 * (a hold is never stretched by asking again), a free place is held, a full class is refused for
 * that item alone. With `releaseOthers`, the client's holds no item asks for are given back.
 */
export async function holdCartPlaces(
  ctx: Ctx,
  company: Company,
  clientId: number,
  items: ClassItem[],
  options: { holdUntil: Date; releaseOthers: boolean; cartId: string | null },
): Promise<{ held: CartPlaceHold[]; refused: CartPlaceRefusal[] }> {
  const held: CartPlaceHold[] = [];
  const refused: CartPlaceRefusal[] = [];
  for (const item of items) {
    try {
      const heldUntil = await ctx.transaction(async (tx) => {
        const c = clock(company, tx.clock.now());
        const { holds, place, ...v } = (await lockAndCheck(tx, company, clientId, [item], [0], c.at))[0]!;
        const own = holds.find((h) => holdMatches(h, item));
        if (own) {
          // The family's other device holds it too: from now on neither cart alone gives it back (decision 137).
          if (own.cart_id !== options.cartId && own.cart_id !== SHARED_HOLD) await enrolmentsRepo.shareHolds(tx.db, company.id, [own.id]);
          return own.hold_until!;
        }
        // Another hold of the student in this class (another session, or the term) that this cart
        // made is replaced, unless the cart holds it too (a second casual session of the class);
        // one the family's other device holds is left to it.
        const replaced = holds.filter((h) => h.cart_id === options.cartId && !asksFor(items, item, h)).map((h) => h.id);
        if (replaced.length) await enrolmentsRepo.releaseHeld(tx.db, company.id, replaced);
        // A place offered to the child from the waitlist is theirs until the offer ends (decision 092), not only for the hold period.
        const offerEnds = v.kind === 'casual' ? null : await waitlistRepo.findOpenOfferEnd(tx.db, company.id, item.class_id, v.StudentID, c.now);
        const until = [options.holdUntil.toISOString(), offerEnds ?? ''].sort().at(-1)!;
        await repo.insertEnrolment(tx.db, place, {
          student_id: v.StudentID,
          kind: v.kind,
          start_date: v.startDate,
          end_date: v.kind === 'casual' ? v.startDate : null,
          status: 'held',
          hold_until: until,
          created_at: c.now,
          cart_id: options.cartId,
        });
        await repo.refreshClassCounts(tx.db, company.id, c.today, c.now, [item.class_id]);
        return until;
      });
      held.push({ ClassID: item.class_id, StudentID: item.student_id, heldUntil, casual: item.kind === 'casual', date: item.kind === 'casual' ? (item.dates[0] ?? null) : null });
    } catch (err) {
      // A class or student unknown to this family refuses the whole request, as everywhere; a full class only its item.
      if (!(err instanceof AppError) || err.statusCode === 404) throw err;
      refused.push({ ClassID: item.class_id, StudentID: item.student_id, date: item.kind === 'casual' ? (item.dates[0] ?? null) : null, code: err.code, message: err.message });
    }
  }
  if (options.releaseOthers) {
    const c = clock(company, ctx.clock.now());
    // Only what this cart held: the family's other device keeps the places its own cart holds (decision 137).
    const others = (await enrolmentsRepo.findClientHolds(ctx.db, company.id, clientId, c.now)).filter((h) => h.cart_id === options.cartId && !items.some((item) => holdMatches(h, item)));
    if (others.length)
      await ctx.transaction((tx) =>
        releaseEnrolments(
          tx,
          company,
          others.map((h) => h.id),
        ),
      );
  }
  return { held, refused };
}

/** The places a client's cart holds now. */
export async function listCartPlaceHolds(ctx: Ctx, company: Company, clientId: number): Promise<CartPlaceHold[]> {
  const rows = await enrolmentsRepo.findClientHolds(ctx.db, company.id, clientId, ctx.clock.now().toISOString());
  return rows.map((h) => ({ ClassID: h.class_id, StudentID: h.student_id, heldUntil: h.hold_until!, casual: h.kind === 'casual', date: h.kind === 'casual' ? h.start_date : null }));
}

/**
 * Confirms held enrolments in the caller's transaction, each with what was paid for it; false when
 * any hold lapsed (sell nothing then).
 */
export async function confirmEnrolments(ctx: Ctx, companyId: number, places: readonly { id: number; paidCents: number }[]): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  const confirmed = await enrolmentsRepo.confirmHeld(ctx.db, companyId, places, now);
  if (confirmed.length !== places.length) return false;
  // A waitlist place (for the term) ends once the term place is the family's: bought, not only
  // held while it pays; one casual session leaves it waiting.
  const terms = confirmed.filter((p) => p.kind === 'ongoing');
  await waitlistRepo.closeWaitlistForStudents(
    ctx.db,
    companyId,
    terms.filter((p) => p.waiting),
    now,
  );
  // A make-up the child had booked into the class from the term's start is a session the term
  // place now covers: its credit is given back rather than the session paid for twice.
  await attendanceRepo.giveBackMakeupsCoveredBy(
    ctx.db,
    companyId,
    terms.filter((p) => p.makeups),
  );
  return true;
}

/** Gives held places back (a failed charge). */
export async function releaseEnrolments(ctx: Ctx, company: Company, ids: number[]): Promise<void> {
  const c = clock(company, ctx.clock.now());
  const classIds = await enrolmentsRepo.releaseHeld(ctx.db, company.id, ids);
  if (classIds.length) await repo.refreshClassCounts(ctx.db, company.id, c.today, c.now, classIds);
}

/** Gives up confirmed places from today on (an instalment plan cancelled, decision 105): the classes have them free again. */
export async function endEnrolmentsToday(ctx: Ctx, company: Company, ids: number[]): Promise<void> {
  const c = clock(company, ctx.clock.now());
  const classIds = await enrolmentsRepo.endEnrolmentsFrom(ctx.db, company.id, ids, c.today, addDays(c.today, -1));
  if (classIds.length) await repo.refreshClassCounts(ctx.db, company.id, c.today, c.now, classIds);
}

// The enrolment lists.

export async function listStudentEnrolments(ctx: Ctx, company: Company, clientId: number, q: { id: number; filter: 'current' | 'future' | 'past'; page: number; limit: number }) {
  const student = await repo.findClientStudent(ctx.db, company.id, clientId, q.id);
  if (!student) throw notFound();
  const c = clock(company, ctx.clock.now());
  const now = { date: c.today, time: c.time };
  const { rows, total } = await enrolmentsRepo.findStudentEnrolments(ctx.db, {
    companyId: company.id,
    clientId,
    studentId: q.id,
    filter: q.filter,
    today: c.today,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  // Today's session is the next one until it ends (decision 081), then the first after today is.
  const withNext = rows.map(({ today_start, next_after_today, ...e }) => ({
    ...e,
    next_session: today_start && !sessionIsOver({ date: c.today, start_time: today_start }, e.duration_minutes, now) ? c.today : (next_after_today ?? null),
  }));
  // A next session the family has said the child will miss says so (as the student's record does).
  const absent = new Set(
    (await enrolmentsRepo.findAbsentDates(ctx.db, company.id, q.id, [...new Set(withNext.flatMap((e) => (e.next_session ? [e.class_id] : [])))], c.today)).map((a) => `${a.class_id} ${a.date}`),
  );
  return { total, rows: withNext.map((e) => ({ ...e, next_absent: e.next_session !== null && absent.has(`${e.class_id} ${e.next_session}`) })) };
}

/** Whether another item of the cart, for the same student and class, asks for a place the student holds. */
function asksFor(items: readonly ClassItem[], item: ClassItem, hold: OwnHold): boolean {
  return items.some((other) => other !== item && other.student_id === item.student_id && other.class_id === item.class_id && holdMatches(hold, other));
}
