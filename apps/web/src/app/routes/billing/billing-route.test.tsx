// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApiError, Success } from '@portal/shared/api-schemas';
import type { BankDetailsRequest, PaymentDetails } from '@portal/shared/payment-schemas';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { stripeJs } from '@/test/stripe-js';
import BillingRoute from './billing-route';

vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-js')).stripeJsModule);
installMockServer();
afterEach(() => cleanup());

const config = formTestConfig({ ShowPaymentDetailsTab: true });

const withCard: PaymentDetails = {
  PaymentType: 'EitherCCOrDD',
  offersCard: true,
  offersBank: true,
  bankFormat: 'UK',
  card: { brand: 'Visa', last4: '4242', expiry: '12/2030' },
  instalmentsOnCard: false,
  debitsScheduled: false,
  bank: null,
};

/** The billing page's calls: what is on file, and each bank-details save and removal it sends. */
function serveBilling(details: PaymentDetails, { removal }: { removal?: ApiError } = {}) {
  const sent: { bank: BankDetailsRequest[]; removals: number } = { bank: [], removals: 0 };
  server.use(
    http.get<never, never, PaymentDetails>('/api/customer/get-payment-details', () => HttpResponse.json(details)),
    http.post<never, BankDetailsRequest, PaymentDetails>('/api/customer/update-bank-details', async ({ request }) => {
      const body = await request.json();
      sent.bank.push(body);
      return HttpResponse.json({ ...details, card: null, bank: { AccountName: body.AccountName, BankCode: body.BankCode, AccountNumber: '•••••678' } });
    }),
    http.delete<never, never, Success | ApiError>('/api/customer/remove-payment-details', () => {
      sent.removals += 1;
      return removal ? HttpResponse.json(removal, { status: 409 }) : HttpResponse.json({ success: true });
    }),
  );
  return sent;
}

const renderPage = () => renderRoute(<BillingRoute />, { url: '/hub/settings/billing', config });

