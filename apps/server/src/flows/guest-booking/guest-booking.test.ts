import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clockRange, clockTime, formatDate } from '@portal/shared/date-time-text';
import { formatCents } from '@portal/shared/pricing/money';
import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import type { GuestBookingAnswer } from '@portal/shared/guest-booking-schemas';
import { Browser, changeCompanySettings, ownCompany, registerCustomer, solvedCaptcha, testEngines } from '../../test/api-harness.ts';
import { companyApp, countCharges, idempotencyKey, tokenise as tokeniseFor, TEST_CARDS } from '../../test/payment-fixtures.ts';
import { runMinuteJobs } from '../../jobs/scheduler.ts';
import { setPaymentFaults } from '../checkout/payment-steps.ts';

const key = () => crypto.randomBytes(12).toString('hex');
type Answer = GuestBookingAnswer & { code?: string; message?: string; errors?: { field: string; message: string }[] };
type Slots = { slots: { time: string; endTime: string; freeCourts: string[] }[] };

describe.each(testEngines())('the public booking page (/ob) on %s', (engine) => {
  const app = companyApp(engine, 'ACE');

  const { db } = app;
  let day = 0;
  /** A guest at Ace's booking page, and a court free on a day of the test's own (each test books another day, from the third on, in turn). */
  const guestWithCourt = async () => {
    const b = new Browser(app.t.server);
    await b.enterCompany('ACE');
    const options = await b.get<{ today: string; lastDay: string }>('/api/ob/options');
    expect(options.status).toBe(200);
    const date = new Date(`${options.body.today}T00:00:00Z`);
    const days = (Date.parse(options.body.lastDay) - date.getTime()) / 86_400_000;
    date.setUTCDate(date.getUTCDate() + 3 + (day++ % (days - 2)));
    const iso = date.toISOString().slice(0, 10);
    const slots = await b.get<Slots>(`/api/ob/availability?venue_id=1&booking_type_id=1&date=${iso}`);
    const slot = slots.body.slots.find((s) => s.freeCourts.length > 0)!;
    return { b, booking: { venue_id: 1, booking_type_id: 1, date: iso, time: slot.time, court: slot.freeCourts[0]! }, endTime: slot.endTime };
  };
  const tokenise = async (b: Browser, number: string = TEST_CARDS.ok) => {
    const res = await b.post<{ id: string }>('/sim-gateway/v1/guest-tokens', { number, exp_month: 12, exp_year: 2099, cvc: '123' });
    expect(res.status).toBe(200);
    return res.body.id;
  };
  const guest = () => ({ FirstName: 'Jordan', LastName: 'Lee', Email: `guest.${crypto.randomBytes(4).toString('hex')}@example.com`, Phone: '+1 201 555 0188' });
  const book = (b: Browser, body: unknown, k = key()) => b.post<Answer>('/api/ob/book', body, { 'idempotency-key': k });
  const bookingsOn = (booking: { date: string; court: string; time: string }) =>
    db()
      .selectFrom('bookings')
      .select(['status', 'client_id'])
      .where('company_id', '=', app.companyId)
      .where('date', '=', booking.date)
      .where('court', '=', booking.court)
      .where('start_time', '=', booking.time)
      .where('status', 'in', ['held', 'confirmed'])
      .execute();
  const guestRows = (email: string) => db().selectFrom('guest_bookings').selectAll().where('email', '=', email).execute();
  const cancelToken = async (email: string) => /token=([A-Za-z0-9_-]+)/.exec((await app.t.lastMailTo(email))!.text)![1]!;

  it('a guest books and pays for a court with no account: the court is theirs, they are mailed it with a cancel link', async () => {
    const { b, booking } = await guestWithCourt();
    const quote = await b.post<{ totals: { paymentAmountCents: number } }>('/api/ob/quote', { booking });
    expect(quote.status).toBe(200);
    const who = guest();
    const charges = await countCharges(app.t, app.companyId);
    const res = await book(b, { booking, guest: who, captcha: await solvedCaptcha(b), cardToken: await tokenise(b) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payment).toMatchObject({ status: 'completed', amountCents: quote.body.totals.paymentAmountCents });
    expect(res.body.booking).toMatchObject({ date: booking.date, time: booking.time, court: booking.court, status: 'Confirmed', guestName: 'Jordan Lee' });
    expect(await countCharges(app.t, app.companyId)).toBe(charges + 1);
    expect(await bookingsOn(booking)).toEqual([{ status: 'confirmed', client_id: expect.any(Number) }]);
    // No account: nobody signs in as the guest, and their address has no sign-in here.
    expect((await b.get('/api/customer/me')).status).toBe(401);
    expect((await b.post<{ existing_client: boolean }>('/api/ocr/confirm-email', { email: who.Email })).body.existing_client).toBe(false);
    const mail = await app.t.lastMailTo(who.Email);
    expect(mail?.subject).toBe('Your booking with Ace Tennis Academy');
    // ACE's DateFormat (MM/dd/yyyy) and the portal's hh:mm a (decision 080).
    const [y, m, d] = booking.date.split('-');
    expect(mail?.text).toContain(`on ${m}/${d}/${y} from ${clockTime(booking.time)} to `);
    expect(mail?.text).toMatch(/from (0\d|1[0-2]):[0-5]\d [AP]M to (0\d|1[0-2]):[0-5]\d [AP]M\./);
    expect(mail?.text).toMatch(/\/ob\/cancel\?id=\d+&token=/);
    // The court is no longer offered.
    const after = await b.get<Slots>(`/api/ob/availability?venue_id=1&booking_type_id=1&date=${booking.date}`);
    expect(after.body.slots.find((s) => s.time === booking.time)!.freeCourts).not.toContain(booking.court);
  });

  it('a court another family holds, or has booked, is refused at the quote by court, venue, date and time; the quote holds and charges nothing', async () => {
    const { b, booking, endTime } = await guestWithCourt();
    const quote = () => b.post<Answer>('/api/ob/quote', { booking });
    expect((await quote()).status).toBe(200);
    expect(await bookingsOn(booking)).toEqual([]);
    // A family puts the court in its cart (held for it), then pays for it.
    const family = await registerCustomer(app.t, { email: `ob.rival.${crypto.randomBytes(4).toString('hex')}@example.com`, company: 'ACE' });
    expect((await family.browser.call<CartHoldsAnswer>('PUT', '/api/payment/cart-holds', { classItems: [], bookingItems: [booking] })).body.courts).toHaveLength(1);
    const message = `Sorry, ${booking.court}, Riverside Courts, ${formatDate(booking.date, 'MM/dd/yyyy')} ${clockRange(booking.time, endTime)} has just been booked. Please choose another time or court.`;
    const refusal = { code: 'BOOKING_TAKEN', message, errors: [{ field: 'booking', message }] };
    const charges = await countCharges(app.t, app.companyId);
    const held = await quote();
    expect([held.status, held.body]).toEqual([409, refusal]);
    expect(await bookingsOn(booking)).toEqual([{ status: 'held', client_id: family.clientId }]);
    const paid = await family.browser.post<{ status: string }>(
      '/api/payment/checkout',
      { bookingItems: [booking], cardToken: await tokeniseFor(family.browser) },
      { 'idempotency-key': idempotencyKey() },
    );
    expect(paid.body.status).toBe('completed');
    const booked = await quote();
    expect([booked.status, booked.body]).toEqual([409, refusal]);
    expect(await bookingsOn(booking)).toEqual([{ status: 'confirmed', client_id: family.clientId }]);
    expect(await countCharges(app.t, app.companyId)).toBe(charges + 1);
  });

  it('a court another guest has paid for is refused at the quote as booked, never as the guest’s own (all guests book under one client)', async () => {
    const { b, booking, endTime } = await guestWithCourt();
    const first = await book(b, { booking, guest: guest(), captcha: await solvedCaptcha(b), cardToken: await tokenise(b) });
    expect(first.body.payment).toMatchObject({ status: 'completed' });
    const other = new Browser(app.t.server);
    await other.enterCompany('ACE');
    const message = `Sorry, ${booking.court}, Riverside Courts, ${formatDate(booking.date, 'MM/dd/yyyy')} ${clockRange(booking.time, endTime)} has just been booked. Please choose another time or court.`;
    const quoted = await other.post<Answer>('/api/ob/quote', { booking });
    expect([quoted.status, quoted.body]).toEqual([409, { code: 'BOOKING_TAKEN', message, errors: [{ field: 'booking', message }] }]);
  });

  it('the captcha: missing, unsolved or replayed is refused before anything is held; a retry with the key needs no new one and pays once', async () => {
    const { b, booking } = await guestWithCourt();
    const who = guest();
    const card = await tokenise(b);
    const none = await book(b, { booking, guest: who, captcha: 'not-a-solution', cardToken: card });
    expect([none.status, none.body.message]).toEqual([400, 'Please complete the verification']);
    const solution = await solvedCaptcha(b);
    const k = key();
    const first = await book(b, { booking, guest: who, captcha: solution, cardToken: card }, k);
    expect(first.status).toBe(200);
    // The solution is spent: another booking cannot use it.
    const other = await guestWithCourt();
    const replayed = await book(b, { booking: other.booking, guest: guest(), captcha: solution, cardToken: await tokenise(b) });
    expect([replayed.status, replayed.body.message]).toEqual([400, 'The verification failed. Please try again.']);
    expect(await bookingsOn(other.booking)).toEqual([]);
    // The answer was lost: the same request again answers the same payment, charged once.
    const charges = await countCharges(app.t, app.companyId);
    const again = await book(b, { booking, guest: who, captcha: solution, cardToken: card }, k);
    expect([again.status, again.body.payment.PaymentID]).toEqual([200, first.body.payment.PaymentID]);
    expect(await countCharges(app.t, app.companyId)).toBe(charges);
    expect(await guestRows(who.Email)).toHaveLength(1);
    // Other details under the key are refused.
    expect((await book(b, { booking, guest: { ...who, Phone: '+1 201 555 0000' }, captcha: solution, cardToken: card }, k)).status).toBe(422);
  });

  it('a declined card, or a court taken meanwhile: refused, nothing held or kept; two guests for one court at once, one pays', async () => {
    const { b, booking } = await guestWithCourt();
    const who = guest();
    const declinedBody = { booking, guest: who, captcha: await solvedCaptcha(b), cardToken: await tokenise(b, TEST_CARDS.declined) };
    const k = key();
    const declined = await book(b, declinedBody, k);
    expect([declined.status, declined.body.message]).toEqual([402, 'Your card was declined. You have not been charged.']);
    expect(await bookingsOn(booking)).toEqual([]);
    // The answer was lost: the same request is answered the same, and charges nothing.
    expect((await book(b, declinedBody, k)).status).toBe(402);
    // The guest's details are forgotten by the minute job.
    expect((await guestRows(who.Email)).map((r) => r.confirmed_at)).toEqual([null]);
    await runMinuteJobs(app.t.runtime.ctx, new Date(Date.now() + 60 * 60_000));
    expect(await guestRows(who.Email)).toEqual([]);
    const charges = await countCharges(app.t, app.companyId);
    const rivals = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const x = new Browser(app.t.server);
        await x.enterCompany('ACE');
        return { x, body: { booking, guest: guest(), captcha: await solvedCaptcha(x), cardToken: await tokenise(x) } };
      }),
    );
    const answers = await Promise.all(rivals.map((r) => book(r.x, r.body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'BOOKING_TAKEN')).toBe(true);
    expect(await countCharges(app.t, app.companyId)).toBe(charges + 1);
    expect(await bookingsOn(booking)).toHaveLength(1);
    const kept = await db()
      .selectFrom('guest_bookings')
      .select('email')
      .where('company_id', '=', app.companyId)
      .where(
        'email',
        'in',
        rivals.map((r) => r.body.guest.Email),
      )
      .where('confirmed_at', 'is not', null)
      .execute();
    expect(kept).toHaveLength(1);
  });

  it('a declined card: the same solved captcha is taken for the next attempt of that guest, under a new key, three attempts in all', async () => {
    const { b, booking } = await guestWithCourt();
    const who = guest();
    const solution = await solvedCaptcha(b);
    const attempt = async (number: string, g = who, court = booking) => book(b, { booking: court, guest: g, captcha: solution, cardToken: await tokenise(b, number) });
    expect((await attempt(TEST_CARDS.declined)).body.message).toBe('Your card was declined. You have not been charged.');
    // Another guest cannot ride on this guest's captcha.
    const stranger = await attempt(TEST_CARDS.ok, guest());
    expect([stranger.status, stranger.body.code]).toEqual([400, 'CAPTCHA_FAILED']);
    expect(await bookingsOn(booking)).toEqual([]);
    const second = await attempt(TEST_CARDS.insufficient);
    expect([second.status, second.body.message]).toEqual([402, 'Your card has insufficient funds. You have not been charged.']);
    const charges = await countCharges(app.t, app.companyId);
    const third = await attempt(TEST_CARDS.ok);
    expect([third.status, third.body.booking?.status]).toEqual([200, 'Confirmed']);
    expect(await countCharges(app.t, app.companyId)).toBe(charges + 1);
    expect(await guestRows(who.Email)).toHaveLength(3);
    // Paid: the captcha pays for nothing more, not even the same guest's next court.
    const other = await guestWithCourt();
    const fourth = await attempt(TEST_CARDS.ok, who, other.booking);
    expect([fourth.status, fourth.body.code]).toEqual([400, 'CAPTCHA_FAILED']);
    expect(await bookingsOn(other.booking)).toEqual([]);
  });

  it('a captcha carries over a decline only: not an attempt still open, and not past three attempts', async () => {
    const { b, booking } = await guestWithCourt();
    const who = guest();
    const solution = await solvedCaptcha(b);
    const attempt = async (number: string) => book(b, { booking, guest: who, captcha: solution, cardToken: await tokenise(b, number) });
    // An attempt waiting for its challenge step is not over: the captcha is not the next attempt's.
    expect((await attempt(TEST_CARDS.challenge)).body.payment.status).toBe('requires_action');
    expect((await attempt(TEST_CARDS.ok)).body.code).toBe('CAPTCHA_FAILED');

    const next = await guestWithCourt();
    const again = await solvedCaptcha(next.b);
    const declined = async () => book(next.b, { booking: next.booking, guest: who, captcha: again, cardToken: await tokenise(next.b, TEST_CARDS.declined) });
    expect([(await declined()).status, (await declined()).status, (await declined()).status]).toEqual([402, 402, 402]);
    const fourth = await declined();
    expect([fourth.status, fourth.body.code, fourth.body.message]).toEqual([400, 'CAPTCHA_FAILED', 'The verification failed. Please try again.']);
  });

  it('the cancel link shows the booking, cancels it before the cut-off and refunds the card; used twice it is refused', async () => {
    const { b, booking } = await guestWithCourt();
    const who = guest();
    const paid = await book(b, { booking, guest: who, captcha: await solvedCaptcha(b), cardToken: await tokenise(b) });
    expect(paid.status).toBe(200);
    const token = await cancelToken(who.Email);
    const visitor = new Browser(app.t.server);
    await visitor.enterCompany('ACE');
    const shown = await visitor.post<{ booking: { status: string; cancelBy: string | null; paidCents: number | null } }>('/api/ob/booking', { token });
    expect([shown.status, shown.body.booking.status, shown.body.booking.cancelBy !== null]).toEqual([200, 'Confirmed', true]);
    // What the card was charged, tax included: the amount its refund gives back.
    expect(shown.body.booking.paidCents).toBe(paid.body.payment.amountCents);
    const cancelled = await visitor.post<{ booking: { status: string; paidCents: number | null }; message: string }>('/api/ob/cancel', { token });
    expect([cancelled.status, cancelled.body.booking.status, cancelled.body.message]).toEqual([200, 'Cancelled', 'Your booking has been cancelled.']);
    expect(cancelled.body.booking.paidCents).toBe(paid.body.payment.amountCents);
    expect(await bookingsOn(booking)).toEqual([]);
    const charge = await db().selectFrom('gateway_charges').select('status').where('company_id', '=', app.companyId).where('charge_id', '=', paid.body.payment.reference!).executeTakeFirstOrThrow();
    expect(charge.status).toBe('refunded');
    const mail = await app.t.lastMailTo(who.Email);
    expect(mail?.subject).toBe('Booking cancelled: Ace Tennis Academy');
    expect(mail?.text).toContain(`The ${formatCents(paid.body.payment.amountCents, '$')} you paid is refunded to the card you paid with; it can take a few days to appear.`);
    const twice = await visitor.post('/api/ob/cancel', { token });
    expect([twice.status, twice.body.message]).toEqual([404, 'This link is not valid or the booking has already been cancelled.']);
    // Another company's portal does not know the link.
    const elsewhere = new Browser(app.t.server);
    await elsewhere.enterCompany('SPLASH');
    expect((await elsewhere.post('/api/ob/booking', { token })).status).toBe(404);
  });

  it('a free court: booked without a card, and nowhere told of a payment or a refund', async () => {
    const { b, booking } = await guestWithCourt();
    const who = guest();
    let before: unknown;
    await changeCompanySettings<{ booking_types: { BookingTypeID: number; PriceCents?: number }[] }>(app.t, app.companyId, (s) => {
      before = s.booking_types;
      s.booking_types = s.booking_types.map((t) => (t.BookingTypeID === booking.booking_type_id ? { ...t, PriceCents: 0 } : t));
    });
    try {
      const charges = await countCharges(app.t, app.companyId);
      const res = await book(b, { booking, guest: who, captcha: await solvedCaptcha(b) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect([res.body.payment.amountCents, res.body.booking?.paidCents]).toEqual([0, 0]);
      expect(await countCharges(app.t, app.companyId)).toBe(charges);
      const confirmation = (await app.t.lastMailTo(who.Email))!.text;
      expect(confirmation).toContain('Nothing was charged: this booking is free.');
      expect(confirmation).not.toMatch(/You paid|refund/);
      expect(confirmation).toMatch(/Plans changed\? Cancel online until 24 hours before it starts: \S+\/ob\/cancel\?id=\d+&token=/);
      const token = await cancelToken(who.Email);
      const cancelled = await b.post<{ booking: { status: string; paidCents: number | null } }>('/api/ob/cancel', { token });
      expect([cancelled.status, cancelled.body.booking.status, cancelled.body.booking.paidCents]).toEqual([200, 'Cancelled', 0]);
      const mail = (await app.t.lastMailTo(who.Email))!;
      expect(mail.subject).toBe('Booking cancelled: Ace Tennis Academy');
      expect(mail.text).toMatch(/\) is cancelled\.\s/);
      expect(mail.text).not.toMatch(/refund|paid/);
    } finally {
      await changeCompanySettings<{ booking_types: unknown }>(app.t, app.companyId, (s) => {
        s.booking_types = before;
      });
    }
  });

  it('the same request sent six times at once: one booking, one charge, one confirmation e-mail', async () => {
    const { b, booking } = await guestWithCourt();
    const body = { booking, guest: guest(), captcha: await solvedCaptcha(b), cardToken: await tokenise(b) };
    const k = key();
    const charges = await countCharges(app.t, app.companyId);
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => book(b, body, k)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.payment.PaymentID)).size).toBe(1);
    expect(answers.filter((a) => a.body.cancelUrl !== null)).toHaveLength(1);
    expect(await countCharges(app.t, app.companyId)).toBe(charges + 1);
    expect(await bookingsOn(booking)).toHaveLength(1);
    await app.t.lastMailTo(body.guest.Email);
    expect(app.t.mailbox.received.filter((m) => m.to === body.guest.Email)).toHaveLength(1);
  });

  it('after the cut-off the link shows the booking but no longer cancels it', async () => {
    const { b, booking } = await guestWithCourt();
    const who = guest();
    expect((await book(b, { booking, guest: who, captcha: await solvedCaptcha(b), cardToken: await tokenise(b) })).status).toBe(200);
    const token = await cancelToken(who.Email);
    // This database's Ace takes cancellations until a month before, for this test.
    let before: unknown;
    await changeCompanySettings<{ booking_setup: Record<string, unknown> }>(app.t, app.companyId, (s) => {
      before = s.booking_setup.CancelCutoffHours;
      s.booking_setup = { ...s.booking_setup, CancelCutoffHours: 24 * 30 };
    });
    // Booked two months ago, when it could still be cancelled online.
    await app.t.runtime.ctx.db
      .updateTable('guest_bookings')
      .set({ created_at: new Date(Date.now() - 60 * 86_400_000).toISOString() })
      .where('company_id', '=', app.companyId)
      .where('email', '=', who.Email)
      .execute();
    try {
      const shown = await b.post<{ booking: { cancelBy: string | null; status: string; bookedInsideCutoff: boolean } }>('/api/ob/booking', { token });
      // Booked while it could be cancelled online: the page says until when that was.
      expect([shown.body.booking.status, shown.body.booking.cancelBy, shown.body.booking.bookedInsideCutoff]).toEqual(['Confirmed', null, false]);
      const late = await b.post('/api/ob/cancel', { token });
      expect([late.status, late.body.message]).toEqual([409, 'Bookings can be cancelled online until 720 hours before they start.']);
      expect(await bookingsOn(booking)).toHaveLength(1);
    } finally {
      await changeCompanySettings<{ booking_setup: Record<string, unknown> }>(app.t, app.companyId, (s) => {
        s.booking_setup = { ...s.booking_setup, CancelCutoffHours: before };
      });
    }
  });

  it('a court booked after its cut-off: the e-mail says it cannot be cancelled online, and links to it to see', async () => {
    const { b, booking } = await guestWithCourt();
    const who = guest();
    let before: unknown;
    await changeCompanySettings<{ booking_setup: Record<string, unknown> }>(app.t, app.companyId, (s) => {
      before = s.booking_setup.CancelCutoffHours;
      s.booking_setup = { ...s.booking_setup, CancelCutoffHours: 24 * 30 };
    });
    try {
      const res = await book(b, { booking, guest: who, captcha: await solvedCaptcha(b), cardToken: await tokenise(b) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.booking?.cancelBy).toBeNull();
      // Never cancellable online: the link's page says so, not until when it was.
      expect(res.body.booking?.bookedInsideCutoff).toBe(true);
      const shown = await b.post<{ booking: { bookedInsideCutoff: boolean } }>('/api/ob/booking', { token: await cancelToken(who.Email) });
      expect(shown.body.booking.bookedInsideCutoff).toBe(true);
      const mail = (await app.t.lastMailTo(who.Email))!.text;
      expect(mail).not.toContain('Cancel online');
      expect(mail).toMatch(/It starts within 720 hours, so it cannot be cancelled online: please contact Ace Tennis Academy if your plans change\. See your booking: \S+\/ob\/cancel\?id=\d+&token=/);
    } finally {
      await changeCompanySettings<{ booking_setup: Record<string, unknown> }>(app.t, app.companyId, (s) => {
        s.booking_setup = { ...s.booking_setup, CancelCutoffHours: before };
      });
    }
  });

  it('a card that asks for a challenge: the court is held while the guest approves it, then the same request completes', async () => {
    const { b, booking } = await guestWithCourt();
    const body = { booking, guest: guest(), captcha: await solvedCaptcha(b), cardToken: await tokenise(b, TEST_CARDS.challenge) };
    const k = key();
    const first = await book(b, body, k);
    expect([first.status, first.body.payment.status, first.body.booking]).toEqual([200, 'requires_action', null]);
    expect(await bookingsOn(booking)).toEqual([{ status: 'held', client_id: expect.any(Number) }]);
    const id = first.body.payment.challenge!.id;
    expect((await b.post(`/sim-gateway/v1/guest-challenges/${id}`, { approve: true })).status).toBe(200);
    const done = await book(b, body, k);
    expect([done.status, done.body.payment.status, done.body.booking?.status]).toEqual([200, 'completed', 'Confirmed']);
  });

  it('another guest cannot take over a court held in a guest’s card check; the same guest, back from it, can', async () => {
    const { b, booking } = await guestWithCourt();
    const first = guest();
    const held = await book(b, { booking, guest: first, captcha: await solvedCaptcha(b), cardToken: await tokenise(b, TEST_CARDS.challenge) });
    expect(held.body.payment.status).toBe('requires_action');
    // The quote cannot tell one guest from another: a guest's card check does not refuse it (the same guest may be back from it).
    expect((await b.post('/api/ob/quote', { booking })).status).toBe(200);
    // Every guest pays as the company's one guest client: a stranger for the same court is refused, the first check untouched.
    const stranger = new Browser(app.t.server);
    await stranger.enterCompany('ACE');
    const refused = await book(stranger, { booking, guest: guest(), captcha: await solvedCaptcha(stranger), cardToken: await tokenise(stranger) });
    expect(refused.status).toBe(409);
    expect(await bookingsOn(booking)).toEqual([{ status: 'held', client_id: expect.any(Number) }]);
    expect((await b.get<{ status: string }>(`/sim-gateway/v1/guest-challenges/${held.body.payment.challenge!.id}`)).body.status).toBe('pending');
    // The first guest presses Back and pays again, with another card: the court is theirs.
    const again = await book(b, { booking, guest: first, captcha: await solvedCaptcha(b), cardToken: await tokenise(b) });
    expect([again.status, again.body.payment.status, again.body.booking?.status]).toEqual([200, 'completed', 'Confirmed']);
  });

  it('a process killed after the charge: the minute job confirms the booking and mails the guest', async () => {
    const { b, booking } = await guestWithCourt();
    const who = guest();
    setPaymentFaults(app.t.runtime.ctx, {
      afterCharge: () => {
        throw new Error('process killed');
      },
    });
    const killed = await book(b, { booking, guest: who, captcha: await solvedCaptcha(b), cardToken: await tokenise(b) });
    setPaymentFaults(app.t.runtime.ctx, undefined);
    expect(killed.status).toBe(500);
    expect((await guestRows(who.Email))[0]?.confirmed_at).toBeNull();
    await runMinuteJobs(app.t.runtime.ctx, new Date(Date.now() + 60 * 60_000));
    expect((await guestRows(who.Email))[0]?.confirmed_at).not.toBeNull();
    expect(await bookingsOn(booking)).toEqual([{ status: 'confirmed', client_id: expect.any(Number) }]);
    expect((await app.t.lastMailTo(who.Email))?.subject).toBe('Your booking with Ace Tennis Academy');
  });

  it('names bad guest details and refuses a company that takes no bookings online', async () => {
    const { b, booking } = await guestWithCourt();
    const bad = await book(b, { booking, guest: { FirstName: '', LastName: 'Lee', Email: 'nope', Phone: '12' }, captcha: await solvedCaptcha(b) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'guest.FirstName', message: 'First name is required' },
      { field: 'guest.Email', message: 'Invalid email address' },
      { field: 'guest.Phone', message: 'Enter a phone number of 6 to 20 digits' },
    ]);
    // No Idempotency-Key, or one too short: refused on the header, nothing held.
    const body = { booking, guest: guest(), captcha: await solvedCaptcha(b) };
    for (const headers of [undefined, { 'idempotency-key': 'short' }]) {
      const keyless = await b.post<Answer>('/api/ob/book', body, headers);
      expect([keyless.status, keyless.body.code, keyless.body.errors?.[0]?.field]).toEqual([400, 'VALIDATION', 'idempotency-key']);
    }
    expect(await bookingsOn(booking)).toEqual([]);
    const own = await ownCompany(app.t);
    await changeCompanySettings(app.t, own.companyId, (s) => {
      s.switches!.ShowBookingsTab = false;
    });
    const elsewhere = new Browser(app.t.server);
    await elsewhere.enterCompany(own.code);
    const closed = await elsewhere.get('/api/ob/options');
    expect([closed.status, closed.body.message]).toEqual([403, 'Online booking is not available']);
  });
});
