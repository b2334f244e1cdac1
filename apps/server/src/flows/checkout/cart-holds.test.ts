import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import { Browser, registerCustomer, testEngines } from '../../test/api-harness.ts';
import { countCharges, emptyClass, familyWithChild, idempotencyKey as key, splashClassesApp, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';
import { runMinuteJobs } from '../../jobs/scheduler.ts';
import { findCompanyByCode } from '../../modules/company/company.service.ts';
import { bookingOptions } from '../../modules/bookings/bookings.service.ts';
import { addDays } from '../../lib/time.ts';

/** Issue 22 §2, decision 095: adding a class or a court to the cart holds its place while the family pays. */
describe.each(testEngines())('places held from the cart on %s', (engine) => {
  const app = splashClassesApp(engine, 10);
  const { db } = app;

  /** A class of this file's own with one place, nobody in it and nobody waiting. */
  const lastPlace = (index: number) => emptyClass(app.t, app.splash, app.classIds[index]!, { capacity: 1, price_cents: 2_000 });
  const family = () => familyWithChild(app.t);

  const hold = (browser: Browser, classItems: unknown[], bookingItems: unknown[] = []) => browser.call<CartHoldsAnswer>('PUT', '/api/payment/cart-holds', { classItems, bookingItems });
  const placesOf = (classId: number) => db().selectFrom('enrolments').select(['id', 'status', 'student_id']).where('company_id', '=', app.splash).where('class_id', '=', classId).execute();
  /** A cart's holds sent as one browser's cart (decision 137). */
  const putCart = (browser: Browser, cartId: string, classItems: unknown[], bookingItems: unknown[] = []) =>
    browser.call<CartHoldsAnswer>('PUT', '/api/payment/cart-holds', { cartId, classItems, bookingItems });
  /** A family signed in on two devices, each with a cart of its own: at SPLASH, or a new family at ACE. */
  const twoDevices = async (code: 'SPLASH' | 'ACE' = 'SPLASH') => {
    const a = code === 'SPLASH' ? await family() : { ...(await registerCustomer(app.t, { email: `cart.${randomBytes(4).toString('hex')}@example.com`, company: 'ACE' })), studentId: 0 };
    const phone = new Browser(app.t.server);
    await phone.signIn(code, a.email, a.password);
    return { a, laptop: a.browser, phone, laptopCart: randomBytes(8).toString('hex'), phoneCart: randomBytes(8).toString('hex') };
  };

  it('a class added to the cart is held for CheckoutHoldMinutes; a faster family is refused it, in the cart, the quote and the checkout', async () => {
    const classId = await lastPlace(0);
    const a = await family();
    const b = await family();
    const before = Date.now();
    const held = await hold(a.browser, [{ ClassID: classId, StudentID: a.studentId }]);
    expect(held.status).toBe(200);
    expect(held.body.refused).toEqual([]);
    expect(held.body.classes).toEqual([{ ClassID: classId, StudentID: a.studentId, heldUntil: expect.any(String), casual: false, date: null }]);
    const until = Date.parse(held.body.classes[0]!.heldUntil);
    const minutes = (await findCompanyByCode(app.t.runtime.ctx, 'SPLASH'))!.settings.fin_setup.CheckoutHoldMinutes;
    expect(until).toBeGreaterThanOrEqual(before + minutes * 60_000 - 1_000);
    expect(until).toBeLessThanOrEqual(Date.now() + minutes * 60_000);

    // The other family: refused at the cart, the quote and the checkout, and charged nothing.
    const rival = await hold(b.browser, [{ ClassID: classId, StudentID: b.studentId }]);
    expect(rival.body.classes).toEqual([]);
    expect(rival.body.refused).toEqual([{ ClassID: classId, StudentID: b.studentId, date: null, code: 'CLASS_FULL', message: expect.any(String) }]);
    expect((await b.browser.post('/api/payment/quote', { classItems: [{ ClassID: classId, StudentID: b.studentId }] })).status).toBe(409);
    const charges = await countCharges(app.t, app.splash);
    const refused = await b.browser.post('/api/payment/checkout', { classItems: [{ ClassID: classId, StudentID: b.studentId }], cardToken: await tokenise(b.browser) }, { 'idempotency-key': key() });
    expect(refused.status).toBe(409);
    expect(await countCharges(app.t, app.splash)).toBe(charges);

    // Asking again never stretches the hold; the holder's own quote counts the place as theirs.
    expect((await hold(a.browser, [{ ClassID: classId, StudentID: a.studentId }])).body.classes[0]!.heldUntil).toBe(held.body.classes[0]!.heldUntil);
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes).toEqual(held.body.classes);
    expect((await a.browser.post('/api/payment/quote', { classItems: [{ ClassID: classId, StudentID: a.studentId }] })).status).toBe(200);

    // The checkout takes the hold over: one place, bought, and the cart holds nothing more.
    const paid = await a.browser.post<{ status: string }>(
      '/api/payment/checkout',
      { classItems: [{ ClassID: classId, StudentID: a.studentId }], cardToken: await tokenise(a.browser) },
      { 'idempotency-key': key() },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('completed');
    expect(await placesOf(classId)).toEqual([{ id: expect.any(Number), status: 'active', student_id: a.studentId }]);
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes).toEqual([]);
  });

  it('a hold lapses within a minute of its time and the place goes to the next family; a removed item is given back at once', async () => {
    const classId = await lastPlace(1);
    const a = await family();
    const b = await family();
    const held = await hold(a.browser, [{ ClassID: classId, StudentID: a.studentId }]);
    await runMinuteJobs(app.t.runtime.ctx, new Date(Date.parse(held.body.classes[0]!.heldUntil) + 1_000));
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes).toEqual([]);
    expect(await placesOf(classId)).toEqual([]);
    // Trying again holds it afresh while it is free; emptying the cart gives it back for the next family.
    expect((await hold(a.browser, [{ ClassID: classId, StudentID: a.studentId }])).body.classes).toHaveLength(1);
    expect((await hold(b.browser, [{ ClassID: classId, StudentID: b.studentId }])).body.refused[0]?.code).toBe('CLASS_FULL');
    expect((await hold(a.browser, [])).body).toEqual({ classes: [], courts: [], refused: [] });
    expect((await hold(b.browser, [{ ClassID: classId, StudentID: b.studentId }])).body.classes).toHaveLength(1);
  });

  it('a declined card leaves the place held for the family to try another card', async () => {
    const classId = await lastPlace(2);
    const a = await family();
    const b = await family();
    const held = await hold(a.browser, [{ ClassID: classId, StudentID: a.studentId }]);
    const item = { ClassID: classId, StudentID: a.studentId };
    const declined = await a.browser.post('/api/payment/checkout', { classItems: [item], cardToken: await tokenise(a.browser, TEST_CARDS.declined) }, { 'idempotency-key': key() });
    expect(declined.status).toBe(402);
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes).toHaveLength(1);
    expect(Date.parse((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes[0]!.heldUntil)).toBeGreaterThanOrEqual(Date.parse(held.body.classes[0]!.heldUntil));
    expect((await hold(b.browser, [{ ClassID: classId, StudentID: b.studentId }])).body.refused[0]?.code).toBe('CLASS_FULL');
    const paid = await a.browser.post<{ status: string }>('/api/payment/checkout', { classItems: [item], cardToken: await tokenise(a.browser) }, { 'idempotency-key': key() });
    expect(paid.body.status).toBe('completed');
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(['active']);
  });

  it('a place the family was offered from the waitlist is held from the cart until the offer ends, not the hold period', async () => {
    const classId = await lastPlace(4);
    const a = await family();
    const offerEnds = new Date(Date.now() + 24 * 3_600_000).toISOString();
    await db()
      .insertInto('waitlist_entries')
      .values({
        company_id: app.splash,
        class_id: classId,
        student_id: a.studentId,
        client_id: a.clientId,
        status: 'offered',
        created_at: new Date().toISOString(),
        offered_at: new Date().toISOString(),
        offer_expires_at: offerEnds,
      })
      .execute();
    const held = await hold(a.browser, [{ ClassID: classId, StudentID: a.studentId }]);
    expect(held.body.classes).toEqual([{ ClassID: classId, StudentID: a.studentId, heldUntil: offerEnds, casual: false, date: null }]);
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes[0]?.heldUntil).toBe(offerEnds);
    // Another family is still refused the place, and the family's cart holds it past the hold period.
    const b = await family();
    expect((await hold(b.browser, [{ ClassID: classId, StudentID: b.studentId }])).body.refused).toEqual([expect.objectContaining({ code: 'CLASS_FULL' })]);
    await runMinuteJobs(app.t.runtime.ctx, new Date(Date.now() + 60 * 60_000));
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes).toHaveLength(1);
  });

  it('a checkout takes over the cart’s holds in one go: each runs to the checkout’s hold, or its own end where that is later', async () => {
    const [first, second] = [await lastPlace(5), await lastPlace(6)];
    const a = await family();
    const items = [
      { ClassID: first, StudentID: a.studentId },
      { ClassID: second, StudentID: a.studentId },
    ];
    expect((await hold(a.browser, items)).body.classes).toHaveLength(2);
    // The first class's hold runs two hours more (an office's extension): taking it over never shortens it.
    const later = new Date(Date.now() + 2 * 3600_000).toISOString();
    await db().updateTable('enrolments').set({ hold_until: later }).where('company_id', '=', app.splash).where('class_id', '=', first).where('status', '=', 'held').execute();
    const before = Date.now();
    // A card with a challenge step: the payment waits, with the places still held for it.
    const waiting = await a.browser.post<{ status: string }>('/api/payment/checkout', { classItems: items, cardToken: await tokenise(a.browser, TEST_CARDS.challenge) }, { 'idempotency-key': key() });
    expect(waiting.body.status).toBe('requires_action');
    const heldUntil = async (classId: number) =>
      await db().selectFrom('enrolments').select(['status', 'hold_until']).where('company_id', '=', app.splash).where('class_id', '=', classId).executeTakeFirstOrThrow();
    expect(await heldUntil(first)).toEqual({ status: 'held', hold_until: later });
    const minutes = (await findCompanyByCode(app.t.runtime.ctx, 'SPLASH'))!.settings.fin_setup.CheckoutHoldMinutes;
    const renewed = await heldUntil(second);
    expect(renewed.status).toBe('held');
    expect(Date.parse(renewed.hold_until!)).toBeGreaterThanOrEqual(before + minutes * 60_000 - 1_000);
    expect(Date.parse(renewed.hold_until!)).toBeLessThan(Date.parse(later));
  });

  it('the last place the family holds is theirs on another device too: added there, it is the same hold, at its own time', async () => {
    const classId = await lastPlace(7);
    const a = await family();
    const item = { ClassID: classId, StudentID: a.studentId };
    const held = await hold(a.browser, [item]);
    expect(held.body.classes).toHaveLength(1);
    // The same family signed in on a second device, whose cart (kept in the browser) is empty.
    const other = new Browser(app.t.server);
    await other.signIn('SPLASH', a.email, a.password);
    expect((await other.post('/api/classes/validate-class-item', { class_id: classId, student_id: a.studentId })).status).toBe(200);
    expect((await hold(other, [item])).body).toEqual({ classes: held.body.classes, courts: [], refused: [] });
    expect(await placesOf(classId)).toEqual([{ id: expect.any(Number), status: 'held', student_id: a.studentId }]);
  });

  it('each device gives back only what its own cart held: a second device’s cart never frees the first’s places', async () => {
    const [first, second] = [await lastPlace(8), await lastPlace(9)];
    const { a, laptop, phone, laptopCart, phoneCart } = await twoDevices();
    expect((await putCart(laptop, laptopCart, [{ ClassID: first, StudentID: a.studentId }])).body.classes).toHaveLength(1);
    // The phone's cart, holding another class, leaves the laptop's place held.
    expect((await putCart(phone, phoneCart, [{ ClassID: second, StudentID: a.studentId }])).body.classes).toHaveLength(1);
    expect((await placesOf(first)).map((p) => p.status)).toEqual(['held']);
    expect((await laptop.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes.map((h) => h.ClassID).sort()).toEqual([first, second].sort());
    // Each named a term's place or one session's, so the other device knows which makes the class full.
    await db().updateTable('enrolments').set({ kind: 'casual' }).where('company_id', '=', app.splash).where('class_id', '=', second).execute();
    const listed = (await phone.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes;
    expect(Object.fromEntries(listed.map((h) => [h.ClassID, h.casual]))).toEqual({ [first]: false, [second]: true });
    // The phone emptied gives back its own place only; the laptop emptied, its own.
    expect((await putCart(phone, phoneCart, [])).status).toBe(200);
    expect(await placesOf(second)).toEqual([]);
    expect((await placesOf(first)).map((p) => p.status)).toEqual(['held']);
    expect((await putCart(laptop, laptopCart, [])).status).toBe(200);
    expect(await placesOf(first)).toEqual([]);

    // Courts alike, at ACE.
    const ace = (await findCompanyByCode(app.t.runtime.ctx, 'ACE'))!;
    const slot = { venue_id: 1, booking_type_id: 1, date: addDays(bookingOptions(ace, new Date()).today, 5), time: '15:00', court: 'Court 2' };
    const c = await twoDevices('ACE');
    expect((await putCart(c.laptop, c.laptopCart, [], [slot])).body.courts).toHaveLength(1);
    expect((await putCart(c.phone, c.phoneCart, [], [])).status).toBe(200);
    expect((await c.laptop.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.courts).toHaveLength(1);
    expect((await putCart(c.laptop, c.laptopCart, [], [])).status).toBe(200);
    expect((await c.laptop.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.courts).toEqual([]);
  });

  it('a place both devices’ carts hold is given back by neither alone; another device’s session hold is never replaced', async () => {
    const classId = await lastPlace(8);
    const { a, laptop, phone, laptopCart, phoneCart } = await twoDevices();
    const item = { ClassID: classId, StudentID: a.studentId };
    expect((await putCart(laptop, laptopCart, [item])).body.classes).toHaveLength(1);
    expect((await putCart(phone, phoneCart, [item])).body.classes).toHaveLength(1);
    // The laptop drops it while the phone still lists it: kept, and the phone dropping it alone keeps it too (it lapses on its own).
    await putCart(laptop, laptopCart, []);
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(['held']);
    await putCart(phone, phoneCart, []);
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(['held']);
    await db().deleteFrom('enrolments').where('company_id', '=', app.splash).where('class_id', '=', classId).execute();

    // The laptop holds one session of the class; the phone asking for the term keeps the laptop’s session held beside it.
    await emptyClass(app.t, app.splash, classId, { capacity: 5, price_cents: 2_000 });
    expect((await putCart(laptop, laptopCart, [item])).body.classes).toHaveLength(1);
    await db().updateTable('enrolments').set({ kind: 'casual' }).where('company_id', '=', app.splash).where('class_id', '=', classId).execute();
    expect((await putCart(phone, phoneCart, [item])).body.classes).toHaveLength(1);
    expect((await placesOf(classId)).map((p) => p.status)).toEqual(['held', 'held']);

    // A court both devices' carts hold, alike.
    const ace = (await findCompanyByCode(app.t.runtime.ctx, 'ACE'))!;
    const slot = { venue_id: 1, booking_type_id: 1, date: addDays(bookingOptions(ace, new Date()).today, 6), time: '09:00', court: 'Court 1' };
    const c = await twoDevices('ACE');
    expect((await putCart(c.laptop, c.laptopCart, [], [slot])).body.courts).toHaveLength(1);
    expect((await putCart(c.phone, c.phoneCart, [], [slot])).body.courts).toHaveLength(1);
    await putCart(c.laptop, c.laptopCart, [], []);
    await putCart(c.phone, c.phoneCart, [], []);
    expect((await c.laptop.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.courts).toHaveLength(1);
  });

  it('ten families holding the last place at once: one holds it, nine are told it is full', async () => {
    const classId = await lastPlace(3);
    const families = await Promise.all(Array.from({ length: 10 }, () => family()));
    const answers = await Promise.all(families.map((f) => hold(f.browser, [{ ClassID: classId, StudentID: f.studentId }])));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.classes.length === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.refused[0]?.code === 'CLASS_FULL')).toHaveLength(9);
    expect(await placesOf(classId)).toHaveLength(1);
  });

  it('a court added to the cart is held for HoldMinutes, refused to another family, and bought as the same booking', async () => {
    const ace = (await findCompanyByCode(app.t.runtime.ctx, 'ACE'))!;
    const slot = { venue_id: 1, booking_type_id: 1, date: addDays(bookingOptions(ace, new Date()).today, 4), time: '11:00', court: 'Court 1' };
    const email = () => `cart.${randomBytes(4).toString('hex')}@example.com`;
    const a = await registerCustomer(app.t, { email: email(), company: 'ACE' });
    const b = await registerCustomer(app.t, { email: email(), company: 'ACE' });
    const held = await hold(a.browser, [], [slot]);
    expect(held.body.courts).toEqual([{ ...slot, heldUntil: expect.any(String) }]);
    expect(Date.parse(held.body.courts[0]!.heldUntil)).toBeLessThanOrEqual(Date.now() + ace.settings.booking_setup.HoldMinutes * 60_000);
    const rival = await hold(b.browser, [], [slot]);
    expect(rival.body.refused).toEqual([{ booking: slot, code: 'BOOKING_TAKEN', message: expect.any(String) }]);
    expect((await b.browser.post('/api/payment/checkout', { bookingItems: [slot], cardToken: await tokenise(b.browser) }, { 'idempotency-key': key() })).status).toBe(409);

    // A declined card gives the court back to the cart, not away.
    expect((await a.browser.post('/api/payment/checkout', { bookingItems: [slot], cardToken: await tokenise(a.browser, TEST_CARDS.declined) }, { 'idempotency-key': key() })).status).toBe(402);
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.courts).toHaveLength(1);
    expect((await hold(b.browser, [], [slot])).body.refused[0]?.code).toBe('BOOKING_TAKEN');

    const paid = await a.browser.post<{ status: string }>('/api/payment/checkout', { bookingItems: [slot], cardToken: await tokenise(a.browser) }, { 'idempotency-key': key() });
    expect(paid.body.status).toBe('completed');
    const bookings = await db().selectFrom('bookings').select(['status']).where('company_id', '=', ace.id).where('client_id', '=', a.clientId).execute();
    expect(bookings.map((r) => r.status)).toEqual(['confirmed']);
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.courts).toEqual([]);
  });

  it('refuses a malformed cart with 400 and holds nothing', async () => {
    const a = await family();
    const res = await a.browser.call('PUT', '/api/payment/cart-holds', { classItems: [{ ClassID: 'x' }] });
    expect(res.status).toBe(400);
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body).toEqual({ classes: [], courts: [], refused: [] });
  });
});
