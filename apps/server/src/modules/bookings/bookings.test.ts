import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability, BookingList, BookingOptions } from '@portal/shared/bookings-schemas';
import { Browser, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { findCompanyByCode } from '../company/company.service.ts';
import { updateCompanySettings } from '../company/company.repository.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { addDays } from '../../lib/time.ts';
import { createInvoice } from '../financials/financials.api.ts';
import { taxOf, taxRatePpm } from '@portal/shared/pricing/money';
import { createConfirmedBooking } from './bookings.service.ts';
import { confirmHeldBookings, holdBookings, releaseHeldBookings } from './court-holds.service.ts';

describe.each(testEngines())('court bookings on %s', (engine) => {
  let t: TestApp;
  let parent: Browser;
  let parentClientId: number;
  let ace: Company;
  let options: BookingOptions;
  const day = (n: number) => addDays(options.today, n);
  const company = async () => (await findCompanyByCode(t.runtime.ctx, 'ACE'))!;

  beforeAll(async () => {
    t = await startTestApp(engine);
    parent = new Browser(t.server);
    parentClientId = (await parent.signIn('ACE', 'parent@example.com')).user.ClientID;
    ace = await company();
    options = (await parent.get<BookingOptions>('/api/bookings/options')).body;
  });
  afterAll(() => t.close());

  it('offers the venues with their courts, the booking types with prices and the days open for booking', async () => {
    const res = await parent.get<BookingOptions>('/api/bookings/options');
    expect(res.status).toBe(200);
    expect(res.body.venues[0]).toMatchObject({ Name: 'Riverside Courts', Courts: ['Court 1', 'Court 2', 'Court 3', 'Court 4'] });
    expect(res.body.bookingTypes.map((b) => b.Name)).toContain('Court hire (1 hour)');
    expect(res.body.timeInterval).toBe(ace.settings.TimeInterval);
    expect(res.body.lastDay).toBe(addDays(res.body.today, ace.settings.booking_setup.AdvanceBookingDays - 1));
  });

  it('says what each booking type costs at its cheapest and dearest times, priced as the checkout prices them (the evening band)', async () => {
    const types = (await parent.get<BookingOptions>('/api/bookings/options')).body.bookingTypes;
    // Each venue that offers a type has its own range (its opening hours decide which bands its times fall in).
    expect(types.map((b) => [b.Name, b.PriceCents, b.PriceRanges])).toEqual([
      [
        'Court hire (1 hour)',
        4000,
        [
          { VenueID: 1, LowestPriceCents: 4000, HighestPriceCents: 5500 },
          { VenueID: 2, LowestPriceCents: 4000, HighestPriceCents: 5500 },
        ],
      ],
      ['Ball machine (30 min)', 2500, [{ VenueID: 1, LowestPriceCents: 2500, HighestPriceCents: 2750 }]],
      ['Indoor court (90 min)', 7500, [{ VenueID: 2, LowestPriceCents: 7500, HighestPriceCents: 8250 }]],
    ]);
  });

  it('needs a signed-in customer, and the bookings switch on', async () => {
    const guest = new Browser(t.server);
    await guest.enterCompany('ACE');
    expect((await guest.get('/api/bookings')).status).toBe(401);
    const splash = new Browser(t.server);
    await splash.signIn('THAMES', 'dancer@example.com');
    const off = await splash.get('/api/bookings/options');
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('FEATURE_DISABLED');
  });

  it('lists start times on the TimeInterval grid inside the opening hours, with the free courts', async () => {
    const res = await parent.get<Availability>(`/api/bookings/availability?venue_id=1&booking_type_id=1&date=${day(3)}`);
    expect(res.status).toBe(200);
    const times = res.body.slots.map((s) => s.time);
    const step = ace.settings.TimeInterval;
    const minutes = times.map((x) => Number(x.slice(0, 2)) * 60 + Number(x.slice(3)));
    for (let i = 1; i < minutes.length; i += 1) expect((minutes[i]! - minutes[0]!) % step).toBe(0);
    expect(res.body.slots.at(-1)!.endTime <= '22:00' || res.body.slots.length === 0).toBe(true);
    const outside = await parent.get(`/api/bookings/availability?venue_id=1&booking_type_id=1&date=${day(400)}`);
    expect(outside.status).toBe(422);
    const unknown = await parent.get(`/api/bookings/availability?venue_id=99&booking_type_id=1&date=${day(3)}`);
    expect(unknown.status).toBe(422);
  });

  it('H18: each free time is priced as the checkout prices it, the evening band’s hourly rate included, and the booking keeps that price', async () => {
    // Ace's weekday evenings (17:00–21:00) are $55 an hour; Court hire is $40 at other times.
    const weekday = [3, 4, 5, 6, 7].map(day).find((d) => [1, 2, 3, 4, 5].includes(((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1))!;
    const res = await parent.get<Availability>(`/api/bookings/availability?venue_id=1&booking_type_id=1&date=${weekday}`);
    const at = (time: string) => res.body.slots.find((s) => s.time === time)!;
    expect(at('18:00').priceCents).toBe(5_500);
    expect(at('10:00').priceCents).toBe(4_000);
    // Half in the band, half out: $27.50 + $20.00.
    expect(at('16:30').priceCents).toBe(4_750);
    const court = at('18:00').freeCourts[0]!;
    const item = { venue_id: 1, booking_type_id: 1, date: weekday, time: '18:00', court };
    const checked = await parent.post<{ item: { priceCents: number } }>('/api/bookings/check', item);
    expect(checked.body.item.priceCents).toBe(5_500);
    const quote = await parent.post<{ rows: { type: string; amountCents: number }[] }>('/api/payment/quote', { bookingItems: [item] });
    expect(quote.body.rows.find((r) => r.type === 'Time Scale Total')?.amountCents).toBe(5_500);
    const held = await holdBookings(t.runtime.ctx, ace, parentClientId, [item], { now: new Date() });
    await confirmHeldBookings(t.runtime.ctx, ace, parentClientId, held.holdToken, null);
    const list = await parent.get<BookingList>('/api/bookings?filter=upcoming&page=1&limit=50');
    expect(list.body.bookings.find((b) => b.date === weekday && b.time === '18:00' && b.court === court)?.price).toBe(5_500);
  });

  it('refuses a second booking of an overlapping time on the same court, in the database', async () => {
    const date = day(4);
    const [first] = await Promise.all([
      t.runtime.ctx.transaction((trx) => createConfirmedBooking(trx, ace, parentClientId, { venue_id: 1, booking_type_id: 1, date, time: '10:00', court: 'Court 2' }, null)),
    ]);
    expect(first).toBeGreaterThan(0);
    // The 30-minute type at 10:30 overlaps the hour from 10:00.
    await expect(
      t.runtime.ctx.transaction((trx) => createConfirmedBooking(trx, ace, parentClientId, { venue_id: 1, booking_type_id: 2, date, time: '10:30', court: 'Court 2' }, null)),
    ).rejects.toMatchObject({ statusCode: 409, code: 'BOOKING_TAKEN' });
    // Back to back and on another court are fine.
    await t.runtime.ctx.transaction((trx) => createConfirmedBooking(trx, ace, parentClientId, { venue_id: 1, booking_type_id: 2, date, time: '11:00', court: 'Court 2' }, null));
    await t.runtime.ctx.transaction((trx) => createConfirmedBooking(trx, ace, parentClientId, { venue_id: 1, booking_type_id: 1, date, time: '10:00', court: 'Court 3' }, null));
    const avail = await parent.get<Availability>(`/api/bookings/availability?venue_id=1&booking_type_id=1&date=${date}`);
    const ten = avail.body.slots.find((s) => s.time === '10:00')!;
    expect(ten.freeCourts).toEqual(['Court 1', 'Court 4']);
    const checked = await parent.post('/api/bookings/check', { venue_id: 1, booking_type_id: 2, date, time: '10:30', court: 'Court 2' });
    expect(checked.status).toBe(409);
    expect(checked.body.message).toBe('Sorry, that court has just been booked. Please choose another time or court.');
  });

  it('20 concurrent holds of one court slot: exactly one succeeds', async () => {
    const request = { venue_id: 1, booking_type_id: 1, date: day(5), time: '12:00', court: 'Court 1' };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => t.runtime.ctx.transaction((trx) => holdBookings(trx, ace, parentClientId, [request]))));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const l of lost) expect(l.reason).toBeInstanceOf(AppError);
    for (const l of lost) expect((l.reason as AppError).code).toBe('BOOKING_TAKEN');
    // The hour asked for only: another test's court that day (H18's evening, on the same first weekday) is not this one's.
    const slots = await t.runtime.ctx.db
      .selectFrom('booking_slots')
      .select('booking_id')
      .where('company_id', '=', ace.id)
      .where('date', '=', request.date)
      .where('court', '=', 'Court 1')
      .where('slot', '>=', 12 * 60)
      .where('slot', '<', 13 * 60)
      .execute();
    expect(new Set(slots.map((s) => s.booking_id)).size).toBe(1);
    expect(slots).toHaveLength(12);
  });

  it('a court the family’s own cart holds stays listed for it (shown in its cart), and taken for every other family', async () => {
    // Two families of this test's own.
    const mine = await registerCustomer(t, { email: `mine.${Date.now().toString(36)}@example.com`, company: 'ACE' });
    const other = await registerCustomer(t, { email: `other.${Date.now().toString(36)}@example.com`, company: 'ACE' });
    const request = { venue_id: 1, booking_type_id: 1, date: day(9), time: '12:00', court: 'Court 2' };
    await t.runtime.ctx.transaction((trx) => holdBookings(trx, ace, mine.clientId, [request]));
    const courtsAt = async (b: Browser) =>
      (await b.get<Availability>(`/api/bookings/availability?venue_id=1&booking_type_id=1&date=${request.date}`)).body.slots.find((x) => x.time === '12:00')!.freeCourts;
    expect(await courtsAt(mine.browser)).toContain('Court 2');
    expect(await courtsAt(other.browser)).not.toContain('Court 2');
  });

  it('a hold is confirmed by checkout, or released so the court is free again; an expired hold gives way', async () => {
    const request = { venue_id: 1, booking_type_id: 2, date: day(6), time: '15:00', court: 'Court 4' };
    const hold = await t.runtime.ctx.transaction((trx) => holdBookings(trx, ace, parentClientId, [request]));
    expect(hold.bookings[0]).toMatchObject({ priceCents: ace.settings.booking_types.find((b) => b.BookingTypeID === 2)!.PriceCents, endTime: '15:30' });
    await releaseHeldBookings(t.runtime.ctx, ace.id, hold.holdToken);
    const again = await t.runtime.ctx.transaction((trx) => holdBookings(trx, ace, parentClientId, [request]));
    await t.runtime.ctx.transaction((trx) => confirmHeldBookings(trx, ace, parentClientId, again.holdToken, null));
    const list = await parent.get<BookingList>('/api/bookings?filter=upcoming&limit=100');
    expect(list.body.bookings.some((b) => b.date === request.date && b.time === '15:00' && b.court === 'Court 4' && b.status === 'Confirmed')).toBe(true);

    const later = { ...request, time: '16:00' };
    const stale = await t.runtime.ctx.transaction((trx) => holdBookings(trx, ace, parentClientId, [later], { now: new Date(Date.now() - 60 * 60_000) }));
    const fresh = await t.runtime.ctx.transaction((trx) => holdBookings(trx, ace, parentClientId, [later]));
    expect(fresh.bookings).toHaveLength(1);
    await expect(t.runtime.ctx.transaction((trx) => confirmHeldBookings(trx, ace, parentClientId, stale.holdToken, null))).rejects.toMatchObject({ code: 'BOOKING_TAKEN' });
  });

  it('cancels the customer’s own booking before the cut-off and frees the court; after it, refuses with the cut-off', async () => {
    const db = t.runtime.ctx.db;
    const request = { venue_id: 1, booking_type_id: 1, date: day(7), time: '09:00', court: 'Court 3' };
    const id = await t.runtime.ctx.transaction((trx) => createConfirmedBooking(trx, ace, parentClientId, request, null));
    const ok = await parent.post<{ booking: { status: string } }>('/api/bookings/cancel', { booking_id: id });
    expect(ok.status).toBe(200);
    expect(ok.body.booking.status).toBe('Cancelled');
    // Asked again (another tab, a retry): said as it is, not "not found".
    const again = await parent.post('/api/bookings/cancel', { booking_id: id });
    expect([again.status, again.body]).toMatchObject([409, { code: 'ALREADY_CANCELLED', message: 'This booking is already cancelled.' }]);
    const avail = await parent.get<Availability>(`/api/bookings/availability?venue_id=1&booking_type_id=1&date=${request.date}`);
    expect(avail.body.slots.find((s) => s.time === '09:00')!.freeCourts).toContain('Court 3');
    const cancelled = await parent.get<BookingList>('/api/bookings?filter=cancelled');
    expect(cancelled.body.bookings.map((b) => b.BookingID)).toContain(id);

    const row = await db.selectFrom('companies').select('settings').where('id', '=', ace.id).executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings);
    await updateCompanySettings(db, ace.id, { ...settings, booking_setup: { ...settings.booking_setup, CancelCutoffHours: 24 * 30 } });
    try {
      const strict = await company();
      const late = await t.runtime.ctx.transaction((trx) => createConfirmedBooking(trx, strict, parentClientId, request, null));
      const refused = await parent.post('/api/bookings/cancel', { booking_id: late });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Bookings can be cancelled online until 720 hours before they start.');
      const list = await parent.get<BookingList>('/api/bookings?filter=upcoming&limit=100');
      expect(list.body.bookings.find((b) => b.BookingID === late)!.cancelBy).toBeNull();
    } finally {
      await updateCompanySettings(db, ace.id, settings);
    }
  });

  it('a booking cancelled before its invoice is paid comes off the invoice; one on an invoice paid in full leaves it as it is', async () => {
    const db = t.runtime.ctx.db;
    const family = await registerCustomer(t, { email: `court.${Date.now().toString(36)}@example.com`, company: 'ACE' });
    const fin = ace.settings.fin_setup;
    const rate = taxRatePpm(fin.TaxRatePercent);
    const book = async (time: string, court: string, paid: boolean) => {
      const request = { venue_id: 1, booking_type_id: 1, date: day(8), time, court };
      const price = ace.settings.booking_types.find((b) => b.BookingTypeID === 1)!.PriceCents;
      const tax = taxOf(price, rate, fin.TaxInclusive);
      const total = fin.TaxInclusive ? price : price + tax;
      const lesson = { type: 'Custom' as const, breakdownKey: null, description: 'Coaching', quantity: 1, unitPriceCents: 5_500, amountCents: 5_500, taxCents: 0, totalCents: 5_500 };
      const court1 = {
        type: 'Custom' as const,
        breakdownKey: 'Booking' as const,
        description: `${court} ${time}`,
        quantity: 1,
        unitPriceCents: price,
        amountCents: price,
        taxCents: tax,
        totalCents: total,
      };
      const invoice = await t.runtime.ctx.transaction((tx) =>
        createInvoice(tx, { company: ace, clientId: family.clientId, invoiceDate: options.today, dueDate: day(20), status: paid ? 'Paid' : 'Scheduled', lines: [court1, lesson] }),
      );
      const id = await t.runtime.ctx.transaction((trx) => createConfirmedBooking(trx, ace, family.clientId, request, invoice.invoiceId));
      return { id, invoice, total };
    };
    const invoiceOf = (id: number) => db.selectFrom('invoices').select(['total_cents', 'balance_due_cents', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    const linesOf = (id: number) => db.selectFrom('invoice_lines').select(['description', 'total_cents']).where('invoice_id', '=', id).orderBy('sort_order').execute();

    const unpaid = await book('10:00', 'Court 1', false);
    const cancelled = await family.browser.post<{ booking: { status: string } }>('/api/bookings/cancel', { booking_id: unpaid.id });
    expect(cancelled.status).toBe(200);
    // The family no longer owes the court: the invoice asks for the coaching alone.
    expect(await invoiceOf(unpaid.invoice.invoiceId)).toMatchObject({ total_cents: 5_500, balance_due_cents: 5_500, status: 'Scheduled' });
    expect((await linesOf(unpaid.invoice.invoiceId)).at(-1)).toEqual({ description: expect.stringMatching(/^Cancelled: Court 1, /), total_cents: -unpaid.total });

    const paid = await book('11:00', 'Court 2', true);
    expect((await family.browser.post('/api/bookings/cancel', { booking_id: paid.id })).status).toBe(200);
    // Paid: nothing is taken back here (decision 025), the office refunds or credits.
    expect(await invoiceOf(paid.invoice.invoiceId)).toMatchObject({ total_cents: paid.total + 5_500, balance_due_cents: 0, status: 'Paid' });
    expect(await linesOf(paid.invoice.invoiceId)).toHaveLength(2);
  });

  it('a cancelled booking comes off its invoice by what the invoice charged for it, no tax where it charged none', async () => {
    const family = await registerCustomer(t, { email: `court.notax.${Date.now().toString(36)}@example.com`, company: 'ACE' });
    const price = ace.settings.booking_types.find((b) => b.BookingTypeID === 1)!.PriceCents;
    // As an invoice from the office may charge a court: no tax on it, whatever the portal's tax rate.
    const line = {
      type: 'Custom' as const,
      breakdownKey: 'Booking' as const,
      description: 'Court hire – Court 3',
      quantity: 1,
      unitPriceCents: price,
      amountCents: price,
      taxCents: 0,
      totalCents: price,
    };
    const coaching = { ...line, breakdownKey: null, description: 'Coaching', unitPriceCents: 7_500, amountCents: 7_500, totalCents: 7_500 };
    const invoice = await t.runtime.ctx.transaction((tx) =>
      createInvoice(tx, { company: ace, clientId: family.clientId, invoiceDate: options.today, dueDate: day(20), status: 'Scheduled', lines: [line, coaching] }),
    );
    const request = { venue_id: 1, booking_type_id: 1, date: day(8), time: '14:00', court: 'Court 3' };
    const id = await t.runtime.ctx.transaction((trx) => createConfirmedBooking(trx, ace, family.clientId, request, invoice.invoiceId));
    expect((await family.browser.post('/api/bookings/cancel', { booking_id: id })).status).toBe(200);
    const db = t.runtime.ctx.db;
    expect(await db.selectFrom('invoices').select(['total_cents', 'balance_due_cents', 'tax_cents']).where('id', '=', invoice.invoiceId).executeTakeFirstOrThrow()).toEqual({
      total_cents: 7_500,
      balance_due_cents: 7_500,
      tax_cents: 0,
    });
    const credit = await db
      .selectFrom('invoice_lines')
      .select(['amount_cents', 'tax_cents', 'total_cents'])
      .where('invoice_id', '=', invoice.invoiceId)
      .orderBy('sort_order', 'desc')
      .executeTakeFirstOrThrow();
    expect(credit).toEqual({ amount_cents: -price, tax_cents: 0, total_cents: -price });
  });

  it('another client’s booking cannot be read or cancelled', async () => {
    const id = await t.runtime.ctx.transaction((trx) => createConfirmedBooking(trx, ace, parentClientId, { venue_id: 1, booking_type_id: 1, date: day(8), time: '13:00', court: 'Court 1' }, null));
    const { browser: stranger } = await registerCustomer(t, { email: 'stranger.bookings@example.com', company: 'ACE' });
    const list = await stranger.get<BookingList>('/api/bookings?filter=upcoming');
    expect(list.body.bookings).toEqual([]);
    const cancel = await stranger.post('/api/bookings/cancel', { booking_id: id });
    expect(cancel.status).toBe(404);
    expect(cancel.body.message).toBe('Booking not found');
    const still = await parent.get<BookingList>('/api/bookings?filter=upcoming&limit=100');
    expect(still.body.bookings.find((b) => b.BookingID === id)!.status).toBe('Confirmed');
  });

  it('refuses a request off the grid, outside the hours, in the past or for an unknown court, with the reason', async () => {
    const base = { venue_id: 1, booking_type_id: 1, date: day(3), time: '10:00', court: 'Court 1' };
    expect((await parent.post('/api/bookings/check', { ...base, time: '10:07' })).body.code).toBe('BOOKING_NOT_ON_GRID');
    expect((await parent.post('/api/bookings/check', { ...base, time: '21:30' })).body.code).toBe('BOOKING_NOT_ON_GRID');
    expect((await parent.post('/api/bookings/check', { ...base, court: 'Court 9' })).body.code).toBe('BOOKING_UNKNOWN_COURT');
    expect((await parent.post('/api/bookings/check', { ...base, date: day(-1) })).body.code).toBe('BOOKING_OUTSIDE_WINDOW');
    expect((await parent.post('/api/bookings/check', { ...base, time: '25:00' })).status).toBe(400);
    const ok = await parent.post<{ item: { priceCents: number; endTime: string } }>('/api/bookings/check', base);
    expect(ok.status).toBe(200);
    expect(ok.body.item.endTime).toBe('11:00');
  });
});
