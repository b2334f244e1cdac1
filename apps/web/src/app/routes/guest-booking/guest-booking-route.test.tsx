// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { Availability } from '@portal/shared/bookings-schemas';
import type { GuestBookingAnswer, GuestBookingOptions, GuestBookingRequest } from '@portal/shared/guest-booking-schemas';
import type { GatewayChallenge, GatewayToken, PaymentAnswer, QuoteAnswer } from '@portal/shared/payment-schemas';
import { PAYMENT_BREAKDOWN_KEYS } from '@portal/shared/pricing/pricing-types';
import { decodeCaptcha, serveCaptchaChallenges, SOLVED_AT } from '@/test/captcha';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { stripeJs } from '@/test/stripe-js';
import GuestBookingRoute from './guest-booking-route';

vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-js')).stripeJsModule);
installMockServer();
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // A phone's width: the free times in three columns.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const config = formTestConfig({
  CustomerID: 2002,
  CompanyDisplayName: 'Ace Tennis Academy',
  CourtText: 'Court',
  fin_setup: { ReceiptTitle: 'Receipt', Currency: 'USD', TaxRatePercent: 8.875, TaxInclusive: false, TaxName: 'Sales tax' },
  booking_setup: { AdvanceBookingDays: 14, CancelCutoffHours: 24, HoldMinutes: 10 },
  localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy' },
});

const options: GuestBookingOptions = {
  today: '2030-03-04',
  lastDay: '2030-03-06',
  timeInterval: 30,
  cancelCutoffHours: 24,
  cardPaymentsAvailable: true,
  venues: [{ VenueID: 1, Name: 'Riverside Courts', Address: '1 River Rd', Courts: ['Court 1', 'Court 2'] }],
  bookingTypes: [
    { BookingTypeID: 1, Name: 'Court hire (1 hour)', DurationMinutes: 60, PriceCents: 4000, PriceRanges: [{ VenueID: 1, LowestPriceCents: 4000, HighestPriceCents: 4000 }], VenueIDs: [] },
  ],
};

const availability: Availability = {
  date: '2030-03-05',
  venueId: 1,
  bookingTypeId: 1,
  durationMinutes: 60,
  priceCents: 4000,
  slots: [
    { time: '07:00', endTime: '08:00', freeCourts: ['Court 1', 'Court 2'], priceCents: 4000 },
    { time: '07:30', endTime: '08:30', freeCourts: [], priceCents: 4000 },
  ],
};

/** The court at $40 with $3.55 tax in it and a $0.95 card surcharge: $44.50 to pay. */
const quote: QuoteAnswer = {
  rows: [
    {
      id: 'r1',
      invoiceNo: 'NEW',
      type: 'Custom',
      lineId: 'b1',
      breakdownKey: null,
      description: 'Court hire (1 hour) – Court 2',
      quantity: 1,
      unitPriceCents: 4355,
      amountCents: 4355,
      taxCents: 355,
      totalCents: 4355,
    },
    {
      id: 'r2',
      invoiceNo: 'NEW',
      type: 'Credit Card Surcharge',
      lineId: null,
      breakdownKey: null,
      description: 'Credit Card Surcharge',
      quantity: 1,
      unitPriceCents: 95,
      amountCents: 95,
      taxCents: 0,
      totalCents: 95,
    },
  ],
  invoices: [],
  paymentBreakdown: Object.fromEntries(PAYMENT_BREAKDOWN_KEYS.map((k) => [k, 0])) as QuoteAnswer['paymentBreakdown'],
  totals: {
    ...{ autoDiscountCents: 0, earlyPaymentDiscountCents: 0, discountCodeCents: 0, cardFeeAmountCents: 30, cardFeePercentageBasisPoints: 150, customerCreditsCents: 0 },
    subtotalCents: 4000,
    taxName: 'Sales tax',
    taxInclusive: false,
    totalTaxCents: 355,
    surchargeCents: 95,
    totalCents: 4450,
    paymentAmountCents: 4450,
  },
  discountCodes: [],
  creditsUsed: [],
  currencySymbol: '$',
  cardPaymentsAvailable: true,
  stripePublishableKey: null,
};

