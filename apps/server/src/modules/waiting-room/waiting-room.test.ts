import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';
import { Browser, changeCompanySettings, mailedCode, ownCompany, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { runHourlyJobs } from '../../jobs/scheduler.ts';
import { findCompanyById } from '../company/company.api.ts';
import { waitingRoom } from './waiting-room.service.ts';

type Place = NonNullable<WaitingRoomAnswer['place']>;

describe.each(testEngines())('the waiting room of a registration opening on %s', (engine) => {
  let t: TestApp;
  // The server's clock: real time moved on by the test, or held still at an instant.
  let offset = 0;
  let still: number | null = null;
  const now = () => still ?? Date.now() + offset;
  const moveTo = (at: number) => {
    offset = at - Date.now();
  };
  beforeAll(async () => {
    // Places left are counted afresh on every question here (the server shares a count for up to a second).
    t = await startTestApp(engine, { CLASS_SEARCH_CACHE_MS: 0 }, { clock: { now: () => new Date(now()) } });
  });
  afterAll(() => t.close());
  const db = () => t.runtime.ctx.db;

  /** A company of the test's own whose profile 1 opens at `opensAt`, with its waiting room. */
  async function opening(opensAt: number, room: { FamiliesAtOnce?: number; TurnMinutes?: number; FamiliesPerMinute?: number } = {}, app = t) {
    offset = 0;
    const own = await ownCompany(app);
    await changeCompanySettings<Record<string, unknown>>(app, own.companyId, (s) => {
      s.switches = { ...(s.switches as object), AllowOCR: true, CanTakeNewSignUps: true };
      s.profiles = [
        {
          OCRProfileID: 1,
          ProfileName: 'Term 1',
          DisplayName: 'Term 1 enrolments',
          PageType: 'NoClasses',
          OpensAt: new Date(opensAt).toISOString(),
          WaitingRoom: { WindowMinutes: 15, FamiliesAtOnce: room.FamiliesAtOnce ?? 5, TurnMinutes: room.TurnMinutes ?? 20, FamiliesPerMinute: room.FamiliesPerMinute ?? 300 },
        },
      ];
    });
    const visitor = async (ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) => {
      const b = new Browser(app.server, ip);
      await b.enterCompany(own.code);
      return b;
    };
    return { ...own, visitor };
  }
  const look = async (b: Browser) => (await b.get<WaitingRoomAnswer>('/api/ocr/waiting-room/1')).body;
  const join = (b: Browser) => b.post<WaitingRoomAnswer & { code?: string; message?: string }>('/api/ocr/waiting-room/1');
  const place = async (b: Browser): Promise<Place> => (await look(b)).place!;

  it('before its window nobody can join; in the window a family waits for the draw; the places go to the draw, not to who came first', async () => {
    const opensAt = Date.now() + 30 * 60_000;
    const o = await opening(opensAt);
    const tooEarly = await join(await o.visitor());
    expect([tooEarly.status, tooEarly.body.code]).toEqual([403, 'REGISTRATION_NOT_OPEN']);
    expect(tooEarly.body.message).toMatch(/^The waiting room opens at .+\.$/);
    expect(await db().selectFrom('waiting_room_places').select('id').execute()).toHaveLength(0);

    moveTo(opensAt - 10 * 60_000);
    const early: Browser[] = [];
    for (let i = 0; i < 30; i += 1) {
      const b = await o.visitor();
      const joined = await join(b);
      expect(joined.status).toBe(200);
      // Nothing moves before the opening but the places left: asked every 30 s.
      expect(joined.body.place).toEqual({ state: 'early', position: null, estimatedWaitMinutes: null, turnEndsAt: null, pollAfterMs: 30_000 });
      early.push(b);
      offset += 1_000;
    }
    // Joining again (a reload) keeps the place; the cookie is HttpOnly.
    const again = await join(early[0]!);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await db().selectFrom('waiting_room_places').select('id').execute()).toHaveLength(30);

    // In the last stretch a family asks next just after the opening, within 5 s of it, so the room does not all ask at once.
    moveTo(opensAt - 20_000);
    for (const asked of await Promise.all(early.slice(0, 10).map(look))) {
      const untilOpening = opensAt - Date.parse(asked.now);
      expect([asked.place?.state, asked.place!.pollAfterMs >= untilOpening && asked.place!.pollAfterMs < untilOpening + 5_000]).toEqual(['early', true]);
    }
    moveTo(opensAt + 1_000);
    const late = await o.visitor();
    // Everyone asks at once at the opening: five turns, never more, on either engine.
    const places = await Promise.all(early.map(place));
    await join(late);
    const admitted = places.filter((p) => p.state === 'admitted');
    expect(admitted).toHaveLength(5);
    for (const p of admitted) expect(Math.abs(Date.parse(p.turnEndsAt!) - (opensAt + 20 * 60_000))).toBeLessThan(10_000);
    const positions = (await Promise.all(early.map(place))).filter((p) => p.state === 'waiting').map((p) => p.position!);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Admitted by the draw: the order of arrival is not the order of admission.
    const order = await Promise.all(early.map(async (b) => ((await place(b)).state === 'admitted' ? 0 : (await place(b)).position!)));
    expect(order).not.toEqual([...order].sort((a, b) => a - b));
    // A family that came after the opening queues behind every early one, with an estimate (5 turns of 20 minutes at a time).
    expect(await place(late)).toEqual({ state: 'waiting', position: 26, estimatedWaitMinutes: 120, turnEndsAt: null, pollAfterMs: 5_000 });
    // Those the next turns to end would let in ask every second.
    expect((await Promise.all(early.map(place))).filter((p) => p.state === 'waiting' && p.position! <= 5).map((p) => p.pollAfterMs)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
  });

  /** Eight families in the waiting room of an opening with `room`, joined a minute before it; and how many of them are let in when all ask. */
  async function eightWaiting(opensAt: number, room: Parameters<typeof opening>[1]) {
    const o = await opening(opensAt, room);
    moveTo(opensAt - 60_000);
    const families: Browser[] = [];
    for (let i = 0; i < 8; i += 1) {
      const b = await o.visitor();
      await join(b);
      families.push(b);
    }
    const admittedNow = async () => (await Promise.all(families.map(place))).filter((p) => p.state === 'admitted').length;
    return { families, admittedNow };
  }

  it('families are let in at the pace the room sets, spread over the minute, however many turns are free (decision 108)', async () => {
    const opensAt = Date.now() + 5 * 60_000;
    // One a minute, however many turns are free.
    const { families, admittedNow } = await eightWaiting(opensAt, { FamiliesAtOnce: 100, TurnMinutes: 5, FamiliesPerMinute: 1 });
    // Everyone asks at once at the opening: one is let in, on either engine.
    moveTo(opensAt + 1_000);
    const first = await Promise.all(families.map(place));
    expect(first.filter((p) => p.state === 'admitted')).toHaveLength(1);
    // The next to be let in asks every second, the rest every five; with turns free, the wait is
    // the pace's: the 7th in line, 7 minutes at one a minute.
    const waiting = first.filter((p) => p.state === 'waiting').sort((a, b) => a.position! - b.position!);
    expect(waiting.map((p) => [p.position, p.pollAfterMs, p.estimatedWaitMinutes])).toEqual([
      [1, 1_000, 1],
      [2, 5_000, 2],
      [3, 5_000, 3],
      [4, 5_000, 4],
      [5, 5_000, 5],
      [6, 5_000, 6],
      [7, 5_000, 7],
    ]);
    // Half a minute on: still one. A minute after the first: the next, and a minute later the one after.
    offset += 30_000;
    expect(await admittedNow()).toBe(1);
    offset += 31_000;
    expect(await admittedNow()).toBe(2);
    offset += 61_000;
    expect(await admittedNow()).toBe(3);
  });

  it('sixty a minute lets in two in any two seconds, with the clock held still', async () => {
    const opensAt = Date.now() + 5 * 60_000;
    const { admittedNow } = await eightWaiting(opensAt, { FamiliesAtOnce: 100, FamiliesPerMinute: 60 });
    try {
      still = opensAt + 1_000;
      expect(await admittedNow()).toBe(2);
      still += 2_000;
      expect(await admittedNow()).toBe(2);
      still += 1;
      expect(await admittedNow()).toBe(4);
    } finally {
      still = null;
    }
  });

  it('a turn given up, used or lapsed lets the next family in; a family away is passed over and keeps its place for when it returns', async () => {
    const opensAt = Date.now() + 5 * 60_000;
    const o = await opening(opensAt, { FamiliesAtOnce: 2, TurnMinutes: 10 });
    moveTo(opensAt);
    const families: Browser[] = [];
    for (let i = 0; i < 5; i += 1) {
      const b = await o.visitor();
      await join(b);
      families.push(b);
      offset += 1_000;
    }
    const [a, b, c, d, e] = families as [Browser, Browser, Browser, Browser, Browser];
    expect((await place(a)).state).toBe('admitted');
    expect((await place(b)).state).toBe('admitted');
    expect(await place(c)).toMatchObject({ state: 'waiting', position: 1 });
    // a gives up its turn: the next family there gets it.
    expect((await a.call<WaitingRoomAnswer>('DELETE', '/api/ocr/waiting-room/1')).body.place).toBeNull();
    expect([...a.cookies.keys()].some((k) => k.startsWith('portal_queue_'))).toBe(false);
    expect((await place(c)).state).toBe('admitted');
    // d stops asking; two minutes on, b's turn is still running and e asks: e is next, d is passed over.
    offset += 2 * 60_000;
    expect(await place(e)).toMatchObject({ state: 'waiting', position: 1 });
    // The turns of b and c lapse: e is let in, not d who is away, and so is a family that arrives now.
    offset += 10 * 60_000;
    expect(await place(b)).toEqual({ state: 'ended', position: null, estimatedWaitMinutes: null, turnEndsAt: null, pollAfterMs: 5_000 });
    expect((await place(e)).state).toBe('admitted');
    const f = await o.visitor();
    expect((await join(f)).body.place?.state).toBe('admitted');
    // d comes back (a reload): it has kept its place, ahead of anyone who arrived after it.
    expect(await place(d)).toMatchObject({ state: 'waiting', position: 1 });
    // A lapsed turn joins again at the back, with an estimate from the pace turns have ended at.
    const rejoined = await join(b);
    expect(rejoined.body.place).toMatchObject({ state: 'waiting', position: 2 });
    expect(rejoined.body.place?.estimatedWaitMinutes).toBeGreaterThan(0);
  });

  it('no step that reaches the places is taken without a running turn, and a turn serves one e-mail address', async () => {
    const opensAt = Date.now() + 60_000;
    const o = await opening(opensAt, { FamiliesAtOnce: 1 });
    moveTo(opensAt);
    const first = await o.visitor();
    const second = await o.visitor();
    const stranger = await o.visitor();
    await join(first);
    await join(second);
    expect((await place(first)).state).toBe('admitted');
    const code = async (b: Browser, email: string) => {
      const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
      return b.post<{ code: string; message: string; email: string }>('/api/ocr/verify-code', { token: sent.body.token, code: await mailedCode(t, email), profile: 1 });
    };
    const emails = [1, 2, 3].map((i) => `family${i}.${o.code.toLowerCase()}@example.com`);
    // Waiting, or never in the queue: refused before the code is tried.
    for (const b of [second, stranger]) {
      const refused = await code(b, emails[1]!);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'QUEUE_TURN_REQUIRED', 'Please wait for your turn in the queue.']);
      const quote = await b.post<{ code: string }>('/api/ocr/quote', { profile: 1, classes: [] });
      expect([quote.status, quote.body.code]).toEqual([403, 'QUEUE_TURN_REQUIRED']);
    }
    expect(await db().selectFrom('registrations').select('id').where('email', 'in', emails).execute()).toHaveLength(0);
    // In its turn: the code opens the registration, and the turn is this address's.
    expect((await code(first, emails[0]!)).status).toBe(200);
    const other = await code(first, emails[2]!);
    expect([other.status, other.body.message]).toEqual([403, 'This turn in the queue is for another e-mail address.']);
    // The ticket is not the page's to read or share: another browser with none has no turn.
    const copied = new Browser(t.server);
    await copied.enterCompany(o.code);
    expect((await copied.post<{ code: string }>('/api/ocr/quote', { profile: 1, classes: [] })).body.code).toBe('QUEUE_TURN_REQUIRED');
    // The quote in the turn reaches the profile's own rules (this one takes no classes).
    expect((await first.post<{ code: string }>('/api/ocr/quote', { profile: 1, classes: [] })).body.code).toBe('NO_CLASSES_TAKEN');
  });

  it('a family in the waiting room and in the queue sees the places left in the classes, and that every class is full', async () => {
    const opensAt = Date.now() + 5 * 60_000;
    const o = await opening(opensAt, { FamiliesAtOnce: 1 });
    const classes = () => db().selectFrom('classes').select(['id', 'capacity', 'enrolled_count']).where('company_id', '=', o.companyId).orderBy('id').execute();
    const free = (rows: { capacity: number; enrolled_count: number }[]) => rows.reduce((n, c) => n + Math.max(0, c.capacity - c.enrolled_count), 0);
    const [a, b] = await classes();
    expect(free([a!, b!])).toBeGreaterThan(0);
    moveTo(opensAt - 60_000);
    const [first, second] = [await o.visitor(), await o.visitor()];
    const joined = await join(first);
    expect([joined.body.place?.state, joined.body.placesLeft]).toEqual(['early', free([a!, b!])]);
    await join(second);
    moveTo(opensAt + 1_000);
    const seen = await Promise.all([look(first), look(second)]);
    const [inTurn, waiting] = seen[0]!.place!.state === 'admitted' ? [seen[0]!, seen[1]!] : [seen[1]!, seen[0]!];
    // In its turn the family sees the classes themselves; still waiting, the places left.
    expect([inTurn.place?.state, inTurn.placesLeft]).toEqual(['admitted', null]);
    expect([waiting.place?.state, waiting.placesLeft]).toEqual(['waiting', free([a!, b!])]);
    const waiter = waiting === seen[0] ? first : second;
    // One class filled: its places are gone from the count.
    await db().updateTable('classes').set({ capacity: a!.enrolled_count }).where('id', '=', a!.id).execute();
    expect((await look(waiter)).placesLeft).toBe(free([b!]));
    // Every class full: the queue says so.
    await db().updateTable('classes').set({ capacity: b!.enrolled_count }).where('id', '=', b!.id).execute();
    expect(await look(waiter)).toMatchObject({ place: { state: 'waiting', position: 1 }, placesLeft: 0 });
    // A count that fails is left out: the family keeps its answer and its place.
    const company = (await findCompanyById(t.runtime.ctx, o.companyId))!;
    const ticket = waiter.cookies.get(`portal_queue_${o.companyId}_1`);
    const failing = () => Promise.reject(new Error('the count failed'));
    expect(await waitingRoom(t.runtime.ctx, company, 1, ticket, failing)).toMatchObject({ place: { state: 'waiting', position: 1 }, placesLeft: null });
  });

  it('a profile without an opening, or with a window of 0, has no waiting room', async () => {
    const o = await opening(Date.now() - 60_000);
    await changeCompanySettings<{ profiles: { WaitingRoom: { WindowMinutes: number } }[] }>(t, o.companyId, (s) => {
      s.profiles[0]!.WaitingRoom.WindowMinutes = 0;
    });
    const b = await o.visitor();
    expect(await look(b)).toMatchObject({ inForce: false, place: null });
    expect((await join(b)).body).toMatchObject({ inForce: false, place: null });
    expect([...b.cookies.keys()].some((k) => k.startsWith('portal_queue_'))).toBe(false);
    expect((await b.post<{ code: string }>('/api/ocr/quote', { profile: 1, classes: [] })).body.code).toBe('NO_CLASSES_TAKEN');
  });

  it('the families behind one network address (a school, a phone carrier) all join at the opening; one address holds a bounded share of the draw (decision 147)', async () => {
    const PLACES_PER_ADDRESS = 8;
    const small = await startTestApp(engine, { AUTH_RATE_LIMIT: 3, WAITING_ROOM_PLACES_PER_ADDRESS: PLACES_PER_ADDRESS, CLASS_SEARCH_CACHE_MS: 0 }, { clock: { now: () => new Date(now()) } });
    try {
      const o = await opening(Date.now() + 60_000, {}, small);
      const school = await Promise.all(Array.from({ length: PLACES_PER_ADDRESS }, () => o.visitor('198.51.100.20')));
      const answers = [];
      for (const b of school) answers.push((await join(b)).status);
      expect(answers).toEqual(Array(PLACES_PER_ADDRESS).fill(200));
      const rooms = () =>
        small.runtime.ctx.db.selectFrom('waiting_room_places').innerJoin('waiting_rooms', 'waiting_rooms.id', 'waiting_room_places.room_id').where('waiting_rooms.company_id', '=', o.companyId);
      expect(await rooms().select('waiting_room_places.id').execute()).toHaveLength(PLACES_PER_ADDRESS);
      // One more from that address is refused, and nothing is written; from another address it joins.
      const more = await join(await o.visitor('198.51.100.20'));
      expect([more.status, more.body.code, more.body.message]).toEqual([
        429,
        'QUEUE_ADDRESS_FULL',
        'Too many places in this queue have been taken from your network. Please join from another connection, such as your mobile data.',
      ]);
      expect(await rooms().select('waiting_room_places.id').execute()).toHaveLength(PLACES_PER_ADDRESS);
      expect((await join(await o.visitor('203.0.113.9'))).status).toBe(200);
      // A family that gives its place up frees one for the address; a reload of a held place is never refused.
      expect((await school[0]!.call('DELETE', '/api/ocr/waiting-room/1')).status).toBe(200);
      expect((await join(school[1]!)).status).toBe(200);
      expect((await join(await o.visitor('198.51.100.20'))).status).toBe(200);
      expect((await join(await o.visitor('198.51.100.20'))).status).toBe(429);
    } finally {
      await small.close();
    }
  });

  it('the hourly sweep clears the places of a day ago', async () => {
    const opensAt = Date.now();
    const o = await opening(opensAt);
    const b = await o.visitor();
    await join(b);
    const room = (await db().selectFrom('waiting_room_places').select('room_id').orderBy('id', 'desc').executeTakeFirstOrThrow()).room_id;
    await runHourlyJobs(t.runtime.ctx, new Date(opensAt + 23 * 3600_000));
    expect(await db().selectFrom('waiting_room_places').select('id').where('room_id', '=', room).execute()).toHaveLength(1);
    await runHourlyJobs(t.runtime.ctx, new Date(opensAt + 25 * 3600_000));
    expect(await db().selectFrom('waiting_room_places').select('id').where('room_id', '=', room).execute()).toHaveLength(0);
  });
});
