import crypto from 'node:crypto';
import { waitingRoomMessages as m, type WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';

type Place = NonNullable<WaitingRoomAnswer['place']>;
import { formatDateAtTime } from '@portal/shared/date-time-text';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { addMinutes, companyTimeZone, nowIso } from '../../lib/time.ts';
import { hashToken, isTokenShaped, newToken } from '../../lib/tokens.ts';
import * as repo from './waiting-room.repository.ts';

/**
 * A profile's waiting room (decision 099). A browser's place is a ticket (a random token in an
 * HttpOnly cookie, only its hash kept). Its order (`place_key`): a random draw for one that joined
 * before the opening, so arriving early by a second buys nothing; after every draw, the arrival
 * instant for one that joined later. `FamiliesAtOnce` families hold a turn together; a turn ends
 * when it is used (the registration submitted), given up or lapsed, and the next family still
 * there is let in, at most `FamiliesPerMinute` a minute, spread evenly (decision 108). A family
 * that stops asking for its place (closed the page) is passed over while away and keeps its place
 * for when it comes back (a reload, a dropped connection).
 */

/** A family not heard from for this long is passed over until it asks again (a waiting page asks every 1–5 s, at most 35 s apart before the opening: `pollAfterMs`). */
const AWAY_MS = 90_000;
/** How often a waiting family asks for its place; one the next turns would let in asks every second (`pollAfterMs`). */
const WAITING_ROOM_POLL_MS = 5_000;
const WAITING_ROOM_FRONT_POLL_MS = 1_000;
/**
 * Before the opening nothing moves but the places left: a family asks every 30 s, and in the last
 * stretch once more just after the opening, each within `OPENING_SPREAD_MS` of it, so the room's
 * families do not all ask in the opening's first millisecond (who is let in goes by the draw, not
 * by who asks first).
 */
const EARLY_POLL_MS = 30_000;
const OPENING_SPREAD_MS = 5_000;
/** A running turn is asked about once a minute (it may lapse, or be used in another tab). */
const TURN_POLL_MS = 60_000;
/** A place's last sighting is written at most this often, not on every poll. */
const SEEN_EVERY_MS = 30_000;
/** The pace of the queue is measured over this many minutes at most. */
const PACE_MINUTES = 10;
/** A joining family's draw: a random number below 2^40; later arrivals come after every draw. */
const DRAWS = 2 ** 40;
const LATE = 2 ** 41;

interface Room {
  profileId: number;
  opensAt: Date;
  opensAtText: string;
  joinFrom: Date;
  familiesAtOnce: number;
  turnMinutes: number;
  /** `FamiliesPerMinute`, let in as at most `most` families within any `ms`. */
  perMinute: number;
  pace: { ms: number; most: number };
}

/** The shortest stretch admissions are counted over: a minute's worth is let in over the minute, not at its start. */
const PACE_WINDOW_MS = 2_000;

/**
 * `perMinute` families a minute as at most `most` in any `ms`, never more than the rate: 300 a
 * minute is 10 in any 2 s, 59 a minute 1 in any 1,017 ms, 10 a minute 1 in any 6 s.
 */
function paceOf(perMinute: number): { ms: number; most: number } {
  const most = Math.max(1, Math.floor((perMinute * PACE_WINDOW_MS) / 60_000));
  return { ms: Math.ceil((most * 60_000) / perMinute), most };
}

/** The profile's waiting room, or null where it has none (no opening, or a window of 0). */
function roomOf(company: Company, profileId: number): Room | null {
  const profile = company.settings.profiles.find((p) => p.OCRProfileID === profileId);
  if (!profile) throw notFound();
  const w = profile.WaitingRoom;
  if (!profile.OpensAt || w.WindowMinutes === 0) return null;
  const opensAt = new Date(profile.OpensAt);
  return {
    profileId,
    opensAt,
    opensAtText: profile.OpensAt,
    joinFrom: addMinutes(opensAt, -w.WindowMinutes),
    familiesAtOnce: w.FamiliesAtOnce,
    turnMinutes: w.TurnMinutes,
    perMinute: w.FamiliesPerMinute,
    pace: paceOf(w.FamiliesPerMinute),
  };
}

const roomKey = (company: Company, room: Room) => ({ companyId: company.id, profileId: room.profileId, opensAt: room.opensAtText });

/**
 * Lets in the next families still there while turns are free and the pace allows, under the
 * room's lock. Called only where a count without the lock found both.
 */
async function admitNext(ctx: Ctx, roomId: number, room: Room): Promise<void> {
  await ctx.transaction(async (tx) => {
    await repo.lockRoom(tx.db, roomId);
    // The clock is read under the lock, so the instants families are let in at follow the order they were let in.
    const now = ctx.clock.now();
    const at = nowIso(now);
    const { turns, lately } = await repo.countTurns(tx.db, roomId, at, sinceOf(room, now));
    const free = Math.min(room.familiesAtOnce - turns, room.pace.most - lately);
    if (free <= 0) return;
    await repo.admit(tx.db, await repo.nextWaiting(tx.db, roomId, nowIso(new Date(now.getTime() - AWAY_MS)), free), at, nowIso(addMinutes(now, room.turnMinutes)));
  });
}

/** Where the families let in lately are counted from: one pace window before `now`. */
const sinceOf = (room: Room, now: Date) => nowIso(new Date(now.getTime() - room.pace.ms));

/**
 * Minutes until a family `position` places from the front gets its turn: never sooner than the
 * room lets that many in; where more are ahead than turns are free, as turns have ended over
 * `paceMinutes` (before any has, the worst case: every family ahead uses its whole turn).
 */
function estimateWait(room: Room, position: number, turnsFree: number, ended: number, paceMinutes: number): number {
  const letIn = Math.ceil(position / room.perMinute);
  const behind = position - Math.max(0, turnsFree);
  if (behind <= 0) return letIn;
  const byTurns = ended === 0 ? Math.ceil(behind / room.familiesAtOnce) * room.turnMinutes : Math.ceil(behind / (ended / paceMinutes));
  return Math.max(letIn, byTurns);
}

/** When a family waiting for the opening asks again: every 30 s, and last just after the opening. */
function earlyPollMs(room: Room, now: Date): number {
  const untilOpening = room.opensAt.getTime() - now.getTime();
  return untilOpening > EARLY_POLL_MS + OPENING_SPREAD_MS ? EARLY_POLL_MS : Math.max(0, untilOpening) + crypto.randomInt(OPENING_SPREAD_MS);
}

function stateOf(place: repo.PlaceRow, room: Room, now: Date): Place['state'] {
  if (place.ended_at) return place.admitted_at && place.ended_at < place.turn_ends_at! ? 'used' : 'ended';
  if (place.admitted_at) return place.turn_ends_at! > nowIso(now) ? 'admitted' : 'ended';
  return now < room.opensAt ? 'early' : 'waiting';
}

/**
 * A waiting family's place now, in two queries where every turn is taken or the pace is used up
 * (its place, then one statement counting the turns running, the families let in lately, those
 * ahead and the turns ended lately); where a turn is free and the pace allows, the next families
 * are let in first.
 */
async function waitingPlace(ctx: Ctx, room: Room, row: repo.PlaceRow, now: Date): Promise<Place> {
  const paceMinutes = Math.min(PACE_MINUTES, Math.max(1, (now.getTime() - room.opensAt.getTime()) / 60_000));
  const counting = () =>
    repo.queueCounts(ctx.db, row, {
      now: nowIso(now),
      presentSince: nowIso(new Date(now.getTime() - AWAY_MS)),
      paceSince: nowIso(new Date(now.getTime() - paceMinutes * 60_000)),
      letInSince: sinceOf(room, now),
    });
  const admitted = (turnEndsAt: string) => ({ state: 'admitted' as const, position: null, estimatedWaitMinutes: null, turnEndsAt, pollAfterMs: TURN_POLL_MS });
  let counts = await counting();
  if (counts.letInUntil) return admitted(counts.letInUntil);
  if (counts.turns < room.familiesAtOnce && counts.lately < room.pace.most) {
    await admitNext(ctx, row.room_id, room);
    // Let in by this request or by another one at the same instant.
    counts = await counting();
    if (counts.letInUntil) return admitted(counts.letInUntil);
  }
  const position = counts.ahead + 1;
  // A family the next turns to end, or the next seconds, would let in asks every second, so a freed turn is taken at once.
  const front = Math.min(room.familiesAtOnce, Math.ceil((room.perMinute * WAITING_ROOM_POLL_MS) / 60_000));
  const pollAfterMs = position <= front ? WAITING_ROOM_FRONT_POLL_MS : WAITING_ROOM_POLL_MS;
  return { state: 'waiting', position, estimatedWaitMinutes: estimateWait(room, position, room.familiesAtOnce - counts.turns, counts.ended, paceMinutes), turnEndsAt: null, pollAfterMs };
}

/** The places left in the company's classes (the classes module's count, shared for a second). */
export type PlacesLeft = (ctx: Ctx, company: Company) => Promise<number>;

async function answer(ctx: Ctx, company: Company, room: Room | null, row: repo.PlaceRow | null, now: Date, placesLeft?: PlacesLeft): Promise<WaitingRoomAnswer> {
  const head = { now: nowIso(now), opensAt: room?.opensAtText ?? null, joinFrom: room ? nowIso(room.joinFrom) : null, placesLeft: null };
  if (!room) return { inForce: false, ...head, place: null };
  if (!row) return { inForce: true, ...head, place: null };
  const state = stateOf(row, room, now);
  // A family still waiting sees the places left, so it need not wait for its turn to learn that every class is full.
  // The count is a guide: a failed one leaves it out and never costs the family its answer or its place.
  const places =
    state === 'waiting' || state === 'early'
      ? (placesLeft?.(ctx, company).catch((err: unknown) => {
          ctx.log.warn({ err }, 'places left not counted');
          return null;
        }) ?? null)
      : null;
  if (state === 'waiting') {
    const [place, left] = await Promise.all([waitingPlace(ctx, room, row, now), places]);
    // Let in by this question: in its turn it sees the classes themselves.
    return { inForce: true, ...head, placesLeft: place.state === 'waiting' ? left : null, place };
  }
  const turnEndsAt = state === 'admitted' ? row.turn_ends_at : null;
  return {
    inForce: true,
    ...head,
    placesLeft: await places,
    place: { state, position: null, estimatedWaitMinutes: null, turnEndsAt, pollAfterMs: state === 'admitted' ? TURN_POLL_MS : state === 'early' ? earlyPollMs(room, now) : WAITING_ROOM_POLL_MS },
  };
}

/** This browser's place in the room, seen now (its absence ends here). */
async function placeOf(ctx: Ctx, company: Company, room: Room, ticket: string | undefined, now: Date): Promise<repo.PlaceRow | null> {
  if (!isTokenShaped(ticket)) return null;
  const row = await repo.findPlace(ctx.db, roomKey(company, room), hashToken(ticket));
  if (!row) return null;
  if (now.getTime() - Date.parse(row.seen_at) >= SEEN_EVERY_MS) {
    row.seen_at = nowIso(now);
    await repo.touchPlace(ctx.db, row.id, row.seen_at);
  }
  return row;
}

/** GET: the room and this browser's place in it, letting families in where turns are free. */
export async function waitingRoom(ctx: Ctx, company: Company, profileId: number, ticket: string | undefined, placesLeft: PlacesLeft): Promise<WaitingRoomAnswer> {
  const now = ctx.clock.now();
  const room = roomOf(company, profileId);
  return answer(ctx, company, room, room && (await placeOf(ctx, company, room, ticket, now)), now, placesLeft);
}

/** POST: joins, or answers the place this browser already has; `ticket` is the cookie to set (a new one where it joined). */
export async function joinWaitingRoom(
  ctx: Ctx,
  company: Company,
  profileId: number,
  ticket: string | undefined,
  placesLeft: PlacesLeft,
  address: string,
): Promise<{ answer: WaitingRoomAnswer; ticket: string | null }> {
  const now = ctx.clock.now();
  const room = roomOf(company, profileId);
  if (!room) return { answer: await answer(ctx, company, null, null, now), ticket: null };
  if (now < room.joinFrom) {
    const when = formatDateAtTime(nowIso(room.joinFrom), company.settings.localization.DateFormat, companyTimeZone(company.settings.localization));
    throw new AppError(403, 'REGISTRATION_NOT_OPEN', m.notYet(when));
  }
  const held = await placeOf(ctx, company, room, ticket, now);
  if (held && !['used', 'ended'].includes(stateOf(held, room, now))) return { answer: await answer(ctx, company, room, held, now, placesLeft), ticket: null };
  // A new place, behind everyone who is there: a used or lapsed turn joins again at the back.
  const roomId = await repo.ensureRoom(ctx.db, roomKey(company, room));
  const addressHash = hashToken(address);
  // The families of a school, or behind a phone carrier's shared address, join side by side; a script
  // joining again and again takes no more than this of the draw (decision 147, amended).
  if ((await repo.countLivePlacesFrom(ctx.db, roomId, addressHash)) >= ctx.env.WAITING_ROOM_PLACES_PER_ADDRESS) throw new AppError(429, 'QUEUE_ADDRESS_FULL', ERROR_MESSAGES.QUEUE_ADDRESS_FULL);
  const fresh = newToken();
  const placeKey = now < room.opensAt ? crypto.randomInt(0, DRAWS) : LATE + now.getTime();
  const row = await repo.insertPlace(ctx.db, { room_id: roomId, ticket_hash: hashToken(fresh), joined_at: nowIso(now), place_key: placeKey, address_hash: addressHash });
  return { answer: await answer(ctx, company, room, row, now, placesLeft), ticket: fresh };
}

/** DELETE: gives up the place or the turn; the next family is let in at its next question. */
export async function leaveWaitingRoom(ctx: Ctx, company: Company, profileId: number, ticket: string | undefined): Promise<WaitingRoomAnswer> {
  const now = ctx.clock.now();
  const room = roomOf(company, profileId);
  const place = room && (await placeOf(ctx, company, room, ticket, now));
  if (place) await repo.endPlace(ctx.db, place.id, nowIso(now));
  return answer(ctx, company, room, null, now);
}

/**
 * The one check every registration step that reaches the places makes (decision 099): where the
 * profile has a waiting room, the browser's turn must be running. A turn serves one family: the
 * first e-mail address that uses it binds it, and any other is refused.
 */
export async function requireTurn(ctx: Ctx, company: Company, profileId: number, ticket: string | undefined, email?: string): Promise<void> {
  const now = ctx.clock.now();
  const room = roomOf(company, profileId);
  if (!room) return;
  const place = await placeOf(ctx, company, room, ticket, now);
  const state = place && stateOf(place, room, now);
  if (state !== 'admitted') throw new AppError(403, 'QUEUE_TURN_REQUIRED', state === 'ended' || state === 'used' ? m.turnEnded : m.turnRequired);
  if (email === undefined) return;
  const bound = place!.email;
  if (bound === null) await repo.bindEmail(ctx.db, place!.id, email.toLowerCase());
  else if (bound !== email.toLowerCase()) throw new AppError(403, 'QUEUE_TURN_REQUIRED', m.otherEmail);
}

/**
 * Places held for the family while it pays (decision 109) are not lost to its turn ending first:
 * the running turn lasts until they lapse, at most one hold period (`holdMinutes`) past its own
 * length. A family that let them lapse has its turn end with them.
 */
export async function keepTurnWhileHeld(ctx: Ctx, company: Company, profileId: number, ticket: string | undefined, heldUntil: Date, holdMinutes: number): Promise<void> {
  const now = ctx.clock.now();
  const room = roomOf(company, profileId);
  const place = room && (await placeOf(ctx, company, room, ticket, now));
  if (!room || !place?.admitted_at) return;
  const longest = addMinutes(new Date(place.admitted_at), room.turnMinutes + holdMinutes);
  const until = heldUntil < longest ? heldUntil : longest;
  await repo.extendTurn(ctx.db, place.id, nowIso(now), nowIso(until));
}

/** The registration went through: its turn is used and the next family's comes. */
export async function endTurn(ctx: Ctx, company: Company, profileId: number, ticket: string | undefined): Promise<void> {
  const now = ctx.clock.now();
  const room = roomOf(company, profileId);
  const place = room && (await placeOf(ctx, company, room, ticket, now));
  if (place) await repo.endPlace(ctx.db, place.id, nowIso(now));
}

/** The hourly sweep: places from a day ago are over. */
export function deleteOldPlaces(ctx: Ctx, now = ctx.clock.now()): Promise<void> {
  return repo.deleteOldPlaces(ctx.db, nowIso(addMinutes(now, -24 * 60)));
}