const payment = (change: Partial<PaymentAnswer> = {}): PaymentAnswer => ({
  PaymentID: 9,
  status: 'completed',
  amountCents: 4450,
  currencySymbol: '$',
  processor: 'simulated',
  reference: 'ch_ref',
  invoiceNos: ['INV-9'],
  receiptNo: 'RCT-200003',
  card: null,
  items: [],
  challenge: null,
  holdExpiresAt: null,
  ...change,
});
const booked = (): GuestBookingAnswer => ({
  success: true,
  payment: payment(),
  booking: {
    date: '2030-03-05',
    time: '07:00',
    endTime: '08:00',
    venue: 'Riverside Courts',
    court: 'Court 2',
    bookingType: 'Court hire (1 hour)',
    priceCents: 4000,
    cancelBy: '2030-03-04T07:00:00.000Z',
    status: 'Confirmed',
    guestName: 'Jordan Lee',
    bookedInsideCutoff: false,
    paidCents: 4000,
  },
  cancelUrl: 'http://localhost:3000/ob/cancel?id=2002&token=tok3nOfTheLink_abcdefghijklmnop',
});

/** The page's calls, with captcha challenges a test solves at once; answers the quotes asked for and the challenges served. */
function serveBasics() {
  const quotes: unknown[] = [];
  const challenges = serveCaptchaChallenges();
  server.use(
    http.get<never, never, GuestBookingOptions>('/api/ob/options', () => HttpResponse.json(options)),
    http.get<never, never, Availability>('/api/ob/availability', ({ request }) => HttpResponse.json({ ...availability, date: new URL(request.url).searchParams.get('date')! })),
    http.post<never, { booking: unknown }, QuoteAnswer>('/api/ob/quote', async ({ request }) => {
      quotes.push(await request.json());
      return HttpResponse.json(quote);
    }),
    http.post<never, never, GatewayToken>('/sim-gateway/v1/guest-tokens', () =>
      HttpResponse.json({ id: `tok_guest${Math.random().toString(36).slice(2, 10)}`, card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 } }),
    ),
  );
  return { quotes, challenges };
}

/** Every booking request with its Idempotency-Key; each is answered by the next of `answers`, the last one repeating. */
function serveBook(...answers: (() => HttpResponse<GuestBookingAnswer | ApiError>)[]) {
  const sent: { key: string; body: GuestBookingRequest }[] = [];
  const queue = [...answers];
  server.use(
    http.post<never, GuestBookingRequest, GuestBookingAnswer | ApiError>('/api/ob/book', async ({ request }) => {
      sent.push({ key: request.headers.get('Idempotency-Key') ?? '', body: await request.json() });
      return (queue.length > 1 ? queue.shift()! : queue[0]!)();
    }),
  );
  return sent;
}

const renderPage = () => renderRoute(<GuestBookingRoute />, { url: '/ob?id=2002', config });

/** What the checkout's history entry keeps: Tuesday 07:00 on Court 2. */
const CHOSEN = { venueId: 1, typeId: 1, date: '2030-03-05', slot: { time: '07:00', endTime: '08:00', court: 'Court 2', priceCents: 4000 } };

/** The page with the browser's Back and Forward as buttons (the memory router's history). */
function BrowserMoves() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => void navigate(-1)}>Browser back</button>
      <button onClick={() => void navigate(1)}>Browser forward</button>
    </>
  );
}
const renderWithHistoryButtons = () =>
  renderRoute(
    <>
      <GuestBookingRoute />
      <BrowserMoves />
    </>,
    { url: '/ob?id=2002', config },
  );

