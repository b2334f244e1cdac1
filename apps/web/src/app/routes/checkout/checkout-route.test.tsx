// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { delay, http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { WaitlistAnswer } from '@portal/shared/class-schemas';
import type { CartHoldsAnswer, CartHoldsRequest, CartRequest, CheckoutRequest, PaymentAnswer, PaymentDetails, QuoteAnswer } from '@portal/shared/payment-schemas';
import { paths } from '@/config/paths';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { useCartStore, type CartBookingItem } from '@/lib/cart-store';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { CartHoldKeeper } from '@/features/checkout/components/cart-holds';
import { useBellNotifications } from '@/features/notifications/api/get-notifications';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import CheckoutRoute from './checkout-route';
import PaymentRoute from './payment-route';
import PaymentSuccessRoute from './payment-success-route';

installMockServer();
afterEach(() => cleanup());

const config = formTestConfig({
  ShowPaymentDetailsTab: true,
  ShowFinancialsTab: true,
  fin_setup: { InvoiceTitle: 'Invoice', ReceiptTitle: 'Receipt' },
  localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy' },
});

const lane: CartBookingItem = {
  venue_id: 3,
  booking_type_id: 5,
  date: '2030-03-05',
  time: '18:00',
  court: 'Lane 2',
  venue: 'Riverside Pool',
  bookingType: 'Lane hire (1 hour)',
  endTime: '19:00',
  priceCents: 4000,
};

/** The server's price of one lane hire: $40.00 with GST included, a $1.00 card fee, $41.00 to pay. */
const quote: QuoteAnswer = {
  rows: [
    {
      id: 'r1',
      invoiceNo: 'NEW',
      type: 'Custom',
      lineId: 'booking-1',
      breakdownKey: 'Booking',
      description: 'Lane hire (1 hour) – Lane 2, 05/03/2030 18:00',
      quantity: 1,
      unitPriceCents: 4000,
      amountCents: 4000,
      taxCents: 364,
      totalCents: 4000,
    },
    {
      id: 'r2',
      invoiceNo: 'NEW',
      type: 'Credit Card Surcharge',
      lineId: null,
      breakdownKey: null,
      description: 'Card fee',
      quantity: 1,
      unitPriceCents: 100,
      amountCents: 100,
      taxCents: 0,
      totalCents: 100,
    },
  ],
  invoices: [{ invoiceNo: 'NEW', totalCents: 4100, taxCents: 364, creditCents: 0, surchargeCents: 100, paymentAmountCents: 4100, discountCode: null }],
  paymentBreakdown: {} as QuoteAnswer['paymentBreakdown'],
  totals: {
    subtotalCents: 4000,
    autoDiscountCents: 0,
    earlyPaymentDiscountCents: 0,
    discountCodeCents: 0,
    taxName: 'GST',
    taxInclusive: true,
    totalTaxCents: 364,
    cardFeeAmountCents: 100,
    cardFeePercentageBasisPoints: 0,
    surchargeCents: 100,
    totalCents: 4100,
    customerCreditsCents: 0,
    paymentAmountCents: 4100,
  },
  discountCodes: [],
  creditsUsed: [],
  currencySymbol: '$',
  cardPaymentsAvailable: true,
  stripePublishableKey: null,
};

const savedCard: PaymentDetails = {
  PaymentType: 'CreditCardPayments',
  offersCard: true,
  offersBank: false,
  bankFormat: 'AU',
  card: { brand: 'Visa', last4: '4242', expiry: '12/2030' },
  instalmentsOnCard: false,
  debitsScheduled: false,
  bank: null,
};

const paid: PaymentAnswer = {
  PaymentID: 9001,
  status: 'completed',
  amountCents: 4100,
  currencySymbol: '$',
  processor: 'simulated',
  reference: 'sim_1',
  invoiceNos: ['INV-1008'],
  receiptNo: 'R-2001',
  card: null,
  items: [],
  challenge: null,
  holdExpiresAt: null,
};

/**
 * The checkout's server: the quote, the card on file, no credits, and the payments it receives
 * (body and Idempotency-Key), each answered after a moment as over a network. `refuse` answers
 * the first payments with an error instead.
 */
function serveCheckout({ refuse = [], holds = noHolds }: { refuse?: ApiError[]; holds?: CartHoldsAnswer } = {}) {
  const quotes: CartRequest[] = [];
  const payments: { body: CheckoutRequest; key: string | null }[] = [];
  const holdRequests: CartHoldsRequest[] = [];
  let held = holds;
  server.use(
    http.get<never, never, CartHoldsAnswer>('/api/payment/cart-holds', () => HttpResponse.json(held)),
    http.put<never, CartHoldsRequest, CartHoldsAnswer>('/api/payment/cart-holds', async ({ request }) => {
      holdRequests.push(await request.json());
      held = laneHeldAnd([]);
      return HttpResponse.json(held);
    }),
    http.post<never, CartRequest, QuoteAnswer>('/api/payment/quote', async ({ request }) => {
      quotes.push(await request.json());
      return HttpResponse.json(quote);
    }),
    http.get<never, never, PaymentDetails>('/api/customer/get-payment-details', () => HttpResponse.json(savedCard)),
    http.get<never, never, { credits: [] }>('/api/payment/get-customer-credits', () => HttpResponse.json({ credits: [] })),
    http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json({ entries: [] })),
    http.post<never, CheckoutRequest, PaymentAnswer | ApiError>('/api/payment/checkout', async ({ request }) => {
      payments.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      await delay(150);
      const refusal = refuse[payments.length - 1];
      return refusal ? HttpResponse.json(refusal, { status: 422 }) : HttpResponse.json(paid);
    }),
  );
  return { quotes, payments, holdRequests };
}

const noHolds: CartHoldsAnswer = { classes: [], courts: [], refused: [] };
/** What the hold answers: Lane 2 held for ten minutes from now, and `refused` not held. */
const laneHeldAnd = (refused: CartHoldsAnswer['refused']): CartHoldsAnswer => ({ classes: [], courts: [{ ...lane, heldUntil: new Date(Date.now() + 10 * 60_000).toISOString() }], refused });

/**
 * The quote as the server answers a cart it will not price: `refusal` of what is asked (409 with
 * it) or, when that is null, the price. Each request is kept in `quotes`.
 */
function refuseQuote(quotes: CartRequest[], refusal: (body: CartRequest) => ApiError | null) {
  server.use(
    http.post<never, CartRequest, QuoteAnswer | ApiError>('/api/payment/quote', async ({ request }) => {
      const body = await request.json();
      quotes.push(body);
      const refused = refusal(body);
      return refused ? HttpResponse.json(refused, { status: 409 }) : HttpResponse.json(quote);
    }),
  );
}