/** The note said with the form that would replace what is saved, and again in the dialog Remove opens. */
async function expectNoteOnFormAndRemove(replaces: string, removed: string, note: string) {
  renderPage();
  expect(await screen.findByText(`${replaces} ${note}`)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove payment details?' });
  // The dialog names what goes, as the page shows it.
  expect(within(dialog).getByText(`${removed} will be removed from your account. ${note}`)).toBeTruthy();
}

describe('Billing (/hub/settings/billing)', () => {
  it('K14, K19: the saved card shows by brand, last digits and expiry, with what the payment type lets the customer keep on file', async () => {
    serveBilling(withCard);
    renderPage();
    expect(await screen.findByText('Visa ending 4242')).toBeTruthy();
    expect(screen.getByText('Expires 12/2030')).toBeTruthy();
    expect(screen.getByText('Saving bank details replaces your saved card.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update card' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add bank details' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.queryByText('No payment details saved.')).toBeNull();
  });

  it('a card the gateway refuses says why in the form; Cancel goes back to the saved card without that message', async () => {
    serveBilling(withCard);
    server.use(http.post('/sim-gateway/v1/tokens', () => HttpResponse.json({ message: 'Your card number is incorrect.', code: 'incorrect_number' }, { status: 402 })));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Update card' }));
    const form = screen.getByRole('form', { name: 'Card details' });
    fireEvent.change(within(form).getByLabelText('Name on card'), { target: { value: 'Sarah Mitchell' } });
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4242424242424241' } });
    fireEvent.change(within(form).getByLabelText('Expiry (MM/YYYY)'), { target: { value: '12/2030' } });
    fireEvent.change(within(form).getByLabelText('Security code'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card number is incorrect.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Visa ending 4242')).toBeTruthy();
    expect(screen.queryByText('Your card number is incorrect.')).toBeNull();
  });

  it('K17: UK bank details with a letter in the sort code and a short account number are refused with the spec’s messages and nothing is sent; corrected, they are sent and the masked account replaces the card', async () => {
    const sent = serveBilling(withCard);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add bank details' }));
    const form = screen.getByRole('form', { name: 'Bank details' });
    fireEvent.change(within(form).getByLabelText('Account name'), { target: { value: 'Sarah Mitchell' } });
    fireEvent.change(within(form).getByLabelText('Sort code'), { target: { value: '12-34-5A' } });
    fireEvent.change(within(form).getByLabelText('Account number'), { target: { value: '1234567' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank details' }));

    expect(await within(form).findByText('Please enter valid numbers only')).toBeTruthy();
    expect(within(form).getByText('Account number must be 8 digits')).toBeTruthy();
    expect(sent.bank).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Sort code'), { target: { value: '12-34-56' } });
    fireEvent.change(within(form).getByLabelText('Account number'), { target: { value: '12345678' } });
    // A double-tap saves once.
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank details' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank details' }));

    expect(await screen.findByText('Your bank details have been saved.')).toBeTruthy();
    expect(sent.bank).toEqual([{ AccountName: 'Sarah Mitchell', BankCode: '123456', AccountNumber: '12345678' }]);
    expect(screen.getByText('•••••678')).toBeTruthy();
    expect(screen.queryByText('Visa ending 4242')).toBeNull();
    // The form gone, the focus is back on the button that opened it, not dropped to the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update bank details' })));
  });

  it('a form opened takes the focus on its first box; Escape leaves it and the focus returns to the button that opened it', async () => {
    serveBilling(withCard);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Update card' }));
    const form = screen.getByRole('form', { name: 'Card details' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name on card')));
    fireEvent.keyDown(within(form).getByLabelText('Name on card'), { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update card' })));
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add bank details' }));
    const bank = screen.getByRole('form', { name: 'Bank details' });
    // Saving bank details would replace the card: the heading first, so the note under it is read before the boxes.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Bank details' })));
    expect(screen.getByText('Saving bank details replaces your saved card.')).toBeTruthy();
    fireEvent.click(within(bank).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add bank details' })));
  });

  it('a card that pays instalments: Remove and the bank details say the instalments will be invoices to pay instead', async () => {
    serveBilling({ ...withCard, instalmentsOnCard: true });
    await expectNoteOnFormAndRemove(
      'Saving bank details replaces your saved card.',
      'Your Visa ending 4242',
      'Your instalments will no longer be charged to this card: each one will be an invoice to pay when it is due, unless you save another card.',
    );
  });

  it('bank details with invoices waiting for direct debit: Remove and the card form say the invoices will be paid online instead', async () => {
    serveBilling({ ...withCard, card: null, bank: { AccountName: 'Sarah Mitchell', BankCode: '12-34-56', AccountNumber: '•••••678' }, debitsScheduled: true });
    await expectNoteOnFormAndRemove(
      'Saving a card replaces your bank details.',
      'Your bank account ending 678',
      'Invoices waiting for direct debit will no longer be collected from this account: each one will be yours to pay online.',
    );
  });

  it('K18: Remove asks first; a removal the server refuses shows its message and the card stays', async () => {
    const sent = serveBilling(withCard, { removal: { code: 'CONFLICT', message: 'Your card is used by a scheduled payment and cannot be removed now.' } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove payment details?' });
    expect(sent.removals).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Your card is used by a scheduled payment and cannot be removed now.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.removals).toBe(1);
    expect(screen.getByText('Visa ending 4242')).toBeTruthy();
  });

  it('decision 103: on Stripe, the card is saved through Stripe’s setup mode; a bank that asks for 3-D Secure gets it from Stripe.js, then the same card is sent again and saved', async () => {
    stripeJs.reset();
    const onStripe: PaymentDetails = { ...withCard, card: null, stripePublishableKey: 'pk_test_billing' };
    serveBilling(onStripe);
    const saves: { token: string }[] = [];
    server.use(
      http.post<never, { token: string }, PaymentDetails>('/api/customer/add-credit-card-details', async ({ request }) => {
        saves.push(await request.json());
        return HttpResponse.json(
          saves.length === 1 ? { ...onStripe, cardAction: { clientSecret: 'seti_1_secret_z' } } : { ...onStripe, card: { brand: 'Visa', last4: '3220', expiry: '12/2030' }, cardAction: null },
        );
      }),
    );
    renderRoute(<BillingRoute />, { url: '/hub/settings/billing', config: formTestConfig({ ShowPaymentDetailsTab: true, fin_setup: { ...formTestConfig().fin_setup, Currency: 'GBP' } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add card' }));
    const save = await screen.findByRole('button', { name: 'Save card' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    expect(stripeJs.argsOf('stripe.elements')?.[0]).toMatchObject({ mode: 'setup', currency: 'gbp' });
    fireEvent.click(save);
    expect(await screen.findByText('Your card has been saved.')).toBeTruthy();
    expect(stripeJs.argsOf('stripe.handleNextAction')?.[0]).toEqual({ clientSecret: 'seti_1_secret_z' });
    expect(saves).toEqual([{ token: stripeJs.paymentMethod }, { token: stripeJs.paymentMethod }]);
  });
});