/** Tuesday, 07:00 on Court 2, then on to the checkout and its price. */
async function chooseSlot() {
  fireEvent.click(await screen.findByRole('button', { name: '05/03/2030' }));
  fireEvent.click(await screen.findByRole('button', { name: /^07:00 AM,/ }));
  fireEvent.click(await screen.findByRole('button', { name: 'Court 2 at 07:00 AM' }));
  fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
  await screen.findByTestId('amount-to-pay');
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function solveCaptcha() {
  fireEvent.click(await screen.findByRole('checkbox', { name: 'I’m not a robot' }));
  await screen.findByText('Verified');
}

function fillDetails() {
  change('First name', 'Jordan');
  change('Last name', 'Lee');
  change('Email', 'jordan@example.com');
  change('Phone', '+1 201 555 0188');
}

function fillCard() {
  change('Name on card', 'Jordan Lee');
  change('Card number', '4242424242424242');
  change('Expiry (MM/YYYY)', '12/2030');
  change('Security code', '123');
}

/** Pay (or Book now), once the button takes a click: while an earlier step is still busy it is disabled, and a click then does nothing. */
async function pay(name = 'Pay $44.50') {
  const button = screen.getByRole('button', { name });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

/** The whole checkout filled in, the captcha solved, and Pay. */
async function payAsJordan() {
  fillDetails();
  await solveCaptcha();
  fillCard();
  await pay();
}

/** The message shown under a field: the element its input names in aria-describedby. */
function fieldMessage(label: string): string {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('the public booking page (/ob)', () => {
  it('a company that takes no bookings online (403): the page says online booking is not available, and offers no pickers', async () => {
    server.use(http.get<never, never, ApiError>('/api/ob/options', () => HttpResponse.json({ message: 'Online booking is not available', code: 'FEATURE_DISABLED' }, { status: 403 })));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Online booking is not available' })).toBeTruthy();
    expect(screen.getByText('Ace Tennis Academy is not taking bookings online at the moment.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Day' })).toBeNull();
  });

  it('choosing a day, a time and a court, then Continue: that court is quoted and its price shown with the card surcharge and the tax', async () => {
    const { quotes } = serveBasics();
    renderPage();
    // A start time with no free court is not offered.
    fireEvent.click(await screen.findByRole('button', { name: '05/03/2030' }));
    const seven = await screen.findByRole('button', { name: '07:00 AM, 2 courts free, $40.00' });
    expect(screen.queryByRole('button', { name: /^07:30 AM,/ })).toBeNull();
    expect((screen.getByRole('button', { name: /Continue/ }) as HTMLButtonElement).disabled).toBe(true);
    // The time comes first: choosing it takes its first free court, and opens its courts to choose another.
    expect(screen.queryByRole('button', { name: 'Court 1 at 07:00 AM' })).toBeNull();
    fireEvent.click(seven);
    expect(seven.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Court 1 at 07:00 AM' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('button', { name: /Continue/ }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Court 2 at 07:00 AM' }));
    expect(screen.getByRole('button', { name: 'Court 1 at 07:00 AM' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Court 2 at 07:00 AM' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    expect((await screen.findByTestId('amount-to-pay')).textContent).toBe('$44.50');
    // The focus moves to the checkout's first heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your details' }));
    expect(quotes).toEqual([{ booking: { venue_id: 1, booking_type_id: 1, date: '2030-03-05', time: '07:00', court: 'Court 2' } }]);
    const price = screen.getByRole('complementary', { name: 'Your booking and its price' });
    expect(within(price).getByText('Credit Card Surcharge ($0.30 + 1.5%)')).toBeTruthy();
    expect(within(price).getByText('Sales tax')).toBeTruthy();
    expect(within(price).getByText('05/03/2030 · 07:00 AM - 08:00 AM')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $44.50' })).toBeTruthy();
  });

  it('field errors: the details are checked with the card, and the server’s errors for guest.* stand under their fields', async () => {
    serveBasics();
    const sent = serveBook(() =>
      HttpResponse.json<ApiError>(
        {
          message: 'This address cannot receive mail',
          code: 'VALIDATION',
          errors: [
            { field: 'guest.Email', message: 'This address cannot receive mail' },
            { field: 'guest.Phone', message: 'Enter a phone number of 6 to 20 digits' },
          ],
        },
        { status: 400 },
      ),
    );
    renderPage();
    await chooseSlot();
    await pay();
    expect(await screen.findByText('First name is required')).toBeTruthy();
    await waitFor(() => expect(fieldMessage('Last name')).toBe('Last name is required'));
    expect(screen.getByText('Please complete the verification')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await payAsJordan();
    await waitFor(() => expect(fieldMessage('Email')).toBe('This address cannot receive mail'));
    await waitFor(() => expect(fieldMessage('Phone')).toBe('Enter a phone number of 6 to 20 digits'));
    // Placed under their fields, the messages are not repeated in the error box.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent[0]!.body.guest).toEqual({ FirstName: 'Jordan', LastName: 'Lee', Email: 'jordan@example.com', Phone: '+1 201 555 0188' });
    expect(screen.queryByText('You’re booked')).toBeNull();
  });

  it('a declined card: the server’s message is shown and nothing is booked; the captcha stays solved and the next card goes under a new key', async () => {
    const { challenges } = serveBasics();
    const sent = serveBook(
      () => HttpResponse.json<ApiError>({ message: 'Your card was declined.', code: 'card_declined' }, { status: 402 }),
      () => HttpResponse.json(booked()),
    );
    renderPage();
    await chooseSlot();
    await payAsJordan();
    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(screen.queryByText('You’re booked')).toBeNull();
    // The server takes the same solution for the next attempt (decision 082): the box stays ticked.
    expect((screen.getByRole('checkbox', { name: 'Verified' }) as HTMLInputElement).checked).toBe(true);
    fillCard();
    await pay();
    expect(await screen.findByRole('heading', { name: 'You’re booked' })).toBeTruthy();
    // The court's price is before the tax added on top; what was paid includes it.
    expect(within(screen.getByRole('region', { name: 'Your booking' })).getByText('Price before Sales tax')).toBeTruthy();
    expect(screen.queryByText('Please complete the verification')).toBeNull();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[1]!.key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(sent[1]!.body.cardToken).not.toBe(sent[0]!.body.cardToken);
    expect(challenges).toHaveLength(1);
    expect(decodeCaptcha(sent[0]!.body.captcha)).toEqual({ nonce: challenges[0]!.parameters.nonce, counter: SOLVED_AT });
    expect(sent[1]!.body.captcha).toBe(sent[0]!.body.captcha);
  });

  it('the server no longer takes the captcha (its attempts used up, or expired): the box is unticked with its message, and a fresh one pays', async () => {
    const { challenges } = serveBasics();
    const sent = serveBook(
      () => HttpResponse.json<ApiError>({ message: 'Your card was declined.', code: 'card_declined' }, { status: 402 }),
      () =>
        HttpResponse.json<ApiError>(
          { message: 'The verification failed. Please try again.', code: 'CAPTCHA_FAILED', errors: [{ field: 'captcha', message: 'The verification failed. Please try again.' }] },
          { status: 400 },
        ),
      () => HttpResponse.json(booked()),
    );
    renderPage();
    await chooseSlot();
    await payAsJordan();
    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    fillCard();
    await pay();
    expect(await screen.findByText('The verification failed. Please try again.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'I’m not a robot' }) as HTMLInputElement).checked).toBe(false));
    await solveCaptcha();
    fillCard();
    await pay();
    expect(await screen.findByRole('heading', { name: 'You’re booked' })).toBeTruthy();
    expect(sent).toHaveLength(3);
    expect(challenges).toHaveLength(2);
    expect(decodeCaptcha(sent[2]!.body.captcha)).toEqual({ nonce: challenges[1]!.parameters.nonce, counter: SOLVED_AT });
  });

  it('an answer lost on the way back is asked again under the same key by itself: the guest sees the booking, no error', async () => {
    serveBasics();
    const sent = serveBook(
      () => HttpResponse.error() as HttpResponse<ApiError>,
      () => HttpResponse.json(booked()),
    );
    renderPage();
    await chooseSlot();
    await payAsJordan();
    expect(await screen.findByRole('heading', { name: 'You’re booked' }, { timeout: 5_000 })).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['no answer came, asked three times (the connection is down)', [1, 2, 3].map(() => () => HttpResponse.error() as HttpResponse<ApiError>)],
    ['the server failed (500)', [() => HttpResponse.json<ApiError>({ message: 'Something went wrong. Please try again.', code: 'SERVER_ERROR' }, { status: 500 })]],
  ])(
    '%s: the captcha stays solved, and Pay sends the same request again under the same key',
    async (_, failures) => {
      serveBasics();
      let tokens = 0;
      server.use(
        http.post<never, never, GatewayToken>('/sim-gateway/v1/guest-tokens', () => {
          tokens += 1;
          return HttpResponse.json({ id: `tok_guest${tokens}abcdefgh`, card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 } });
        }),
      );
      const sent = serveBook(...failures, () => HttpResponse.json(booked()));
      renderPage();
      await chooseSlot();
      await payAsJordan();
      expect(await screen.findByRole('alert', undefined, { timeout: 6_000 })).toBeTruthy();
      expect(screen.queryByText('You’re booked')).toBeNull();
      expect(sent).toHaveLength(failures.length);
      expect((screen.getByRole('checkbox', { name: 'Verified' }) as HTMLInputElement).checked).toBe(true);
      await pay();
      expect(await screen.findByRole('heading', { name: 'You’re booked' })).toBeTruthy();
      expect(sent).toHaveLength(failures.length + 1);
      expect(new Set(sent.map((x) => JSON.stringify(x)))).toEqual(new Set([JSON.stringify(sent[0])]));
      expect(tokens).toBe(1);
    },
    10_000,
  );

  it('a card with a challenge step: approved at the guest challenge route, the same body goes again under the same key, and the booking is confirmed', async () => {
    serveBasics();
    const decisions: { id: string; approve: boolean }[] = [];
    server.use(
      http.post<{ id: string }, { approve: boolean }, GatewayChallenge>('/sim-gateway/v1/guest-challenges/:id', async ({ params, request }) => {
        decisions.push({ id: params.id, approve: (await request.json()).approve });
        return HttpResponse.json({ id: params.id, amountCents: 4450, currency: 'USD', status: 'approved' });
      }),
    );
    const holdExpiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const sent = serveBook(
      () =>
        HttpResponse.json<GuestBookingAnswer>({
          success: true,
          payment: payment({ status: 'requires_action', challenge: { id: 'ch_guest12345678', amountCents: 4450 }, holdExpiresAt, receiptNo: null }),
          booking: null,
          cancelUrl: null,
        }),
      () => HttpResponse.json(booked()),
    );
    renderPage();
    await chooseSlot();
    await payAsJordan();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(dialog).getByTestId('hold-countdown').textContent).toMatch(/held for (10 min|9 min 5\d s)/);
    // Read out in words, not "min" and "s".
    expect(within(dialog).getByRole('timer').getAttribute('aria-label')).toMatch(/^(10 minutes|9 minutes 5\d seconds)$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'You’re booked' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'You’re booked' })));
    expect(decisions).toEqual([{ id: 'ch_guest12345678', approve: true }]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]!.body.cardToken).toMatch(/^tok_guest/);
    // The confirmation: what was booked, where it was sent, what was paid.
    expect(screen.getByText('jordan@example.com')).toBeTruthy();
    expect(screen.getByText('RCT-200003')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Your booking' })).getByText('Court 2')).toBeTruthy();
    // The link of the e-mail is on the page too.
    expect(screen.getByRole('link', { name: 'View or cancel this booking' }).getAttribute('href')).toBe('/ob/cancel?id=2002&token=tok3nOfTheLink_abcdefghijklmnop');
  });

  it('decision 103: a company on Stripe takes the card in the Payment Element; the booking carries the payment method Stripe.js made, and Stripe.js takes the 3-D Secure step before the same booking goes again', async () => {
    stripeJs.reset();
    serveBasics();
    server.use(http.post<never, never, QuoteAnswer>('/api/ob/quote', () => HttpResponse.json({ ...quote, stripePublishableKey: 'pk_test_ace' })));
    const sent = serveBook(
      () =>
        HttpResponse.json<GuestBookingAnswer>({
          success: true,
          payment: payment({ processor: 'stripe', status: 'requires_action', challenge: { id: 'pi_9_secret_x', amountCents: 4450 }, receiptNo: null }),
          booking: null,
          cancelUrl: null,
        }),
      () => HttpResponse.json(booked()),
    );
    renderPage();
    await chooseSlot();
    fillDetails();
    await solveCaptcha();
    // No card field of the page's own: the card goes into Stripe's frame.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await pay();
    expect(await screen.findByRole('heading', { name: 'You’re booked' })).toBeTruthy();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_ace');
    expect(stripeJs.argsOf('stripe.handleNextAction')?.[0]).toEqual({ clientSecret: 'pi_9_secret_x' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]!.body.cardToken).toBe(stripeJs.paymentMethod);
  });

  it('Pay pressed while the check is still verifying books once it is verified, with its answer', async () => {
    const { challenges } = serveBasics();
    let release = () => {};
    const fetched = new Promise<void>((resolve) => (release = resolve));
    // The challenge is slow to come: the widget says it is verifying meanwhile.
    server.use(
      http.get('/api/company/captcha-challenge', async () => {
        await fetched;
        return undefined;
      }),
    );
    const sent = serveBook(() => HttpResponse.json<GuestBookingAnswer>(booked()));
    renderPage();
    await chooseSlot();
    fillDetails();
    fillCard();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I’m not a robot' }));
    await screen.findByText('Verifying...');
    await pay();
    expect(screen.queryByText('Please complete the verification')).toBeNull();
    release();
    expect(await screen.findByRole('heading', { name: 'You’re booked' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(decodeCaptcha(sent[0]!.body.captcha)).toEqual({ nonce: challenges[0]!.parameters.nonce, counter: SOLVED_AT });
  });

  it('a time that starts inside the cancellation cut-off says so before paying, and its confirmation offers no cancel', async () => {
    // The evening before: Tuesday 07:00 starts within the company’s 24 hours.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-04T18:00:00Z'));
    try {
      serveBasics();
      serveBook(() => HttpResponse.json<GuestBookingAnswer>({ ...booked(), booking: { ...booked().booking!, cancelBy: null } }));
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: '05/03/2030' }));
      fireEvent.click(await screen.findByRole('button', { name: /^07:00 AM,/ }));
      fireEvent.click(await screen.findByRole('button', { name: 'Court 2 at 07:00 AM' }));
      expect(screen.getByText('It starts within 24 hours, so it cannot be cancelled online.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
      await screen.findByTestId('amount-to-pay');
      expect(screen.getByText('We e-mail your booking to you.')).toBeTruthy();
      await payAsJordan();
      expect(await screen.findByRole('heading', { name: 'You’re booked' })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('You’re bookedWe have sent the booking to jordan@example.com.');
      expect(screen.getByText('It starts within 24 hours, so it cannot be cancelled online. Please contact Ace Tennis Academy if your plans change.')).toBeTruthy();
      expect(screen.queryByText(/Plans changed/)).toBeNull();
      expect(screen.getByRole('link', { name: 'View this booking' }).getAttribute('href')).toBe('/ob/cancel?id=2002&token=tok3nOfTheLink_abcdefghijklmnop');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a free court: no card asked, Book now books it, and the confirmation speaks of no payment or refund', async () => {
    serveBasics();
    const free = { ...quote, totals: { ...quote.totals, subtotalCents: 0, totalTaxCents: 0, surchargeCents: 0, cardFeeAmountCents: 0, totalCents: 0, paymentAmountCents: 0 } };
    server.use(http.post<never, never, QuoteAnswer>('/api/ob/quote', () => HttpResponse.json(free)));
    const sent = serveBook(() =>
      HttpResponse.json<GuestBookingAnswer>({
        ...booked(),
        payment: payment({ amountCents: 0, processor: 'credit', reference: null, receiptNo: null }),
        booking: { ...booked().booking!, priceCents: 0, paidCents: 0 },
      }),
    );
    renderPage();
    await chooseSlot();
    expect(screen.getByRole('heading', { name: 'Nothing to pay' })).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fillDetails();
    await solveCaptcha();
    await pay('Book now');
    expect(await screen.findByRole('heading', { name: 'You’re booked' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.cardToken).toBeUndefined();
    expect(screen.getByText('Nothing: this booking is free')).toBeTruthy();
    expect(screen.getByText(/^Plans changed\? Cancel online until 04\/03\/2030 \d\d:\d\d [AP]M\.$/)).toBeTruthy();
    expect(screen.queryByText(/refund/)).toBeNull();
  });

  it('a court taken meanwhile (409): back to the free times with the server’s message, the chosen court let go', async () => {
    serveBasics();
    serveBook(() => HttpResponse.json<ApiError>({ message: 'Sorry, that court has just been booked. Please choose another time or court.', code: 'BOOKING_TAKEN' }, { status: 409 }));
    renderPage();
    await chooseSlot();
    await payAsJordan();
    expect((await screen.findByRole('alert')).textContent).toContain('Sorry, that court has just been booked. Please choose another time or court.');
    expect(screen.getByRole('group', { name: 'Day' })).toBeTruthy();
    // Focus moves to the step's heading once the step has rendered (an effect after the alert).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose a day and a time' })));
    expect((await screen.findByRole('button', { name: /^07:00 AM,/ })).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Court 2 at 07:00 AM' })).toBeNull();
    expect((screen.getByRole('button', { name: /Continue/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('decision 127: a court taken before the checkout is refused at its quote (409): back to the free times, read again, with the message naming it; nothing is booked', async () => {
    serveBasics();
    const sent = serveBook(() => HttpResponse.json(booked()));
    const taken = 'Sorry, Court 2, Riverside Courts, 05/03/2030 07:00 AM - 08:00 AM has just been booked. Please choose another time or court.';
    let takenNow = false;
    server.use(
      http.post<never, never, ApiError>('/api/ob/quote', () => {
        takenNow = true;
        return HttpResponse.json({ message: taken, code: 'BOOKING_TAKEN', errors: [{ field: 'booking', message: taken }] }, { status: 409 });
      }),
      http.get<never, never, Availability>('/api/ob/availability', () =>
        HttpResponse.json(takenNow ? { ...availability, slots: [{ ...availability.slots[0]!, freeCourts: ['Court 1'] }] } : availability),
      ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '05/03/2030' }));
    fireEvent.click(await screen.findByRole('button', { name: /^07:00 AM,/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Court 2 at 07:00 AM' }));
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));

    expect((await screen.findByRole('alert')).textContent).toContain(taken);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose a day and a time' })));
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    // The times are read again: the court taken is no longer offered, and the guest chooses again.
    const seven = await screen.findByRole('button', { name: '07:00 AM, 1 court free, $40.00' });
    expect(seven.getAttribute('aria-expanded')).toBe('false');
    expect((screen.getByRole('button', { name: /Continue/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(seven);
    expect(screen.getByRole('button', { name: 'Court 1 at 07:00 AM' }).getAttribute('aria-pressed')).toBe('true');
    expect(sent).toHaveLength(0);
  });

  it('the browser’s Back from the checkout returns to the chosen time, not off the page', async () => {
    serveBasics();
    renderWithHistoryButtons();
    await chooseSlot();
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    // Back on the times with the court still chosen (before, Back left the page and the choice with it).
    expect(await screen.findByRole('button', { name: 'Court 2 at 07:00 AM' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Court 2 at 07:00 AM' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a reload on the checkout: the history entry keeps the chosen court, so the checkout opens again at it and quotes it again', async () => {
    const { quotes } = serveBasics();
    renderRoute(<GuestBookingRoute />, { url: '/ob?id=2002', config, state: { guestStep: 'checkout', chosen: CHOSEN } });
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeTruthy();
    await screen.findByTestId('amount-to-pay');
    expect(quotes).toEqual([{ booking: { venue_id: 1, booking_type_id: 1, date: '2030-03-05', time: '07:00', court: 'Court 2' } }]);
  });

  it('a checkout entry that kept no court (or one this page no longer offers): the times, and a court chosen waits for Continue', async () => {
    serveBasics();
    const gone = { ...CHOSEN, venueId: 7 };
    for (const state of [{ guestStep: 'checkout' }, { guestStep: 'checkout', chosen: gone }]) {
      const page = renderRoute(<GuestBookingRoute />, { url: '/ob?id=2002', config, state });
      fireEvent.click(await screen.findByRole('button', { name: '05/03/2030' }));
      fireEvent.click(await screen.findByRole('button', { name: /^07:00 AM,/ }));
      fireEvent.click(await screen.findByRole('button', { name: 'Court 2 at 07:00 AM' }));
      // Before, the entry's step opened the checkout the moment a court was chosen, past the courts and Continue.
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
      expect(screen.getByRole('button', { name: /Continue/ })).toBeTruthy();
      page.unmount();
    }
  });

  it('the browser’s Back from the confirmation: the times read again, the court just booked no longer chosen', async () => {
    serveBasics();
    serveBook(() => HttpResponse.json(booked()));
    renderWithHistoryButtons();
    await chooseSlot();
    await payAsJordan();
    expect(await screen.findByRole('heading', { name: /booked/i })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    // Before, the court stayed chosen with Continue, and Continue said it had "just been booked".
    expect((await screen.findByRole('button', { name: /^07:00 AM,/ })).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Court 2 at 07:00 AM' })).toBeNull();
    expect((screen.getByRole('button', { name: /Continue/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a reload on the checkout keeps the name, e-mail and phone typed (never the card), says so, and Discard empties them', async () => {
    serveBasics();
    const first = renderRoute(<GuestBookingRoute />, { url: '/ob?id=2002', config, state: { guestStep: 'checkout', chosen: CHOSEN } });
    await screen.findByTestId('amount-to-pay');
    fillDetails();
    fillCard();
    // The page ends (the phone dropped the tab while the guest looked up a card): nothing is unmounted.
    const kept = { ...sessionStorage };
    first.unmount();
    Object.assign(sessionStorage, kept);
    renderRoute(<GuestBookingRoute />, { url: '/ob?id=2002', config, state: { guestStep: 'checkout', chosen: CHOSEN } });
    // Before, the guest typed all four again.
    expect(await screen.findByText('We kept the details you had not sent.')).toBeTruthy();
    expect(['First name', 'Last name', 'Email', 'Phone'].map((l) => (screen.getByLabelText(l) as HTMLInputElement).value)).toEqual(['Jordan', 'Lee', 'jordan@example.com', '+1 201 555 0188']);
    expect((screen.queryByLabelText('Card number') as HTMLInputElement | null)?.value ?? '').toBe('');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('4242');
    expect(JSON.stringify({ ...sessionStorage })).toContain('jordan@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Discard it' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('Back from the checkout, another day, then Forward: the checkout of the court no longer chosen is not shown; the times are, and a court waits for Continue', async () => {
    serveBasics();
    renderWithHistoryButtons();
    await chooseSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    fireEvent.click(await screen.findByRole('button', { name: '06/03/2030' }));
    fireEvent.click(screen.getByRole('button', { name: 'Browser forward' }));
    await new Promise((r) => setTimeout(r, 20));
    fireEvent.click(await screen.findByRole('button', { name: /^07:00 AM,/ }));
    await new Promise((r) => setTimeout(r, 20));
    // Before, the checkout opened at once for 06/03 while its entry kept 05/03, Court 2.
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
    expect(screen.getByRole('button', { name: /Continue/ })).toBeTruthy();
  });
});