/** Dolphin – Monday for the rest of the term, and the server's word when its last place is gone. */
const dolphin = { ClassID: 11, StudentID: 4, dates: [], label: 'Dolphin – Monday – Noah Mitchell' };
const dolphinFull = 'Dolphin – Monday is full. Choose another class, or join its waitlist.';

/** The checkout and payment pages; `keeper`: with the top bar's keeper that sends the cart's changes to be held. */
function renderCheckout(
  url: string,
  { keeper = false, bell = false, bookings = true, classes = true, user }: { keeper?: boolean; bell?: boolean; bookings?: boolean; classes?: boolean; user?: CustomerUser } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, { ...config, ShowBookingsTab: bookings, CustomerPortalAllowOCR: true, OnlineClassReservationsEnabled: classes });
  if (user) client.setQueryData(currentUserQueryOptions.queryKey, user);
  return render(
    <QueryClientProvider client={client}>
      {keeper && <CartHoldKeeper />}
      {bell && <BellProbe />}
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={paths.checkout} element={<CheckoutRoute />} />
          <Route path={paths.payment} element={<PaymentRoute />} />
          <Route path={paths.paymentSuccess} element={<PaymentSuccessRoute />} />
          <Route path={paths.company} element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The top bar's bell, as far as its list is concerned. */
function BellProbe() {
  useBellNotifications(true);
  return null;
}

/** Two clicks as a quick double-click lands them: a separate event each, some 50 ms apart. */
async function doubleClick(element: HTMLElement) {
  fireEvent.click(element);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  fireEvent.click(element);
}

beforeEach(() => {
  // What the cart holds: nothing, unless a test serves otherwise.
  server.use(http.get<never, never, CartHoldsAnswer>('/api/payment/cart-holds', () => HttpResponse.json(noHolds)));
  useCartStore.getState().clear();
  useCartStore.getState().setBookingItems([lane]);
});

/** What each line of a list says, its first part (the line's label and badge, or its message). */
const lineTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);
describe('checkout and payment (/hub/checkout, /hub/payment)', () => {
  it('a company that sells nothing through the cart (no classes online, no courts) sends its page home', async () => {
    renderCheckout(paths.checkout, { bookings: false, classes: false });
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  it('H8, H12: the cart priced by the server, its rows, tax, card fee, total and amount to pay; the quote is asked with what is bought, never a price', async () => {
    const { quotes } = serveCheckout();
    renderCheckout(paths.checkout);
    const items = await screen.findByRole('table', { name: 'Items and charges' });
    expect(within(items).getByText('Lane hire (1 hour) – Lane 2, 05/03/2030 18:00')).toBeTruthy();
    // The card fee shows once, as the totals' surcharge line, not also as a row of the items.
    expect(within(items).queryByText('Card fee')).toBeNull();
    const totals = items.parentElement!;
    expect(within(totals).getByText('GST (included)').nextElementSibling?.textContent).toBe('$3.64');
    expect(within(totals).getByText('Credit Card Surcharge ($1.00)').nextElementSibling?.textContent).toBe('$1.00');
    expect(within(totals).getByText('Total').nextElementSibling?.textContent).toBe('$41.00');
    expect(screen.getByTestId('amount-to-pay').textContent).toBe('$41.00');
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.bookingItems).toEqual([lane]);
    expect(JSON.stringify(quotes[0])).not.toMatch(/totalCents|amountCents/);

    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect((await screen.findByTestId('payment-amount')).textContent).toBe('$41.00');
  });

  it('decision 095: the cart says until when its places are held and counts down; one no longer held says so, and Hold again holds it afresh', async () => {
    const until = new Date(Date.now() + 4 * 60_000 + 30_000).toISOString();
    const { holdRequests } = serveCheckout({ holds: { classes: [], courts: [{ ...lane, heldUntil: until }], refused: [] } });
    const view = renderCheckout(paths.checkout);
    const timer = await screen.findByRole('timer');
    // In words, so it is not read as a second clock time beside "held until": named in full for a screen reader.
    expect(timer.textContent).toMatch(/^4 min (30|29) s$/);
    expect(timer.getAttribute('aria-label')).toMatch(/^4 minutes (30|29) seconds$/);
    expect(timer.parentElement?.textContent).toMatch(/while you pay\. 4 min (30|29) s left\.$/);
    expect(screen.getByRole('heading', { name: /^Held for you until \d{1,2}:\d{2}/ })).toBeTruthy();
    view.unmount();

    // Lapsed: named, with the way to try again; nothing is held again until the family asks.
    const again = serveCheckout({ holds: noHolds });
    renderCheckout(paths.checkout);
    const lapsed = await screen.findByRole('region', { name: 'No longer held for you' });
    expect(within(lapsed).getByText('Lane hire (1 hour), Lane 2, 05/03/2030 06:00 PM - 07:00 PM')).toBeTruthy();
    expect(holdRequests).toHaveLength(0);
    fireEvent.click(within(lapsed).getByRole('button', { name: 'Hold again' }));
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'No longer held for you' })).toBeNull();
    // Held as this browser's cart (decision 137), so the family's other device never gives it back.
    expect(again.holdRequests).toEqual([expect.objectContaining({ cartId: window.localStorage.getItem('portal-cart-id'), bookingItems: [expect.objectContaining({ court: lane.court })] })]);
    expect(window.localStorage.getItem('portal-cart-id')).toMatch(/^[0-9a-f]{24}$/);
  });

  it('a payment whose answer was lost is asked again under its key: the family sees it paid, never an error about a cart it has bought', async () => {
    const { payments } = serveCheckout();
    // The server takes the payment; its answer never arrives (the connection drops on the way back).
    let lost = 1;
    server.use(
      http.post<never, CheckoutRequest, PaymentAnswer>('/api/payment/checkout', async ({ request }) => {
        payments.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        if (lost-- > 0) return HttpResponse.error();
        return HttpResponse.json(paid);
      }),
    );
    renderCheckout(paths.payment);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $41.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' }, { timeout: 5_000 })).toBeTruthy();
    expect(payments).toHaveLength(2);
    expect(payments[1]!.key).toBe(payments[0]!.key);
    expect(screen.queryByText(/could not reach the server/)).toBeNull();
  });

  it('a payment no answer reaches says so and keeps its key: Pay again asks how that payment ended, not for a new one', async () => {
    const { payments } = serveCheckout();
    let down = true;
    server.use(
      http.post<never, CheckoutRequest, PaymentAnswer>('/api/payment/checkout', async ({ request }) => {
        payments.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return down ? HttpResponse.error() : HttpResponse.json(paid);
      }),
    );
    renderCheckout(paths.payment);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $41.00' }));
    const alert = await screen.findByText('We could not reach the server to confirm your payment. Press Pay again once you are back online: you will not be charged twice.', undefined, {
      timeout: 8_000,
    });
    expect(alert).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Pay $41.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(new Set(payments.map((p) => p.key)).size).toBe(1);
  }, 15_000);

  it('H14, H15: a double-click on Pay with the saved card sends one payment; the success page shows the receipt and the cart is empty', async () => {
    const { payments, quotes } = serveCheckout();
    renderCheckout(paths.payment);
    expect(await screen.findByLabelText('Saved card: Visa ending 4242 (expires 12/2030)')).toBeTruthy();
    const quoted = quotes.length;
    await doubleClick(await screen.findByRole('button', { name: 'Pay $41.00' }));

    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    // The cart paid is not priced again on the way out (the server would refuse it: 409).
    expect(quotes).toHaveLength(quoted);
    expect(screen.getByText('$41.00').parentElement?.textContent).toBe('Thank you. We received your payment of $41.00.');
    expect(screen.getByText('R-2001').parentElement?.textContent).toBe('Receipt R-2001 for invoice INV-1008');
    expect(payments).toHaveLength(1);
    expect(payments[0]!.body).toMatchObject({ useSavedCard: true, paymentMethod: 'card', bookingItems: [lane] });
    expect(payments[0]!.key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(useCartStore.getState().bookingItems).toEqual([]);
  });

  it('the payment page opened without saying which cart (a bookmark, a new tab) pays the invoices when they are all the cart holds', async () => {
    const { quotes } = serveCheckout();
    useCartStore.getState().clear();
    useCartStore.getState().setInvoices(['INV-1008']);
    renderCheckout(paths.payment);
    expect(await screen.findByRole('button', { name: 'Pay $41.00' })).toBeTruthy();
    expect(screen.queryByText('There is nothing to pay.')).toBeNull();
    expect(quotes[0]).toMatchObject({ invoices: ['INV-1008'], classItems: [], bookingItems: [] });
  });

  it('a guardian paying (a grandparent) is offered their own card first: the card on file is the family’s, and said so', async () => {
    serveCheckout();
    renderCheckout(paths.payment, { user: { ClientID: 1, FirstName: 'Margaret', LastName: 'Mitchell', total_barcodes: 0, Role: 'payer' } });
    const family = (await screen.findByLabelText('The family’s saved card: Visa ending 4242 (expires 12/2030)')) as HTMLInputElement;
    expect(family.checked).toBe(false);
    expect((screen.getByLabelText('Your own card') as HTMLInputElement).checked).toBe(true);
    // Saving it puts it on file for the family, in place of the card there (one card is kept).
    expect(screen.getByLabelText('Save this card as the family’s card, in place of Visa ending 4242')).toBeTruthy();
  });

  it('paid: the bell asks for its notifications again at once, so the payment’s own shows without waiting for the next poll', async () => {
    serveCheckout();
    let bellReads = 0;
    server.use(
      http.get('/api/notification', () => {
        bellReads += 1;
        return HttpResponse.json({ success: true, notificationContacts: [], total_count: 0, unread_count: 0 });
      }),
    );
    renderCheckout(paths.payment, { bell: true });
    await waitFor(() => expect(bellReads).toBe(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $41.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    await waitFor(() => expect(bellReads).toBe(2));
  });

  it('a payment the card’s bank declines: the gateway’s words, the cart kept, and Pay again is a new attempt with a key of its own', async () => {
    const { payments } = serveCheckout({ refuse: [{ code: 'card_declined', message: 'Your card was declined.' }] });
    renderCheckout(paths.payment);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $41.00' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(useCartStore.getState().bookingItems).toEqual([lane]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $41.00' }));

    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(payments).toHaveLength(2);
    expect(payments[1]!.key).not.toBe(payments[0]!.key);
  });

  it('a class that filled since it went into the cart: the refusal names it, the family takes that class out alone and pays for the rest', async () => {
    useCartStore.getState().setClassItems([dolphin]);
    const { quotes } = serveCheckout();
    refuseQuote(quotes, (body) => (body.classItems?.length ? { code: 'CLASS_FULL', message: dolphinFull } : null));
    renderCheckout(paths.checkout);

    // Only the reason is announced; the box is named by it.
    expect((await screen.findByRole('alert')).textContent).toBe('Dolphin – Monday is full. Choose another class, or join its waitlist.');
    const refusal = screen.getByRole('region', { name: 'Dolphin – Monday is full. Choose another class, or join its waitlist.' });
    const cart = within(refusal).getByRole('list', { name: 'Your cart' });
    expect(lineTexts(cart)).toEqual(['Dolphin – Monday – Noah Mitchell', 'Lane hire (1 hour), Lane 2, 05/03/2030 06:00 PM - 07:00 PM']);
    expect(within(refusal).getByRole('link', { name: 'Find another class' }).getAttribute('href')).toBe(paths.classes);

    fireEvent.click(within(cart).getByRole('button', { name: 'Remove Dolphin – Monday – Noah Mitchell' }));
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region', { name: /is full/ })).toBeNull();
    expect(useCartStore.getState().classItems).toEqual([]);
    expect(useCartStore.getState().bookingItems).toEqual([lane]);
    expect(quotes.at(-1)!.classItems).toEqual([]);
  });

  it('a quote that met the class full while the cart’s own hold of it was still being made is asked again once the hold is answered, and priced', async () => {
    const { quotes } = serveCheckout();
    // The hold lands after the first quote with the class counted it against the family (two reads of the database, the hold committed between them).
    let classQuotes = 0;
    refuseQuote(quotes, (body) => (body.classItems?.length && ++classQuotes === 1 ? { code: 'CLASS_FULL', message: dolphinFull } : null));
    server.use(
      http.put<never, CartHoldsRequest, CartHoldsAnswer>('/api/payment/cart-holds', async () => {
        await delay(150);
        return HttpResponse.json({ ...laneHeldAnd([]), classes: [{ ClassID: 11, StudentID: 4, heldUntil: new Date(Date.now() + 10 * 60_000).toISOString(), casual: false, date: null }] });
      }),
    );
    renderCheckout(paths.checkout, { keeper: true });
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();

    // The class goes into the cart (as from the waitlist's offer): its hold is sent, and the cart priced again at once.
    act(() => useCartStore.getState().setClassItems([dolphin]));
    await waitFor(() => expect(classQuotes).toBe(2));
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /is full/ })).toBeNull();
  });

  it('another tab of the browser changes the cart: this tab shows it and reads the holds anew, and sends nothing itself', async () => {
    useCartStore.getState().setBookingItems([lane]);
    const { holdRequests, quotes } = serveCheckout({ holds: laneHeldAnd([]) });
    let holdReads = 0;
    server.use(
      http.get<never, never, CartHoldsAnswer>('/api/payment/cart-holds', () => {
        holdReads += 1;
        return HttpResponse.json(laneHeldAnd([]));
      }),
    );
    renderCheckout(paths.checkout, { keeper: true });
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();
    await waitFor(() => expect(holdReads).toBeGreaterThan(0));
    const readsBefore = holdReads;

    // The other tab adds a class (and sends it to be held itself): only the browser's storage tells this tab.
    const stored = JSON.parse(localStorage.getItem('portal-cart')!) as { state: Record<string, unknown> };
    stored.state.classItems = [dolphin];
    const value = JSON.stringify(stored);
    localStorage.setItem('portal-cart', value);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'portal-cart', newValue: value, storageArea: localStorage }));
    });

    // This tab's cart is the other's: priced with the class.
    await waitFor(() => expect(quotes.at(-1)?.classItems).toEqual([expect.objectContaining({ ClassID: 11, StudentID: 4 })]));
    await waitFor(() => expect(holdReads).toBeGreaterThan(readsBefore));
    await act(() => delay(50));
    expect(holdRequests).toEqual([]);
    // A change made here afterwards is sent, as ever.
    act(() => useCartStore.getState().setClassItems([]));
    await waitFor(() => expect(holdRequests).toHaveLength(1));
  });

  it('a class that fills between the checkout and Pay: the payment page says so and leads back to the cart to change it', async () => {
    useCartStore.getState().setClassItems([dolphin]);
    const full: ApiError = { code: 'CLASS_FULL', message: dolphinFull };
    const { quotes } = serveCheckout({ refuse: [full] });
    let refusing = false;
    refuseQuote(quotes, () => (refusing ? full : null));
    renderCheckout(paths.payment);
    const pay = await screen.findByRole('button', { name: 'Pay $41.00' });
    refusing = true;
    fireEvent.click(pay);

    const back = await screen.findByRole('link', { name: 'Change your cart' });
    expect(back.getAttribute('href')).toBe(paths.checkout);
    // Said once: the quote's box, not the payment's error box as well.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([full.message]);
    fireEvent.click(back);
    expect(await screen.findByRole('button', { name: 'Remove Dolphin – Monday – Noah Mitchell' })).toBeTruthy();
  });

  it('a cart the server could not price for want of an answer: Try again asks again, and nothing is taken out of the cart', async () => {
    useCartStore.getState().setClassItems([{ ClassID: 11, StudentID: 4, dates: [], label: 'Dolphin – Monday – Noah Mitchell' }]);
    serveCheckout();
    let down = true;
    server.use(http.post<never, CartRequest, QuoteAnswer>('/api/payment/quote', () => (down ? HttpResponse.error() : HttpResponse.json(quote))));
    renderCheckout(paths.checkout);
    const alert = await screen.findByRole('alert');
    const box = screen.getByRole('region', { name: alert.textContent! });
    expect(within(box).queryByRole('list', { name: 'Your cart' })).toBeNull();
    expect(within(box).queryByRole('link', { name: 'Find another class' })).toBeNull();
    down = false;
    fireEvent.click(within(box).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();
    expect(useCartStore.getState().classItems).toHaveLength(1);
  });

  /** Lane 3 of the cart booked by another family meanwhile: the server names its line of the request. */
  const lane3: CartBookingItem = { ...lane, court: 'Lane 3' };
  /** The hold's refusal of Lane 3 (another family's, or the family's own booking). */
  const lane3Refused = (code: string, message: string) => ({ booking: { venue_id: 3, booking_type_id: 5, date: '2030-03-05', time: '18:00', court: 'Lane 3' }, code, message });
  const lane3Taken = 'Sorry, Lane 3, Riverside Pool, 05/03/2030 06:00 PM - 07:00 PM has just been booked. Please choose another time or lane.';
  /** The quote of a cart with Lane 3 in it refused as the server refuses it (`when` it is taken): BOOKING_TAKEN, naming its line. */
  function refuseLane3(quotes: CartRequest[], when = () => true) {
    refuseQuote(quotes, (body) => {
      const index = (body.bookingItems ?? []).findIndex((b) => b.court === 'Lane 3');
      return index < 0 || !when() ? null : { code: 'BOOKING_TAKEN', message: lane3Taken, errors: [{ field: `bookingItems.${index}`, message: lane3Taken }] };
    });
  }

  it('a court booked by another family meanwhile: its line is marked by court, date and time with Remove, and payment waits until it is taken out', async () => {
    useCartStore.getState().setBookingItems([lane, lane3]);
    const { quotes } = serveCheckout();
    refuseLane3(quotes);
    renderCheckout(paths.checkout);

    expect((await screen.findByRole('alert')).textContent).toBe(lane3Taken);
    const box = screen.getByRole('region', { name: lane3Taken });
    const cart = within(box).getByRole('list', { name: 'Your cart' });
    // Only the line taken is listed, marked; the rest of the cart is not offered for removal.
    expect(
      within(cart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM Just bookedRemove']);
    expect(within(box).queryByRole('link', { name: 'Find another class' })).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(cart).getByRole('button', { name: 'Remove Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM' }));
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useCartStore.getState().bookingItems).toEqual([lane]);
    expect(quotes.at(-1)!.bookingItems).toEqual([lane]);
    expect(screen.getByRole('button', { name: 'Proceed to Payment' }).hasAttribute('disabled')).toBe(false);
  });

  it('courts the family itself has booked meanwhile (on another device): each line is marked In My bookings, not Just booked, beside one another family took', async () => {
    const lane4: CartBookingItem = { ...lane, court: 'Lane 4' };
    useCartStore.getState().setBookingItems([lane, lane3, lane4]);
    const { quotes } = serveCheckout();
    const own = (n: number) => `Lane ${n}, Riverside Pool, 05/03/2030 06:00 PM - 07:00 PM is already booked for your family: it is in My bookings. Please remove it from your cart.`;
    const message = `${lane3Taken} ${own(4)}`;
    refuseQuote(quotes, () => ({
      code: 'BOOKING_TAKEN',
      message,
      errors: [
        { field: 'bookingItems.1', message: lane3Taken, code: 'BOOKING_TAKEN' },
        { field: 'bookingItems.2', message: own(4), code: 'BOOKED_BY_FAMILY' },
      ],
    }));
    renderCheckout(paths.checkout);

    const box = await screen.findByRole('region', { name: message });
    expect(lineTexts(within(box).getByRole('list', { name: 'Your cart' }))).toEqual([
      'Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM Just booked',
      'Lane hire (1 hour), Lane 4, 05/03/2030 06:00 PM - 07:00 PM In My bookings',
    ]);
  });

  it.each([
    ['the checkout', paths.checkout, () => screen.findByTestId('amount-to-pay')],
    ['the payment page', paths.payment, () => screen.findByRole('button', { name: 'Pay $41.00' })],
  ])('a cart refused only for a court the family itself has booked meanwhile, on %s: a calm box, not an error, that still offers Remove', async (_, url, priced) => {
    useCartStore.getState().setBookingItems([lane, lane3]);
    const { quotes } = serveCheckout();
    const own = 'Lane 3, Riverside Pool, 05/03/2030 06:00 PM - 07:00 PM is already booked for your family: it is in My bookings. Please remove it from your cart.';
    refuseQuote(quotes, (body) =>
      body.bookingItems?.some((b) => b.court === 'Lane 3') ? { code: 'BOOKING_TAKEN', message: own, errors: [{ field: 'bookingItems.1', message: own, code: 'BOOKED_BY_FAMILY' }] } : null,
    );
    renderCheckout(url);

    const box = await screen.findByRole('region', { name: own });
    expect(box.className).toContain('bg-surface-muted');
    expect(box.className).not.toMatch(/danger/);
    // Read out (it takes the place of the totals), in the calm box.
    expect(within(box).getByRole('alert').textContent).toBe(own);
    expect(lineTexts(within(box).getByRole('list', { name: 'Your cart' }))).toEqual(['Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM In My bookings']);
    fireEvent.click(within(box).getByRole('button', { name: 'Remove Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM' }));
    expect(await priced()).toBeTruthy();
    expect(useCartStore.getState().bookingItems).toEqual([lane]);
  });

  it('Hold again finds a court the family itself has booked meanwhile: said to be in My bookings (not taken by another family), with Remove and no Hold again', async () => {
    useCartStore.getState().setBookingItems([lane, lane3]);
    const ownMessage = 'That lane is already booked for your family: it is in My bookings. Please remove it from your cart.';
    serveCheckout({ holds: laneHeldAnd([lane3Refused('BOOKED_BY_FAMILY', ownMessage)]) });
    renderCheckout(paths.checkout);
    const booked = await screen.findByRole('region', { name: 'Already in My bookings' });
    expect(lineTexts(booked)).toEqual([`Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM: ${ownMessage}`]);
    // The family's own booking is no error: a calm box, not the red one of a court another family took.
    expect(booked.className).toContain('bg-surface-muted');
    expect(booked.className).not.toMatch(/danger/);
    expect(screen.queryByRole('region', { name: 'Taken by another family' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'No longer held for you' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold again' })).toBeNull();
    fireEvent.click(within(booked).getByRole('button', { name: 'Remove Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM' }));
    await waitFor(() => expect(useCartStore.getState().bookingItems).toEqual([lane]));
  });

  it('a court booked by another family between the checkout and Pay: the refused payment names its line, offers Remove, and Pay comes back for the rest', async () => {
    useCartStore.getState().setBookingItems([lane, lane3]);
    const taken: ApiError = { code: 'BOOKING_TAKEN', message: lane3Taken, errors: [{ field: 'bookingItems.1', message: lane3Taken }] };
    const { quotes, payments } = serveCheckout({ refuse: [taken] });
    let refusing = false;
    refuseLane3(quotes, () => refusing);
    renderCheckout(paths.payment);
    const pay = await screen.findByRole('button', { name: 'Pay $41.00' });
    refusing = true;
    fireEvent.click(pay);

    const remove = await screen.findByRole('button', { name: 'Remove Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM' });
    // Said once, and no Pay while the court is in the cart.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([lane3Taken]);
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    fireEvent.click(remove);
    expect(await screen.findByRole('button', { name: 'Pay $41.00' })).toBeTruthy();
    expect(useCartStore.getState().bookingItems).toEqual([lane]);
    expect(payments).toHaveLength(1);
  });

  it('a court whose hold ran out and that another family then took: marked taken with Remove only, never offered to hold again; the court still free is', async () => {
    useCartStore.getState().setBookingItems([lane, lane3]);
    const until = new Date(Date.now() + 5 * 60_000).toISOString();
    const { quotes } = serveCheckout({ holds: { classes: [], courts: [{ ...lane, heldUntil: until }], refused: [] } });
    refuseLane3(quotes);
    const view = renderCheckout(paths.checkout);

    const box = await screen.findByRole('region', { name: lane3Taken });
    expect(within(box).getByRole('button', { name: 'Remove Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM' })).toBeTruthy();
    expect(await screen.findByRole('timer')).toBeTruthy();
    // Lane 2 is held; Lane 3 is not, but it is taken: not listed as one to hold again, and no Hold again at all.
    expect(screen.getByText('Lane hire (1 hour), Lane 2, 05/03/2030 06:00 PM - 07:00 PM: kept for you while you pay.', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'No longer held for you' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold again' })).toBeNull();
    view.unmount();

    // Neither held: Lane 2 may be held again, Lane 3 only taken out.
    serveCheckout({ holds: noHolds });
    refuseLane3(quotes);
    renderCheckout(paths.checkout);
    const lapsed = await screen.findByRole('region', { name: 'No longer held for you' });
    expect(await screen.findByRole('region', { name: lane3Taken })).toBeTruthy();
    expect(
      within(lapsed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lane hire (1 hour), Lane 2, 05/03/2030 06:00 PM - 07:00 PM']);
    expect(screen.getAllByRole('button', { name: 'Hold again' })).toHaveLength(1);
  });

  it('Hold again finds a court taken by another family: it is said to be taken, with Remove and no Hold again, and the cart is priced again without it offered for payment', async () => {
    useCartStore.getState().setBookingItems([lane, lane3]);
    const { quotes } = serveCheckout({ holds: noHolds });
    let taken = false;
    const heldMessage = 'Sorry, that lane has just been booked. Please choose another time or lane.';
    server.use(
      http.put<never, CartHoldsRequest, CartHoldsAnswer>('/api/payment/cart-holds', () => {
        taken = true;
        return HttpResponse.json(laneHeldAnd([lane3Refused('BOOKING_TAKEN', heldMessage)]));
      }),
    );
    refuseLane3(quotes, () => taken);
    renderCheckout(paths.checkout);
    const lapsed = await screen.findByRole('region', { name: 'No longer held for you' });
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();
    const asked = quotes.length;
    fireEvent.click(within(lapsed).getByRole('button', { name: 'Hold again' }));

    // Lane 2 is held again; Lane 3 went to another family: priced again, it is marked with Remove, and nothing offers to hold it.
    expect(await screen.findByRole('timer')).toBeTruthy();
    const box = await screen.findByRole('region', { name: lane3Taken });
    expect(quotes.length).toBeGreaterThan(asked);
    expect(within(box).getByRole('button', { name: 'Remove Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'No longer held for you' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' }).hasAttribute('disabled')).toBe(true);
  });

  it('a court the hold finds taken, while the price still stands: said to be taken by another family, with Remove and no Hold again', async () => {
    useCartStore.getState().setBookingItems([lane, lane3]);
    const heldMessage = 'Sorry, that lane has just been booked. Please choose another time or lane.';
    serveCheckout({ holds: laneHeldAnd([lane3Refused('BOOKING_TAKEN', heldMessage)]) });
    renderCheckout(paths.checkout);
    const taken = await screen.findByRole('region', { name: 'Taken by another family' });
    expect(lineTexts(taken)).toEqual([`Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM: ${heldMessage}`]);
    expect(taken.className).toContain('bg-danger-surface');
    expect(screen.queryByRole('button', { name: 'Hold again' })).toBeNull();
    fireEvent.click(within(taken).getByRole('button', { name: 'Remove Lane hire (1 hour), Lane 3, 05/03/2030 06:00 PM - 07:00 PM' }));
    await waitFor(() => expect(useCartStore.getState().bookingItems).toEqual([lane]));
    expect(screen.queryByRole('region', { name: 'Taken by another family' })).toBeNull();
  });

  /** The quote of a cart with Dolphin in it refused as the server refuses it (`full` when its last place is gone): CLASS_FULL, naming its line. */
  function refuseDolphin(quotes: CartRequest[], full = () => true) {
    refuseQuote(quotes, (body) => {
      const index = (body.classItems ?? []).findIndex((c) => c.ClassID === dolphin.ClassID);
      return index < 0 || !full() ? null : { code: 'CLASS_FULL', message: dolphinFull, errors: [{ field: `classItems.${index}`, message: dolphinFull }] };
    });
  }
  function serveWaitlist(answer: () => HttpResponse<WaitlistAnswer | ApiError>) {
    const joined: unknown[] = [];
    server.use(
      http.post('/api/classes/join-waitlist', async ({ request }) => {
        joined.push(await request.json());
        return answer();
      }),
    );
    return joined;
  }
  const waiting: WaitlistAnswer = {
    entries: [{ WaitlistID: 1, ClassID: 11, ClassName: 'Dolphin – Monday', StudentID: 4, StudentName: 'Noah Mitchell', Position: 2, Status: 'waiting', OfferExpiresAt: null }],
  };

  it('a class whose hold ran out and that another family then filled: marked Full with Join waitlist and Remove, never offered to hold again; the court still free is', async () => {
    useCartStore.getState().setClassItems([dolphin]);
    const { quotes } = serveCheckout({ holds: noHolds });
    refuseDolphin(quotes);
    const joined = serveWaitlist(() => HttpResponse.json(waiting));
    renderCheckout(paths.checkout);

    expect((await screen.findByRole('alert')).textContent).toBe(dolphinFull);
    const refusal = screen.getByRole('region', { name: dolphinFull });
    const cart = within(refusal).getByRole('list', { name: 'Your cart' });
    expect(lineTexts(cart)).toEqual(['Dolphin – Monday – Noah Mitchell Full']);
    // Only the lane may be held again: the class is not listed as one to hold again.
    const lapsed = await screen.findByRole('region', { name: 'No longer held for you' });
    expect(
      within(lapsed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lane hire (1 hour), Lane 2, 05/03/2030 06:00 PM - 07:00 PM']);
    expect(within(refusal).getByRole('link', { name: 'Find another class' })).toBeTruthy();
    expect(within(cart).getByRole('button', { name: 'Remove Dolphin – Monday – Noah Mitchell' })).toBeTruthy();

    fireEvent.click(within(cart).getByRole('button', { name: 'Join waitlist for Dolphin – Monday – Noah Mitchell' }));
    // On the waitlist, the class leaves the cart; the rest is priced, and the confirmation stays above the cart.
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();
    expect(joined).toEqual([{ class_id: 11, student_id: 4 }]);
    expect(useCartStore.getState().classItems).toEqual([]);
    expect(quotes.at(-1)!.classItems ?? []).toEqual([]);
    expect(screen.queryByRole('region', { name: dolphinFull })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const status = screen.getByText('On the waitlist: we will let you know by notification and e-mail as soon as a place is free.').closest('[role="status"]')!;
    expect(within(status as HTMLElement).getByText('Dolphin – Monday – Noah Mitchell')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Join waitlist/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' }).hasAttribute('disabled')).toBe(false);
  });

  it('a class the child was enrolled in meanwhile (paid on another device): marked Already enrolled with Remove, never offered to hold again or a waitlist', async () => {
    useCartStore.getState().setClassItems([dolphin]);
    const { quotes } = serveCheckout({ holds: noHolds });
    const enrolled = 'Noah Mitchell is already enrolled in Dolphin – Monday.';
    server.use(
      http.post<never, CartRequest, QuoteAnswer | ApiError>('/api/payment/quote', async ({ request }) => {
        const body = await request.json();
        quotes.push(body);
        const index = (body.classItems ?? []).findIndex((c) => c.ClassID === dolphin.ClassID);
        return index < 0
          ? HttpResponse.json(quote)
          : HttpResponse.json({ code: 'ALREADY_ENROLLED', message: enrolled, errors: [{ field: `classItems.${index}`, message: enrolled, code: 'ALREADY_ENROLLED' }] }, { status: 409 });
      }),
    );
    renderCheckout(paths.checkout);

    // The family's own place, in the calm box a court it has booked is said in.
    expect((await screen.findByRole('alert')).textContent).toBe(enrolled);
    expect(screen.getByRole('region', { name: enrolled }).className).toContain('bg-surface-muted');
    const cart = within(screen.getByRole('region', { name: enrolled })).getByRole('list', { name: 'Your cart' });
    expect(lineTexts(cart)).toEqual(['Dolphin – Monday – Noah Mitchell Already enrolled']);
    expect(within(cart).queryByRole('button', { name: /^Join waitlist/ })).toBeNull();
    // Only the lane may be held again: the class the child is in is not listed as one to hold again.
    expect(lineTexts(await screen.findByRole('region', { name: 'No longer held for you' }))).toEqual(['Lane hire (1 hour), Lane 2, 05/03/2030 06:00 PM - 07:00 PM']);
    fireEvent.click(within(cart).getByRole('button', { name: 'Remove Dolphin – Monday – Noah Mitchell' }));
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();
    expect(useCartStore.getState().classItems).toEqual([]);
  });

  it('Hold again finds a class the child was enrolled in meanwhile: listed as already enrolled, calm, with Remove and no Hold again', async () => {
    useCartStore.getState().setClassItems([dolphin]);
    const enrolled = 'Noah Mitchell is already enrolled in Dolphin – Monday.';
    serveCheckout({ holds: laneHeldAnd([{ ClassID: dolphin.ClassID, StudentID: dolphin.StudentID, code: 'ALREADY_ENROLLED', message: enrolled }]) });
    renderCheckout(paths.checkout);

    const box = await screen.findByRole('region', { name: 'Already enrolled' });
    expect(box.className).toContain('bg-surface-muted');
    expect(within(box).getByText(enrolled, { exact: false })).toBeTruthy();
    expect(within(box).queryByRole('button', { name: /^Join waitlist/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold again' })).toBeNull();
    fireEvent.click(within(box).getByRole('button', { name: 'Remove Dolphin – Monday – Noah Mitchell' }));
    await waitFor(() => expect(useCartStore.getState().classItems).toEqual([]));
  });

  it('a full class alone in the cart put on its waitlist: the cart is empty, and the confirmation is still said above it', async () => {
    useCartStore.getState().setBookingItems([]);
    useCartStore.getState().setClassItems([dolphin]);
    const { quotes } = serveCheckout({ holds: noHolds });
    refuseDolphin(quotes);
    serveWaitlist(() => HttpResponse.json(waiting));
    renderCheckout(paths.checkout);
    const refusal = await screen.findByRole('region', { name: dolphinFull });
    // No hold to speak of: nothing stands above the refusal (an empty notice left a gap there).
    await screen.findByRole('button', { name: 'Join waitlist for Dolphin – Monday – Noah Mitchell' });
    expect(refusal.closest('.space-y-6')?.firstElementChild?.contains(refusal)).toBe(true);
    fireEvent.click(within(refusal).getByRole('button', { name: 'Join waitlist for Dolphin – Monday – Noah Mitchell' }));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByText('On the waitlist: we will let you know by notification and e-mail as soon as a place is free.').closest('[role="status"]')?.textContent).toBe(
      'On the waitlist: we will let you know by notification and e-mail as soon as a place is free.Dolphin – Monday – Noah Mitchell',
    );
  });

  it('Hold again finds a class filled by another family: it is said to be full, with Join waitlist and Remove and no Hold again, and the cart is priced again', async () => {
    useCartStore.getState().setClassItems([dolphin]);
    useCartStore.getState().setBookingItems([]);
    const { quotes } = serveCheckout({ holds: noHolds });
    let full = false;
    server.use(
      http.put<never, CartHoldsRequest, CartHoldsAnswer>('/api/payment/cart-holds', () => {
        full = true;
        return HttpResponse.json({ classes: [], courts: [], refused: [{ ClassID: 11, StudentID: 4, code: 'CLASS_FULL', message: dolphinFull }] });
      }),
    );
    refuseDolphin(quotes, () => full);
    renderCheckout(paths.checkout);
    const lapsed = await screen.findByRole('region', { name: 'No longer held for you' });
    expect(await screen.findByTestId('amount-to-pay')).toBeTruthy();
    const asked = quotes.length;
    fireEvent.click(within(lapsed).getByRole('button', { name: 'Hold again' }));

    const refusal = await screen.findByRole('region', { name: dolphinFull });
    expect(quotes.length).toBeGreaterThan(asked);
    expect(within(refusal).getByRole('button', { name: 'Join waitlist for Dolphin – Monday – Noah Mitchell' })).toBeTruthy();
    expect(within(refusal).getByRole('button', { name: 'Remove Dolphin – Monday – Noah Mitchell' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'No longer held for you' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' }).hasAttribute('disabled')).toBe(true);
  });

  it('a class the hold finds full while the price still stands: said to be taken by another family, with Join waitlist and Remove and no Hold again; a refused join says why', async () => {
    useCartStore.getState().setClassItems([dolphin]);
    serveCheckout({
      holds: laneHeldAnd([{ ClassID: 11, StudentID: 4, code: 'CLASS_FULL', message: dolphinFull }]),
    });
    serveWaitlist(() => HttpResponse.json({ code: 'ALREADY_WAITING', message: 'This student is already on the waitlist for this class' }, { status: 409 }));
    renderCheckout(paths.checkout);
    const taken = await screen.findByRole('region', { name: 'Taken by another family' });
    expect(lineTexts(taken)).toEqual([`Dolphin – Monday – Noah Mitchell: ${dolphinFull}`]);
    expect(screen.queryByRole('button', { name: 'Hold again' })).toBeNull();
    fireEvent.click(within(taken).getByRole('button', { name: 'Join waitlist for Dolphin – Monday – Noah Mitchell' }));
    expect((await within(taken).findByRole('alert')).textContent).toBe('This student is already on the waitlist for this class');
    fireEvent.click(within(taken).getByRole('button', { name: 'Remove Dolphin – Monday – Noah Mitchell' }));
    await waitFor(() => expect(useCartStore.getState().classItems).toEqual([]));
    expect(screen.queryByRole('region', { name: 'Taken by another family' })).toBeNull();
  });

  it('a full class the child already waits for: said to be on its waitlist, with Remove and no Join waitlist to be refused', async () => {
    useCartStore.getState().setClassItems([dolphin]);
    serveCheckout({
      holds: { classes: [], courts: [{ ...lane, heldUntil: new Date(Date.now() + 10 * 60_000).toISOString() }], refused: [{ ClassID: 11, StudentID: 4, code: 'CLASS_FULL', message: dolphinFull }] },
    });
    // The family's waitlist answers a moment after the cart shows.
    let answer = () => {};
    const read = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', async () => {
        await read;
        return HttpResponse.json(waiting);
      }),
    );
    const joined = serveWaitlist(() => HttpResponse.json({ code: 'ALREADY_WAITING', message: 'This student is already on the waitlist for this class' }, { status: 409 }));
    renderCheckout(paths.checkout);
    const taken = await screen.findByRole('region', { name: 'Taken by another family' });
    // Until it is read, no Join waitlist that a press could only have refused.
    expect(within(taken).queryByRole('button', { name: /^Join waitlist/ })).toBeNull();
    answer();
    expect(await within(taken).findByText('Noah Mitchell is on the waitlist')).toBeTruthy();
    expect(within(taken).queryByRole('button', { name: /^Join waitlist/ })).toBeNull();
    expect(within(taken).getByRole('button', { name: 'Remove Dolphin – Monday – Noah Mitchell' })).toBeTruthy();
    expect(joined).toEqual([]);
  });

  it('two days of one class for one child are two places: the day refused is said taken, the day held is not', async () => {
    const day = (date: string) => ({ ClassID: 7, StudentID: 3, casual: true, dates: [date], label: `Tadpoles – Mia Shah (${date.slice(8)}/03/2030)` });
    useCartStore.getState().setClassItems([day('2030-03-04'), day('2030-03-11')]);
    const full = 'Sorry, Tadpoles is full for that session.';
    serveCheckout({
      holds: {
        classes: [{ ClassID: 7, StudentID: 3, heldUntil: new Date(Date.now() + 10 * 60_000).toISOString(), casual: true, date: '2030-03-04' }],
        courts: [],
        refused: [{ ClassID: 7, StudentID: 3, date: '2030-03-11', code: 'CLASS_FULL', message: full }],
      },
    });
    renderCheckout(paths.checkout);
    const taken = await screen.findByRole('region', { name: 'Taken by another family' });
    expect(lineTexts(taken)).toEqual([`Tadpoles – Mia Shah (11/03/2030): ${full}`]);
  });

  describe('H3, H4: removing dates and lines', () => {
    const tadpoles = { ClassID: 7, StudentID: 3, casual: true, dates: ['2030-03-04', '2030-03-11'], label: 'Tadpoles – Mia Shah' };

    /** A quote of what is asked: one row per line, named after it, priced $10.00 a date or booking. */
    function serveLineQuote() {
      const quotes: CartRequest[] = [];
      server.use(
        http.post<never, CartRequest, QuoteAnswer>('/api/payment/quote', async ({ request }) => {
          const body = await request.json();
          quotes.push(body);
          const line = (lineId: string, description: string, cents: number) => ({ ...quote.rows[0]!, id: lineId, lineId, description, amountCents: cents, totalCents: cents, taxCents: 0 });
          const rows = [
            ...(body.classItems ?? []).map((c, i) => line(`class-${i + 1}`, `Class ${c.ClassID}, ${c.dates?.length ?? 0} dates`, 1000 * (c.dates?.length ?? 1))),
            ...(body.bookingItems ?? []).map((b, i) => line(`booking-${i + 1}`, `Lane hire – ${b.court}`, 1000)),
          ];
          const total = rows.reduce((sum, r) => sum + r.totalCents, 0);
          return HttpResponse.json({
            ...quote,
            rows,
            invoices: [{ ...quote.invoices[0]!, totalCents: total, surchargeCents: 0, paymentAmountCents: total }],
            totals: { ...quote.totals, subtotalCents: total, totalTaxCents: 0, cardFeeAmountCents: 0, surchargeCents: 0, totalCents: total, paymentAmountCents: total },
          });
        }),
        http.get<never, never, { credits: [] }>('/api/payment/get-customer-credits', () => HttpResponse.json({ credits: [] })),
      );
      return quotes;
    }

    it('H3: removing one date of a class keeps the class with its other date; removing a line removes only that line', async () => {
      const quotes = serveLineQuote();
      useCartStore.getState().setClassItems([tadpoles]);
      renderCheckout(paths.checkout);
      const dates = await screen.findByRole('region', { name: 'Chosen dates' });
      fireEvent.click(within(dates).getByRole('button', { name: 'Remove 04/03/2030' }));
      expect(within(dates).queryByText('04/03/2030')).toBeNull();
      expect(within(dates).getByText('11/03/2030')).toBeTruthy();
      expect(within(dates).getByText('Tadpoles – Mia Shah')).toBeTruthy();
      expect(useCartStore.getState().classItems).toEqual([{ ...tadpoles, dates: ['2030-03-11'] }]);
      expect(await screen.findByText('Class 7, 1 dates')).toBeTruthy();
      expect(quotes.at(-1)!.classItems).toEqual([{ ClassID: 7, StudentID: 3, casual: true, dates: ['2030-03-11'] }]);

      fireEvent.click(screen.getByRole('button', { name: 'Remove Lane hire – Lane 2' }));
      expect(useCartStore.getState().bookingItems).toEqual([]);
      expect(useCartStore.getState().classItems).toHaveLength(1);
      await waitFor(() => expect(screen.queryByText('Lane hire – Lane 2')).toBeNull());
      expect(screen.getByTestId('amount-to-pay').textContent).toBe('$10.00');
    });

    it('H4: removing the last date of the last item clears the cart: the empty state, no totals, no code or credit kept', async () => {
      serveLineQuote();
      useCartStore.getState().setBookingItems([]);
      useCartStore.getState().setClassItems([{ ...tadpoles, dates: ['2030-03-11'] }]);
      useCartStore.getState().setDiscountCodes([{ invoiceNo: 'NEW', discountCode: 'SPLASH10' }]);
      useCartStore.getState().setCreditIds([4]);
      renderCheckout(paths.checkout);
      fireEvent.click(await screen.findByRole('button', { name: 'Remove 11/03/2030' }));
      expect(await screen.findByText('Your cart is empty')).toBeTruthy();
      expect(screen.queryByTestId('amount-to-pay')).toBeNull();
      expect(screen.queryByRole('table', { name: 'Items and charges' })).toBeNull();
      expect(useCartStore.getState()).toMatchObject({ classItems: [], bookingItems: [], discountCodes: [], creditIds: [] });
    });

    it('an empty cart says what can be added: a booking only where the company takes them', async () => {
      useCartStore.getState().clear();
      renderCheckout(paths.checkout);
      expect(await screen.findByText('Add a class or a booking, and it will appear here.')).toBeTruthy();
      cleanup();
      renderCheckout(paths.checkout, { bookings: false });
      expect(await screen.findByText('Add a class, and it will appear here.')).toBeTruthy();
    });

    it('H4: removing the last line clears the cart the same way', async () => {
      serveLineQuote();
      useCartStore.getState().setDiscountCodes([{ invoiceNo: 'NEW', discountCode: 'SPLASH10' }]);
      useCartStore.getState().setCreditIds([4]);
      renderCheckout(paths.checkout);
      fireEvent.click(await screen.findByRole('button', { name: 'Remove Lane hire – Lane 2' }));
      expect(await screen.findByText('Your cart is empty')).toBeTruthy();
      expect(screen.queryByTestId('amount-to-pay')).toBeNull();
      expect(useCartStore.getState()).toMatchObject({ classItems: [], bookingItems: [], discountCodes: [], creditIds: [] });
    });
  });
});
