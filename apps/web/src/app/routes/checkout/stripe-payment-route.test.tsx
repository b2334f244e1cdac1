// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { CheckoutRequest, PaymentAnswer, PaymentDetails, QuoteAnswer } from '@portal/shared/payment-schemas';
import { paths } from '@/config/paths';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { useCartStore } from '@/lib/cart-store';
import { formTestConfig } from '@/test/form-config';
import { cartQuote } from '@/test/registration-fixtures';
import { server, installMockServer } from '@/test/msw';
import { stripeJs } from '@/test/stripe-js';
import PaymentRoute from './payment-route';
import PaymentSuccessRoute from './payment-success-route';

vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-js')).stripeJsModule);

installMockServer();
afterEach(() => cleanup());
beforeEach(() => {
  stripeJs.reset();
  useCartStore.getState().clear();
  useCartStore
    .getState()
    .setBookingItems([
      { venue_id: 3, booking_type_id: 5, date: '2030-03-05', time: '18:00', court: 'Lane 2', venue: 'Riverside Pool', bookingType: 'Lane hire (1 hour)', endTime: '19:00', priceCents: 4100 },
    ]);
});

const config = formTestConfig({
  ShowPaymentDetailsTab: true,
  fin_setup: { InvoiceTitle: 'Invoice', ReceiptTitle: 'Receipt', Currency: 'AUD' },
  localization: { ...formTestConfig().localization, CurrencySymbol: '$' },
});

const quote = (stripePublishableKey: string | null): QuoteAnswer => cartQuote({ priceCents: 4100, stripePublishableKey });

const answer = (over: Partial<PaymentAnswer>): PaymentAnswer => ({
  PaymentID: 7,
  status: 'completed',
  amountCents: 4100,
  currencySymbol: '$',
  processor: 'stripe',
  reference: 'pi_1',
  invoiceNos: ['INV-7'],
  receiptNo: 'R-7',
  card: 'Visa •••• 4242',
  items: [],
  challenge: null,
  holdExpiresAt: null,
  ...over,
});

function serve(stripeKey: string | null, answers: PaymentAnswer[]) {
  const payments: { body: CheckoutRequest; key: string | null }[] = [];
  const noCard: PaymentDetails = { PaymentType: 'CreditCardPayments', offersCard: true, offersBank: false, bankFormat: 'AU', card: null, instalmentsOnCard: false, debitsScheduled: false, bank: null };
  server.use(
    http.post('/api/payment/quote', () => HttpResponse.json(quote(stripeKey))),
    http.get('/api/customer/get-payment-details', () => HttpResponse.json(noCard)),
    http.get('/api/payment/cart-holds', () => HttpResponse.json({ classes: [], courts: [], refused: [] })),
    http.post<never, CheckoutRequest>('/api/payment/checkout', async ({ request }) => {
      payments.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return HttpResponse.json(answers[Math.min(payments.length, answers.length) - 1]);
    }),
  );
  return payments;
}

function renderPayment() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, config);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[paths.payment]}>
        <Routes>
          <Route path={paths.payment} element={<PaymentRoute />} />
          <Route path={paths.paymentSuccess} element={<PaymentSuccessRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('paying through Stripe (decision 103)', () => {
  it('loads Stripe.js with the company’s key, mounts the Payment Element for the amount, and sends only the payment method Stripe.js made', async () => {
    const payments = serve('pk_test_company', [answer({})]);
    renderPayment();
    const pay = await screen.findByRole('button', { name: 'Pay $41.00' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_company');
    expect(stripeJs.argsOf('stripe.elements')?.[0]).toMatchObject({ mode: 'payment', amount: 4100, currency: 'aud', paymentMethodCreation: 'manual' });
    expect(stripeJs.argsOf('elements.create')?.[0]).toBe('payment');
    // No card field of the portal's own: the card is typed into Stripe's frame.
    expect(screen.queryByLabelText(/card number/i)).toBeNull();

    fireEvent.click(pay);
    expect(await screen.findByText('R-7')).toBeTruthy();
    expect(stripeJs.called('elements.submit', 'stripe.createPaymentMethod')).toEqual(['elements.submit', 'stripe.createPaymentMethod']);
    expect(stripeJs.argsOf('stripe.createPaymentMethod')?.[0]).toEqual({ elements: stripeJs.elements });
    expect(payments).toHaveLength(1);
    expect(payments[0]!.body.cardToken).toBe(stripeJs.paymentMethod);
    expect(JSON.stringify(payments[0]!.body)).not.toMatch(/number|cvc/i);
  });

  it('3-D Secure: Stripe.js finishes the step with the client secret, then the same attempt (same key, same body) is asked again', async () => {
    const payments = serve('pk_test_company', [answer({ status: 'requires_action', challenge: { id: 'pi_1_secret_abc', amountCents: 4100 }, receiptNo: null }), answer({})]);
    renderPayment();
    const pay = await screen.findByRole('button', { name: 'Pay $41.00' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect(await screen.findByText('R-7')).toBeTruthy();
    expect(stripeJs.argsOf('stripe.handleNextAction')?.[0]).toEqual({ clientSecret: 'pi_1_secret_abc' });
    expect(payments).toHaveLength(2);
    expect(payments[1]!.key).toBe(payments[0]!.key);
    expect(payments[1]!.body).toEqual(payments[0]!.body);
    // The simulator's own challenge step never shows for Stripe.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a company on the embedded gateway never loads Stripe.js', async () => {
    serve(null, [answer({ processor: 'simulated' })]);
    renderPayment();
    expect(await screen.findByLabelText(/card number/i)).toBeTruthy();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});

describe('Stripe.js that does not load', () => {
  it('says the card form could not be loaded, instead of a form that never takes a card', async () => {
    stripeJs.loadStripe.mockImplementationOnce(() => Promise.reject(new Error('Failed to load Stripe.js')));
    serve('pk_test_blocked', [answer({})]);
    renderPayment();
    expect((await screen.findByRole('alert')).textContent).toContain('The card form could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Pay $41.00' })).toBeNull();
  });
});
