import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import { formatDate } from '@portal/shared/date-time-text';
import { registerCustomer, startTestApp, testEngines, type Browser, type TestApp } from '../../test/api-harness.ts';
import { countCharges, idempotencyKey as key, tokenise } from '../../test/payment-fixtures.ts';
import { findCompanyByCode } from '../../modules/company/company.service.ts';
import { bookingOptions } from '../../modules/bookings/bookings.service.ts';
import type { Company } from '../../domain/company.ts';
import { addDays } from '../../lib/time.ts';

/**
 * A court of the cart taken by another family while this one pays: its cart hold lapsed and the
 * court was held, then bought, by someone else. The quote names that line (court, date, time) so
 * the checkout marks it with Remove; the payment itself is refused the same way; no money moves.
 */
describe.each(testEngines())('a court of the cart taken meanwhile on %s', (engine) => {
  let t: TestApp;
  let ace: Company;
  const db = () => t.runtime.ctx.db;

  beforeAll(async () => {
    t = await startTestApp(engine);
    ace = (await findCompanyByCode(t.runtime.ctx, 'ACE'))!;
  });
  afterAll(() => t.close());

  const family = () => registerCustomer(t, { email: `taken.${randomBytes(4).toString('hex')}@example.com`, company: 'ACE' });
  const hold = (browser: Browser, bookingItems: unknown[]) => browser.call<CartHoldsAnswer>('PUT', '/api/payment/cart-holds', { classItems: [], bookingItems });
  const quote = (browser: Browser, bookingItems: unknown[]) => browser.post<{ code?: string; message?: string; errors?: unknown }>('/api/payment/quote', { bookingItems });
  const pay = async (browser: Browser, bookingItems: unknown[]) =>
    browser.post<{ status?: string; code?: string; message?: string; errors?: unknown }>('/api/payment/checkout', { bookingItems, cardToken: await tokenise(browser) }, { 'idempotency-key': key() });
  /** Lets the family's cart hold of a court run out, as it does after HoldMinutes. */
  const lapse = (clientId: number, court: string) =>
    db()
      .updateTable('bookings')
      .set({ hold_expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('company_id', '=', ace.id)
      .where('client_id', '=', clientId)
      .where('court', '=', court)
      .where('status', '=', 'held')
      .execute();

  it('the quote names the line whose court another family now holds, then has booked; the payment is refused the same way and charges nothing', async () => {
    const date = addDays(bookingOptions(ace, new Date()).today, 5);
    const free = { venue_id: 1, booking_type_id: 1, date, time: '08:00', court: 'Court 3' };
    const lost = { venue_id: 1, booking_type_id: 1, date, time: '10:00', court: 'Court 2' };
    const a = await family();
    const b = await family();
    expect((await hold(a.browser, [free, lost])).body.courts).toHaveLength(2);
    expect((await quote(a.browser, [free, lost])).status).toBe(200);

    await lapse(a.clientId, 'Court 2');
    expect((await hold(b.browser, [lost])).body.courts).toHaveLength(1);

    const message = `Sorry, Court 2, Riverside Courts, ${formatDate(date, 'MM/dd/yyyy')} 10:00 AM - 11:00 AM has just been booked. Please choose another time or court.`;
    const refusal = { code: 'BOOKING_TAKEN', message, errors: [{ field: 'bookingItems.1', message, code: 'BOOKING_TAKEN' }] };
    const quoted = await quote(a.browser, [free, lost]);
    expect(quoted.status).toBe(409);
    expect(quoted.body).toEqual(refusal);

    const charges = await countCharges(t, ace.id);
    const refused = await pay(a.browser, [free, lost]);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(refusal);
    expect(await countCharges(t, ace.id)).toBe(charges);

    // The other family buys it: still named, for a booking now, not a hold.
    expect((await pay(b.browser, [lost])).body.status).toBe('completed');
    expect((await quote(a.browser, [free, lost])).body).toEqual(refusal);

    // Removed, the rest of the cart is priced and paid.
    expect((await quote(a.browser, [free])).status).toBe(200);
    expect((await pay(a.browser, [free])).body.status).toBe('completed');
    const mine = await db().selectFrom('bookings').select(['court', 'status']).where('company_id', '=', ace.id).where('client_id', '=', a.clientId).where('status', '=', 'confirmed').execute();
    expect(mine).toEqual([{ court: 'Court 3', status: 'confirmed' }]);
  });

  it('a court the family itself has bought meanwhile (another device paid for it) is named as already its own, not taken by someone else', async () => {
    const date = addDays(bookingOptions(ace, new Date()).today, 7);
    const court = { venue_id: 1, booking_type_id: 1, date, time: '09:00', court: 'Court 4' };
    const a = await family();
    expect((await hold(a.browser, [court])).body.courts).toHaveLength(1);
    // The laptop pays for the court the phone's cart still lists.
    expect((await pay(a.browser, [court])).body.status).toBe('completed');
    const message = `Court 4, Riverside Courts, ${formatDate(date, 'MM/dd/yyyy')} 09:00 AM - 10:00 AM is already booked for your family: it is in My bookings. Please remove it from your cart.`;
    const quoted = await quote(a.browser, [court]);
    expect(quoted.status).toBe(409);
    expect(quoted.body).toEqual({ code: 'BOOKING_TAKEN', message, errors: [{ field: 'bookingItems.0', message, code: 'BOOKED_BY_FAMILY' }] });
    const charges = await countCharges(t, ace.id);
    expect((await pay(a.browser, [court])).status).toBe(409);
    expect(await countCharges(t, ace.id)).toBe(charges);
  });

  it('courts the family itself has bought meanwhile, with one another family took: each line says whose it is, and Hold again says the family’s own is in My bookings', async () => {
    const date = addDays(bookingOptions(ace, new Date()).today, 8);
    const [one, two, lost] = (['Court 1', 'Court 2', 'Court 3'] as const).map((court) => ({ venue_id: 1, booking_type_id: 1, date, time: '15:00', court }));
    const a = await family();
    const b = await family();
    expect((await hold(a.browser, [one, two])).body.courts).toHaveLength(2);
    // The laptop pays for both courts the phone's cart still lists.
    expect((await pay(a.browser, [one, two])).body.status).toBe('completed');
    const when = `${formatDate(date, 'MM/dd/yyyy')} 03:00 PM - 04:00 PM`;
    const own = (court: string) => `${court}, Riverside Courts, ${when} is already booked for your family: it is in My bookings. Please remove it from your cart.`;
    const both = `These courts are already booked for your family: Court 1, Riverside Courts, ${when}; Court 2, Riverside Courts, ${when}. They are in My bookings. Please remove them from your cart.`;
    const quoted = await quote(a.browser, [one, two]);
    expect(quoted.status).toBe(409);
    expect(quoted.body).toEqual({
      code: 'BOOKING_TAKEN',
      message: both,
      errors: [
        { field: 'bookingItems.0', message: own('Court 1'), code: 'BOOKED_BY_FAMILY' },
        { field: 'bookingItems.1', message: own('Court 2'), code: 'BOOKED_BY_FAMILY' },
      ],
    });

    // With a court another family holds as well: each said as it is.
    expect((await hold(b.browser, [lost])).body.courts).toHaveLength(1);
    const lostMessage = `Sorry, Court 3, Riverside Courts, ${when} has just been booked. Please choose another time or court.`;
    expect((await quote(a.browser, [one, lost, two])).body).toEqual({
      code: 'BOOKING_TAKEN',
      message: `${lostMessage} ${both}`,
      errors: [
        { field: 'bookingItems.0', message: own('Court 1'), code: 'BOOKED_BY_FAMILY' },
        { field: 'bookingItems.1', message: lostMessage, code: 'BOOKING_TAKEN' },
        { field: 'bookingItems.2', message: own('Court 2'), code: 'BOOKED_BY_FAMILY' },
      ],
    });

    // Hold again: the family's own court is said to be in My bookings, the other family's taken.
    expect((await hold(a.browser, [one, lost])).body).toEqual({
      classes: [],
      courts: [],
      refused: [
        { booking: one, code: 'BOOKED_BY_FAMILY', message: 'That court is already booked for your family: it is in My bookings. Please remove it from your cart.' },
        { booking: lost, code: 'BOOKING_TAKEN', message: 'Sorry, that court has just been booked. Please choose another time or court.' },
      ],
    });
  });

  it('two courts taken are both named; the family’s own held court is not', async () => {
    const date = addDays(bookingOptions(ace, new Date()).today, 6);
    const [one, two, own] = (['Court 1', 'Court 2', 'Court 4'] as const).map((court) => ({ venue_id: 1, booking_type_id: 1, date, time: '12:00', court }));
    const a = await family();
    const b = await family();
    expect((await hold(b.browser, [one, two])).body.courts).toHaveLength(2);
    expect((await hold(a.browser, [own])).body.courts).toHaveLength(1);
    const when = `${formatDate(date, 'MM/dd/yyyy')} 12:00 PM - 01:00 PM`;
    const quoted = await quote(a.browser, [one, own, two]);
    expect(quoted.status).toBe(409);
    expect(quoted.body).toEqual({
      code: 'BOOKING_TAKEN',
      message: `Sorry, these courts have just been booked: Court 1, Riverside Courts, ${when}; Court 2, Riverside Courts, ${when}. Please choose other times or courts.`,
      errors: [
        { field: 'bookingItems.0', message: `Sorry, Court 1, Riverside Courts, ${when} has just been booked. Please choose another time or court.`, code: 'BOOKING_TAKEN' },
        { field: 'bookingItems.2', message: `Sorry, Court 2, Riverside Courts, ${when} has just been booked. Please choose another time or court.`, code: 'BOOKING_TAKEN' },
      ],
    });
  });
});
