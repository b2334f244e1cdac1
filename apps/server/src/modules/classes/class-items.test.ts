import { describe, expect, it } from 'vitest';
import { classMessages } from '@portal/shared/class-schemas';
import { changeCompanySettings, testEngines } from '../../test/api-harness.ts';
import { countCharges, emptyClass, familyWithChild, idempotencyKey as key, newStudent, sessionDates, splashClassesApp, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';
import { findCompanyById } from '../company/company.api.ts';
import { clock } from './class-time.ts';
import { runMinuteJobs } from '../../jobs/scheduler.ts';
import { serverMessages } from '@portal/shared/messages';
import { cartMessages } from '@portal/shared/payment-schemas';
import { validateNewStudentClassItem, validateNewStudentClassItems } from './classes.api.ts';

/**
 * Issue 22, section 1: a cart's class items are checked and written together (a constant number
 * of queries for any number of classes), with the answers each item had when it was checked alone:
 * the first refusal in class order, nothing written when one item is refused, a class asked for
 * twice counting its first place, a family's own waitlist offer and the make-ups switch.
 */
describe.each(testEngines())('class items checked and written together on %s', (engine) => {
  const app = splashClassesApp(engine, 12);
  const { db } = app;

  /** The test's own class (by position among the classes with sessions ahead), empty, with `capacity` places. */
  const classWith = (index: number, capacity: number) => emptyClass(app.t, app.splash, app.classIds[index]!, { capacity, price_cents: 2_000 });
  const placesOf = (classId: number) =>
    db().selectFrom('enrolments').select(['student_id', 'kind', 'status']).where('company_id', '=', app.splash).where('class_id', '=', classId).orderBy('id').execute();
  const nameOf = async (classId: number) => (await db().selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirstOrThrow()).name;
  const countOf = async (classId: number) =>
    (await db().selectFrom('classes').select('enrolled_count').where('company_id', '=', app.splash).where('id', '=', classId).executeTakeFirstOrThrow()).enrolled_count;
  type Checkout = { status: string; code?: string; message?: string };
  const checkout = async (f: Awaited<ReturnType<typeof familyWithChild>>, classItems: unknown[], extra: Record<string, unknown> = {}) =>
    f.browser.post<Checkout>('/api/payment/checkout', { classItems, cardToken: await tokenise(f.browser), ...extra }, { 'idempotency-key': key() });
  /**
   * The class's next scheduled sessions after the company's today (a session today may have begun
   * in the company's zone, which runs ahead of UTC).
   */
  const sessionsAfterToday = async (classId: number, count: number) => {
    const { today } = clock((await findCompanyById(app.t.runtime.ctx, app.splash))!, app.t.runtime.ctx.clock.now());
    const dates = await sessionDates(app.t, app.splash, classId, { limit: count, after: today });
    expect(dates).toHaveLength(count);
    return dates;
  };
  /** The families' children on a class's waitlist, waiting or offered a place for an hour. */
  const onWaitlist = (classId: number, families: { studentId: number; clientId: number }[], status: 'waiting' | 'offered') => {
    const now = new Date();
    const [offeredAt, expiresAt] = status === 'offered' ? [now.toISOString(), new Date(now.getTime() + 3_600_000).toISOString()] : [null, null];
    return db()
      .insertInto('waitlist_entries')
      .values(
        families.map((f) => ({
          company_id: app.splash,
          class_id: classId,
          student_id: f.studentId,
          client_id: f.clientId,
          status,
          created_at: now.toISOString(),
          offered_at: offeredAt,
          offer_expires_at: expiresAt,
        })),
      )
      .execute();
  };
  const firstSessionOf = async (classId: number) => (await sessionsAfterToday(classId, 1))[0]!;

  it('two classes in one cart: both written, counted and the child’s waitlist entries closed', async () => {
    const [a, b] = [await classWith(0, 5), await classWith(1, 5)];
    const f = await familyWithChild(app.t);
    await onWaitlist(b, [f], 'waiting');
    const paid = await checkout(f, [
      { ClassID: b, StudentID: f.studentId },
      { ClassID: a, StudentID: f.studentId },
    ]);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('completed');
    for (const id of [a, b]) {
      expect(await placesOf(id)).toEqual([{ student_id: f.studentId, kind: 'ongoing', status: 'active' }]);
      expect(await countOf(id)).toBe(1);
    }
    const entries = await db().selectFrom('waitlist_entries').select('status').where('company_id', '=', app.splash).where('class_id', '=', b).where('student_id', '=', f.studentId).execute();
    expect(entries).toEqual([{ status: 'enrolled' }]);
  });

  it('two classes in one cart, one of them full: CLASS_FULL, nothing written and nothing charged, whichever comes first', async () => {
    for (const [free, full] of [
      [await classWith(2, 5), await classWith(3, 0)],
      [await classWith(5, 5), await classWith(4, 0)],
    ] as const) {
      const f = await familyWithChild(app.t);
      const charges = await countCharges(app.t, app.splash);
      const refused = await checkout(f, [
        { ClassID: free, StudentID: f.studentId },
        { ClassID: full, StudentID: f.studentId },
      ]);
      // The full one is named: a cart can hold several classes.
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'CLASS_FULL', classMessages.classFull(await nameOf(full))]);
      expect(await placesOf(free)).toEqual([]);
      expect(await placesOf(full)).toEqual([]);
      expect(await countOf(free)).toBe(0);
      expect(await countCharges(app.t, app.splash)).toBe(charges);
    }
  });

  it('the first refusal in class order answers, whatever the cart’s order; for one item 404 before NO_SESSIONS before ALREADY_ENROLLED', async () => {
    const full = await classWith(6, 0);
    const ended = await classWith(7, 5);
    await db().updateTable('class_sessions').set({ status: 'cancelled' }).where('company_id', '=', app.splash).where('class_id', '=', ended).execute();
    const f = await familyWithChild(app.t);
    const answer = async (classItems: unknown[]) => {
      const r = await checkout(f, classItems);
      return [r.status, r.body.code, r.body.message];
    };
    // The full class has the lower id, so its refusal answers in either order.
    expect(full).toBeLessThan(ended);
    const noSessions = [422, 'NO_SESSIONS', classMessages.noSessionsLeft];
    expect(await answer([{ ClassID: ended, StudentID: f.studentId }])).toEqual(noSessions);
    expect(
      await answer([
        { ClassID: ended, StudentID: f.studentId },
        { ClassID: full, StudentID: f.studentId },
      ]),
    ).toEqual([409, 'CLASS_FULL', classMessages.classFull(await nameOf(full))]);
    // Another family's child: 404 before the class's own refusal; an unknown class: 404.
    const other = await familyWithChild(app.t);
    expect(await answer([{ ClassID: ended, StudentID: other.studentId }])).toEqual([404, 'NOT_FOUND', serverMessages.notFound]);
    expect(await answer([{ ClassID: 999_999, StudentID: f.studentId }])).toEqual([404, 'NOT_FOUND', serverMessages.notFound]);
    // Already in the class but no session left: NO_SESSIONS first.
    await db()
      .insertInto('enrolments')
      .values({ company_id: app.splash, class_id: ended, student_id: f.studentId, kind: 'ongoing', start_date: '2020-01-01', end_date: null, status: 'active', hold_until: null, created_at: null })
      .execute();
    expect(await answer([{ ClassID: ended, StudentID: f.studentId }])).toEqual(noSessions);
    const again = await classWith(8, 5);
    await db()
      .insertInto('enrolments')
      .values({ company_id: app.splash, class_id: again, student_id: f.studentId, kind: 'ongoing', start_date: '2020-01-01', end_date: null, status: 'active', hold_until: null, created_at: null })
      .execute();
    expect(await answer([{ ClassID: again, StudentID: f.studentId }])).toEqual([409, 'ALREADY_ENROLLED', expect.stringMatching(/^Kid \S+ is already enrolled in .+\.$/)]);
  });

  it('a child outside a class’s ages is refused by name, nothing held or charged; inside them, bought', async () => {
    const f = await familyWithChild(app.t, 'Ivy');
    // The test's children are born on 2018-01-01.
    const { today } = clock((await findCompanyById(app.t.runtime.ctx, app.splash))!, app.t.runtime.ctx.clock.now());
    const age = Number(today.slice(0, 4)) - 2018 - (today.slice(5) < '01-01' ? 1 : 0);
    const young = await classWith(11, 5);
    await db()
      .updateTable('classes')
      .set({ min_age: 3, max_age: age - 2 })
      .where('id', '=', young)
      .execute();
    const refused = await checkout(f, [{ ClassID: young, StudentID: f.studentId, dates: [] }]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'OUTSIDE_AGE_RANGE', message: classMessages.outsideAgeRange('Ivy Test', await nameOf(young), age, 3, age - 2) });
    expect(refused.body.message).toBe(`Ivy Test is ${age}; ${await nameOf(young)} is for ages 3 to ${age - 2}.`);
    expect(await placesOf(young)).toEqual([]);
    expect(await countCharges(app.t, f.clientId)).toBe(0);
    await db().updateTable('classes').set({ min_age: age, max_age: null }).where('id', '=', young).execute();
    expect((await checkout(f, [{ ClassID: young, StudentID: f.studentId, dates: [] }])).body.status).toBe('completed');
  });

  it('one class asked for twice: the second place counts the first', async () => {
    const one = await classWith(9, 1);
    const f = await familyWithChild(app.t);
    const sibling = await newStudent(app.t, app.splash, f.clientId, 'Sib');
    const both = [
      { ClassID: one, StudentID: f.studentId },
      { ClassID: one, StudentID: sibling },
    ];
    const refused = await checkout(f, both);
    expect([refused.status, refused.body.code]).toEqual([409, 'CLASS_FULL']);
    expect(await placesOf(one)).toEqual([]);
    await classWith(9, 2);
    const paid = await checkout(f, both);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await placesOf(one)).toEqual([
      { student_id: f.studentId, kind: 'ongoing', status: 'active' },
      { student_id: sibling, kind: 'ongoing', status: 'active' },
    ]);
    expect(await countOf(one)).toBe(2);
  });

  it('a waitlist offer keeps the last place for its family, beside another class in the same cart; a make-up counts when the company says so', async () => {
    const offered = await classWith(10, 1);
    const other = await classWith(11, 5);
    const holder = await familyWithChild(app.t);
    const rival = await familyWithChild(app.t);
    await onWaitlist(offered, [holder], 'offered');
    const cart = (f: typeof holder) => [
      { ClassID: other, StudentID: f.studentId },
      { ClassID: offered, StudentID: f.studentId },
    ];
    expect((await checkout(rival, cart(rival))).body.code).toBe('CLASS_FULL');
    const paid = await checkout(holder, cart(holder));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await placesOf(offered)).map((p) => p.student_id)).toEqual([holder.studentId]);

    // A make-up in the first session of a class with one place: full only with IncludeTemporaryEnrolmentsInCount.
    const makeup = await classWith(1, 1);
    const first = await firstSessionOf(makeup);
    await db()
      .insertInto('enrolments')
      .values({ company_id: app.splash, class_id: makeup, student_id: rival.studentId, kind: 'temporary', start_date: first, end_date: first, status: 'temporary', hold_until: null, created_at: null })
      .execute();
    const include = (value: boolean) =>
      changeCompanySettings(app.t, app.splash, (settings) => {
        settings.ocr_config!.IncludeTemporaryEnrolmentsInCount = value;
      });
    const f = await familyWithChild(app.t);
    await include(true);
    expect((await checkout(f, [{ ClassID: makeup, StudentID: f.studentId }])).body.code).toBe('CLASS_FULL');
    await include(false);
    expect((await checkout(f, [{ ClassID: makeup, StudentID: f.studentId }])).status).toBe(200);
  });

  it('a waitlist offer taken through the cart’s hold: the entry stays offered while a payment fails, and is closed when the place is paid for', async () => {
    const offered = await classWith(3, 1);
    const holder = await familyWithChild(app.t);
    await onWaitlist(offered, [holder], 'offered');
    const entry = async () => (await db().selectFrom('waitlist_entries').select('status').where('company_id', '=', app.splash).where('class_id', '=', offered).executeTakeFirstOrThrow()).status;
    const items = [{ ClassID: offered, StudentID: holder.studentId }];
    const held = await holder.browser.call<{ classes: unknown[] }>('PUT', '/api/payment/cart-holds', { classItems: items, bookingItems: [] });
    expect(held.body.classes, JSON.stringify(held.body)).toHaveLength(1);
    const declined = await checkout(holder, items, { cardToken: await tokenise(holder.browser, TEST_CARDS.declined) });
    expect(declined.body.status, JSON.stringify(declined.body)).not.toBe('completed');
    expect(await entry()).toBe('offered');
    const paid = await checkout(holder, items);
    expect(paid.body.status, JSON.stringify(paid.body)).toBe('completed');
    expect(await placesOf(offered)).toEqual([{ student_id: holder.studentId, kind: 'ongoing', status: 'active' }]);
    expect(await entry()).toBe('enrolled');

    // Without a hold in the cart: a failed payment still leaves the offer to its family.
    const again = await classWith(3, 1);
    const other = await familyWithChild(app.t);
    await onWaitlist(again, [other], 'offered');
    const theirs = async () =>
      (
        await db()
          .selectFrom('waitlist_entries')
          .select('status')
          .where('company_id', '=', app.splash)
          .where('class_id', '=', again)
          .where('student_id', '=', other.studentId)
          .executeTakeFirstOrThrow()
      ).status;
    const refused = await checkout(other, [{ ClassID: again, StudentID: other.studentId }], { cardToken: await tokenise(other.browser, TEST_CARDS.declined) });
    expect(refused.body.status, JSON.stringify(refused.body)).not.toBe('completed');
    expect(await theirs()).toBe('offered');
  });

  it('two offers for two freed places: one family holding its place in the cart leaves the other’s offer its place; a casual session leaves a term’s waitlist place waiting', async () => {
    const two = await classWith(2, 2);
    const [s1, s2] = [await familyWithChild(app.t), await familyWithChild(app.t)];
    await onWaitlist(two, [s1, s2], 'offered');
    const item = (f: typeof s1) => [{ ClassID: two, StudentID: f.studentId }];
    expect((await s1.browser.call<{ classes: unknown[] }>('PUT', '/api/payment/cart-holds', { classItems: item(s1), bookingItems: [] })).body.classes).toHaveLength(1);
    // The first family's hold is its offer's place, not a second one.
    const second = await checkout(s2, item(s2));
    expect(second.body.status, JSON.stringify(second.body)).toBe('completed');
    const first = await checkout(s1, item(s1));
    expect(first.body.status, JSON.stringify(first.body)).toBe('completed');
    expect(await countOf(two)).toBe(2);

    // A family waiting for the term buys one casual session: its waitlist place still waits.
    const casual = await classWith(6, 5);
    const [date] = await sessionsAfterToday(casual, 1);
    const waiter = await familyWithChild(app.t);
    await onWaitlist(casual, [waiter], 'waiting');
    const paid = await checkout(waiter, [{ ClassID: casual, StudentID: waiter.studentId, casual: true, dates: [date] }], { ocrProfileId: 2 });
    expect(paid.body.status, JSON.stringify(paid.body)).toBe('completed');
    expect((await db().selectFrom('waitlist_entries').select('status').where('class_id', '=', casual).where('student_id', '=', waiter.studentId).executeTakeFirstOrThrow()).status).toBe('waiting');
  });

  it('a family waiting that already holds the class’s place in its cart is not offered a second one: the next family is', async () => {
    const two = await classWith(4, 2);
    const [first, next] = [await familyWithChild(app.t), await familyWithChild(app.t)];
    await onWaitlist(two, [first, next], 'waiting');
    expect(
      (await first.browser.call<{ classes: unknown[] }>('PUT', '/api/payment/cart-holds', { classItems: [{ ClassID: two, StudentID: first.studentId }], bookingItems: [] })).body.classes,
    ).toHaveLength(1);
    await runMinuteJobs(app.t.runtime.ctx);
    const entries = await db().selectFrom('waitlist_entries').select(['student_id', 'status']).where('company_id', '=', app.splash).where('class_id', '=', two).orderBy('id').execute();
    expect(entries).toEqual([
      { student_id: first.studentId, status: 'waiting' },
      { student_id: next.studentId, status: 'offered' },
    ]);
  });

  it('a child whose term place in the class has ended (moved to another class) and who waits for it again is offered a freed place', async () => {
    const one = await classWith(8, 1);
    const f = await familyWithChild(app.t);
    // Its old place: still 'active', ended a week ago (as a change of class or an ended instalment plan leaves it).
    await db()
      .insertInto('enrolments')
      .values({
        company_id: app.splash,
        class_id: one,
        student_id: f.studentId,
        kind: 'ongoing',
        status: 'active',
        start_date: '2020-01-01',
        end_date: '2020-01-08',
        hold_until: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await onWaitlist(one, [f], 'waiting');
    await runMinuteJobs(app.t.runtime.ctx);
    expect(await db().selectFrom('waitlist_entries').select('status').where('company_id', '=', app.splash).where('class_id', '=', one).execute()).toEqual([{ status: 'offered' }]);
  });

  it('a casual session beside a term in one cart: both written, the casual one for its date', async () => {
    const term = await classWith(2, 5);
    const casual = await classWith(3, 5);
    const date = await firstSessionOf(casual);
    const f = await familyWithChild(app.t);
    const paid = await checkout(
      f,
      [
        { ClassID: casual, StudentID: f.studentId, dates: [date], casual: true },
        { ClassID: term, StudentID: f.studentId },
      ],
      { ocrProfileId: 2 },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await placesOf(term)).toEqual([{ student_id: f.studentId, kind: 'ongoing', status: 'active' }]);
    expect(await placesOf(casual)).toEqual([{ student_id: f.studentId, kind: 'casual', status: 'active' }]);
    expect(await countOf(casual)).toBe(0);
  });

  it('two casual sessions of one class for one child in one cart: both bought, neither gives way to the other', async () => {
    const casual = await classWith(6, 5);
    const dates = await sessionsAfterToday(casual, 2);
    const f = await familyWithChild(app.t);
    const paid = await checkout(
      f,
      dates.map((date) => ({ ClassID: casual, StudentID: f.studentId, dates: [date], casual: true })),
      { ocrProfileId: 2 },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('completed');
    const places = await db().selectFrom('enrolments').select(['kind', 'status', 'start_date']).where('company_id', '=', app.splash).where('class_id', '=', casual).orderBy('start_date').execute();
    expect(places).toEqual(dates.map((date) => ({ kind: 'casual', status: 'active', start_date: date })));
  });

  it('two casual sessions of one class held in the cart: both stay held, and the checkout takes both holds over', async () => {
    const casual = await classWith(8, 5);
    const dates = await sessionsAfterToday(casual, 2);
    const f = await familyWithChild(app.t);
    const items = dates.map((date) => ({ ClassID: casual, StudentID: f.studentId, dates: [date], casual: true }));
    const held = await f.browser.call<{ classes: { date: string | null }[] }>('PUT', '/api/payment/cart-holds', { classItems: items, bookingItems: [], ocrProfileId: 2 });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    // Each day's hold says its day: the cart tells the two places apart.
    expect(held.body.classes.map((h) => h.date)).toEqual(dates);
    const holds = () => db().selectFrom('enrolments').select(['id', 'status', 'start_date']).where('company_id', '=', app.splash).where('class_id', '=', casual).orderBy('start_date').execute();
    const heldRows = await holds();
    expect(heldRows.map((h) => [h.status, h.start_date])).toEqual(dates.map((date) => ['held', date]));
    const paid = await checkout(f, items, { ocrProfileId: 2 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The cart's own holds became the places: the same rows, now active.
    expect(await holds()).toEqual(heldRows.map((h) => ({ ...h, status: 'active' })));
  });

  it('a cart naming one place twice (the term twice, the term and one of its sessions, one session twice) is refused before anything is held or charged', async () => {
    const [term, casual] = [await classWith(10, 5), await classWith(11, 5)];
    const [date] = await sessionsAfterToday(casual, 1);
    const f = await familyWithChild(app.t);
    const termItem = { ClassID: term, StudentID: f.studentId };
    const session = { ClassID: casual, StudentID: f.studentId, casual: true, dates: [date] };
    const charges = await countCharges(app.t, app.splash);
    for (const classItems of [
      [termItem, termItem],
      [{ ...session, casual: false, dates: [] }, session],
      [session, { ...session }],
    ]) {
      for (const [method, path, extra] of [
        ['POST', '/api/payment/checkout', { cardToken: await tokenise(f.browser) }],
        ['POST', '/api/payment/quote', {}],
        ['PUT', '/api/payment/cart-holds', { bookingItems: [] }],
      ] as const) {
        const refused = await f.browser.call<Checkout>(method, path, { classItems, ocrProfileId: 2, ...extra }, { 'idempotency-key': key() });
        expect([path, refused.status, refused.body.message]).toEqual([path, 400, cartMessages.classTwice]);
      }
    }
    expect(await placesOf(term)).toEqual([]);
    expect(await placesOf(casual)).toEqual([]);
    expect(await countCharges(app.t, app.splash)).toBe(charges);
    // The same class for two children is no repeat (two sessions of one class for one child: above).
    const sibling = await newStudent(app.t, app.splash, f.clientId, 'Sib');
    const twoChildren = await checkout(f, [termItem, { ...termItem, StudentID: sibling }]);
    expect(twoChildren.status, JSON.stringify(twoChildren.body)).toBe(200);
  });

  it('a registration’s classes checked together answer what each answers alone, and the first refusal in the order asked', async () => {
    const company = (await findCompanyById(app.t.runtime.ctx, app.splash))!;
    const [a, b] = [await classWith(4, 3), await classWith(5, 0)];
    const ctx = app.t.runtime.ctx;
    const item = (class_id: number) => ({ class_id, kind: 'ongoing' as const, dates: [] });
    expect(await validateNewStudentClassItems(ctx, company, [item(a), item(a)])).toEqual([
      await validateNewStudentClassItem(ctx, company, item(a)),
      await validateNewStudentClassItem(ctx, company, item(a)),
    ]);
    await expect(validateNewStudentClassItems(ctx, company, [item(a), item(b)])).rejects.toMatchObject({ code: 'CLASS_FULL' });
    await expect(validateNewStudentClassItems(ctx, company, [item(999_999), item(b)])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(validateNewStudentClassItems(ctx, company, [item(b), item(999_999)])).rejects.toMatchObject({ code: 'CLASS_FULL' });
    expect(await validateNewStudentClassItems(ctx, company, [])).toEqual([]);
  });
});
