import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams, Link } from 'react-router';
import { HOLD_EXPIRED_MESSAGE, type PaymentAnswer, type PaymentDetails, type PaymentMethod } from '@portal/shared/payment-schemas';
import type { CardDetails } from '@/components/forms/card-form';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { PaymentOptionField } from '@/components/payment/payment-option-field';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isNoAnswer } from '@/lib/api-client';
import { useCartStore } from '@/lib/cart-store';
import { classesKey } from '@/entities/classes/classes-key';
import { useConfig } from '@/entities/company/get-company-config';
import { formatMoney } from '@/lib/format';
import { newIdempotencyKey, openChallengeOf, type OpenChallenge } from '@/lib/payment-attempt';
import { decideChallenge, tokeniseCard } from '@/entities/payments/payment-gateway';
import { getAmountOwedQueryOptions } from '@/entities/payments/get-amount-owed';
import { getPaymentDetailsQueryOptions, usePaymentDetails } from '@/entities/payments/get-payment-details';
import { getCustomerCreditsQueryOptions } from '@/features/checkout/api/get-customer-credits';
import { getNotificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import { quoteKey, useQuote } from '@/features/checkout/api/get-quote';
import { submitPayment } from '@/features/checkout/api/submit-payment';
import { ChallengeModal, HoldNotice, useHoldCountdown } from '@/components/payment/challenge-modal';
import { isCartEmpty, useCartRequest, type CartKind } from '@/features/checkout/lib/cart-request';
import { CartHoldNotice } from '@/features/checkout/components/cart-holds';
import { WaitlistJoinedNotice } from '@/features/checkout/components/join-waitlist';
import { useForgetWaitlistJoinedOnLeave } from '@/features/checkout/lib/waitlist-joined';
import { namedLines, RefusalBox, RefusedLines } from '@/features/checkout/components/quote-error';
import { useCartLines } from '@/features/checkout/lib/cart-lines';
import { CardEntry } from '@/components/payment/card-entry';
import { SavedCardChoice } from '@/components/payment/saved-card-choice';
import { useCurrentUser } from '@/entities/customer/identity';
import { StatusMessage } from '@/components/ui/status-message';
import { usePaymentDetailsMutations } from '@/features/billing/api/save-payment-details';
import { useDirectDebitReturn } from '@/features/billing/api/direct-debit-return';
import { InstalmentChoice } from '@/components/payment/instalment-choice';
import { finishStripeStep, isStripeCard, STRIPE_STEP_FAILED, type StripeCard } from '@/lib/stripe';

const PAYMENT_UNCONFIRMED = 'We could not reach the server to confirm your payment. Press Pay again once you are back online: you will not be charged twice.';
/**
 * /hub/payment (H14): pays the cart through the company's gateway; card details go to the gateway only.
 * Where the payment type offers bank details and the client has them on file, new items can be
 * paid by direct debit instead (decision 034): nothing is charged, the invoice is Debit Scheduled.
 */
export default function PaymentRoute() {
  const config = useConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // Opened without saying which (a bookmark, a new tab): the cart that holds something, classes and courts first.
  const onlyInvoices = useCartStore((s) => isCartEmpty(s, 'items') && !isCartEmpty(s, 'invoices'));
  const kind: CartKind = params.get('for') === 'invoices' || (params.get('for') === null && onlyInvoices) ? 'invoices' : 'items';
  const { request: cartRequest, empty } = useCartRequest(kind);
  const { lines } = useCartLines();
  useForgetWaitlistJoinedOnLeave();
  const details = usePaymentDetails(config.ShowPaymentDetailsTab);
  const savedCard = details.data?.card ?? null;
  const bank = details.data?.offersBank ? (details.data.bank ?? null) : null;
  // Invoices are paid by card only; classes and courts also by direct debit from the bank details on
  // file, or from a GoCardless mandate the family sets up from here (decision 104).
  const setUpDebit = kind === 'items' && bank === null && details.data?.bankSetup?.via === 'gocardless';
  const debitOffered = kind === 'items' && (bank !== null || setUpDebit);
  const { startDebit, finishDebit } = usePaymentDetailsMutations();
  const [status, setStatus] = useState<string | null>(null);
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const quote = useQuote({ ...cartRequest, paymentMethod: chosen ?? 'card' }, !empty);
  // In instalments (decision 105), where the company's terms allow it for this cart: the deposit is paid now.
  const [inInstalments, setInInstalments] = useState(false);
  const offer = kind === 'items' ? (quote.data?.instalmentOffer ?? null) : null;
  const byInstalments = offer !== null && inInstalments;
  const request = { ...cartRequest, paymentMethod: chosen ?? 'card', ...(byInstalments ? { instalments: true } : {}) };
  const clearPaid = useCartStore((s) => s.clearPaid);
  // A guardian paying (a grandparent, decision 101) is offered their own card first: the card on file is the family's.
  const guardian = (useCurrentUser()?.Role ?? 'holder') !== 'holder';
  const [useSaved, setUseSaved] = useState(!guardian);
  const [saveCard, setSaveCard] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Back from GoCardless's pages: with the mandate on file, Direct Debit is chosen for the family.
  const chooseDebit = useCallback((d: PaymentDetails) => {
    if (d.bank) setChosen('direct_debit');
  }, []);
  useDirectDebitReturn(finishDebit.mutateAsync, setStatus, setError, chooseDebit);
  const [challenge, setChallenge] = useState<(OpenChallenge & { body: Parameters<typeof submitPayment>[0] }) | null>(null);
  // When the places and courts the server holds for this payment are let go (shown as a countdown on the page and in the challenge step).
  const [holdUntil, setHoldUntil] = useState<number | null>(null);
  const holdLeft = useHoldCountdown(holdUntil, () => {
    // The server lets the holds go at this instant; this attempt is over.
    attemptKey.current = null;
    setChallenge(null);
    setHoldUntil(null);
    setError(HOLD_EXPIRED_MESSAGE);
    void queryClient.invalidateQueries({ queryKey: quoteKey });
  });
  // One key per attempt: a retry of the same attempt (a lost answer, the challenge's second step) reuses it.
  const attemptKey = useRef<string | null>(null);
  const symbol = config.localization.CurrencySymbol;
  const total = quote.data?.totals.paymentAmountCents ?? 0;
  const amount = byInstalments ? (offer.schedule[0]?.amountCents ?? total) : total;
  const stripeKey = quote.data?.stripePublishableKey ?? null;
  const back = kind === 'invoices' ? paths.invoiceCheckout : paths.checkout;

  function finish(answer: PaymentAnswer) {
    clearPaid(kind);
    // Marked stale, not asked again on this page: the cart it priced is paid (the server would refuse it, 409).
    void queryClient.invalidateQueries({ queryKey: quoteKey, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: getCustomerCreditsQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: getPaymentDetailsQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: getAmountOwedQueryOptions().queryKey });
    // Places bought: the classes' lists and the waitlist (an offer taken) are read afresh.
    void queryClient.invalidateQueries({ queryKey: classesKey });
    // The payment's notification ("Payment received") is in the bell now, not at its next poll.
    void queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey });
    // What the success page says and offers next: the places confirmed and the enrolments, when classes were bought; My bookings, when courts were.
    const bought = (list: unknown[] | undefined) => kind === 'items' && (list?.length ?? 0) > 0;
    void navigate(paths.paymentSuccess, { replace: true, state: { payment: answer, bookings: bought(cartRequest.bookingItems), classes: bought(cartRequest.classItems) } });
  }

  async function pay(body: Parameters<typeof submitPayment>[0], afterStripeStep?: string) {
    setError(null);
    setBusy(true);
    // After Stripe's step, the attempt it was taken for (the hold's countdown may have ended it meanwhile: the server then says so under its key).
    const key = afterStripeStep ?? (attemptKey.current ??= newIdempotencyKey());
    try {
      const answer = await submitPayment(body, key);
      const asked = openChallengeOf(answer);
      if (asked && stripeKey && !afterStripeStep) {
        // Stripe.js shows the bank's 3-D Secure step; then the same attempt is asked how it ended.
        setHoldUntil(asked.holdUntil);
        await finishStripeStep(stripeKey, asked.id);
        return await pay(body, key);
      }
      if (asked && stripeKey) throw new Error(STRIPE_STEP_FAILED);
      if (asked) {
        setHoldUntil(asked.holdUntil);
        setChallenge({ ...asked, body });
        return;
      }
      attemptKey.current = null;
      setHoldUntil(null);
      finish(answer);
    } catch (e) {
      // No answer came back, even asked again under its key (sendPaymentAttempt): the payment may have
      // been taken. The key is kept for Pay again and the cart is not priced anew (the server would
      // refuse a cart it has just sold as already bought).
      if (isNoAnswer(e)) {
        setError(PAYMENT_UNCONFIRMED);
        return;
      }
      attemptKey.current = null;
      setChallenge(null);
      setHoldUntil(null);
      setError(errorMessage(e));
      void queryClient.invalidateQueries({ queryKey: quoteKey });
    } finally {
      setBusy(false);
    }
  }

  async function payWithCard(card: CardDetails | StripeCard) {
    if (isStripeCard(card)) return pay({ ...request, cardToken: card.paymentMethod, saveCard });
    setError(null);
    setBusy(true);
    try {
      const token = await tokeniseCard(card);
      await pay({ ...request, cardToken: token.id, saveCard });
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  async function decide(approve: boolean) {
    if (!challenge) return;
    setBusy(true);
    try {
      await decideChallenge(challenge.id, approve);
    } catch {
      // The payment's own answer below says what happened.
    }
    const { body } = challenge;
    setChallenge(null);
    await pay(body);
  }

  // One card is kept on file (decision 024): saving this one replaces the saved card, and a guardian's becomes the family's.
  const onFile = savedCard ? `${savedCard.brand} ending ${savedCard.last4}` : details.data?.bank ? `the bank account ending ${details.data.bank.AccountNumber.replaceAll('•', '')}` : null;
  const saveLabel = `${guardian ? 'Save this card as the family’s card' : 'Save this card for next time'}${onFile ? `, in place of ${onFile}` : ''}`;
  const saveCardBox = config.ShowPaymentDetailsTab && details.data?.offersCard ? <CheckboxField label={saveLabel} checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} /> : null;

  if (empty) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-10 text-center sm:px-6">
        <PageHeader title="Payment" />
        <WaitlistJoinedNotice className="mb-4 text-left" />
        <p className="text-muted">There is nothing to pay.</p>
        <Link to={paths.company} className={buttonClasses('secondary', 'md', 'mt-5')}>
          Back to home
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to={back} className="mb-2 inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink hover:underline">
        ← Back to {kind === 'invoices' ? 'invoice checkout' : 'checkout'}
      </Link>
      <PageHeader
        title="Payment"
        description={chosen === 'direct_debit' ? 'Collected by direct debit from your bank account: no card is charged.' : 'Your card details go straight to our payment provider.'}
      />
      {/* A refusal the quote now gives too (a class that filled at Pay) is said once, by the quote's box below. */}
      <ErrorBox message={quote.isError && error === errorMessage(quote.error) ? null : error} onDismiss={() => setError(null)} className="mb-4" />
      <StatusMessage message={status} onDismiss={() => setStatus(null)} className="mb-4" />
      <WaitlistJoinedNotice className="mb-4" />
      {holdLeft !== null ? (
        <HoldNotice left={holdLeft} className="mb-4" />
      ) : kind === 'items' ? (
        <div className="mb-4">
          <CartHoldNotice refusal={quote.error} />
        </div>
      ) : null}
      {quote.isPending ? (
        <div className="flex justify-center py-16 text-primary-ink">
          <Spinner label="Loading your payment" />
        </div>
      ) : quote.isError ? (
        <RefusalBox error={quote.error}>
          {/* A court booked meanwhile: its line, to take out here; Pay comes back for the rest. */}
          {kind === 'items' && namedLines(quote.error, lines).length > 0 ? <RefusedLines error={quote.error} lines={lines} /> : null}
          <div className="text-center">
            <Link to={back} className={buttonClasses('secondary', 'sm', 'mt-3')}>
              Change your cart
            </Link>
          </div>
        </RefusalBox>
      ) : (
        <div className="space-y-5">
          <div className="flex items-baseline justify-between rounded-2xl border border-line bg-surface px-4 py-4 shadow-xs">
            <span className="font-semibold text-ink">{byInstalments ? (chosen === 'direct_debit' ? 'First instalment' : 'To pay today') : 'Amount to pay'}</span>
            <span className="text-2xl font-bold tabular-nums text-ink" data-testid="payment-amount">
              {formatMoney(amount, symbol)}
            </span>
          </div>
          {offer ? (
            <InstalmentChoice
              offer={offer}
              totalCents={total}
              symbol={symbol}
              dateFormat={config.localization.DateFormat}
              value={inInstalments}
              onChange={setInInstalments}
              byDebit={chosen === 'direct_debit'}
            />
          ) : null}
          {amount > 0 && debitOffered && quote.data.cardPaymentsAvailable ? <PaymentOptionField value={chosen} onChange={setChosen} /> : null}
          {amount === 0 ? (
            <Button size="lg" fullWidth loading={busy} onClick={() => void pay({ ...request })}>
              Confirm
            </Button>
          ) : debitOffered && (chosen === 'direct_debit' || !quote.data.cardPaymentsAvailable) ? (
            <section aria-labelledby="debit-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-xs sm:p-6">
              <h2 id="debit-heading" className="mb-2 text-lg font-semibold text-ink">
                Pay by direct debit
              </h2>
              {bank ? (
                <>
                  <p className="mb-4 text-sm text-ink">
                    Nothing is charged now: {formatMoney(amount, symbol)} will be collected from {bank.AccountName}, account {bank.AccountNumber}.
                  </p>
                  <Button size="lg" loading={busy} onClick={() => void pay({ ...request, paymentMethod: 'direct_debit' })} className="w-full sm:w-auto">
                    Pay {formatMoney(amount, symbol)} by direct debit
                  </Button>
                </>
              ) : (
                <>
                  <p className="mb-4 text-sm text-ink">Set up your Direct Debit on GoCardless’s secure pages first; you will come back here to pay.</p>
                  <Button
                    size="lg"
                    loading={startDebit.isPending || startDebit.isSuccess}
                    onClick={() => startDebit.mutate('payment', { onError: (e) => setError(errorMessage(e)) })}
                    className="w-full sm:w-auto"
                  >
                    Set up Direct Debit
                  </Button>
                </>
              )}
            </section>
          ) : debitOffered && chosen === null ? null : !quote.data.cardPaymentsAvailable ? (
            <p className="rounded-2xl border border-line bg-surface-muted px-4 py-4 text-sm text-ink">Online payment is not available. Please contact us to pay.</p>
          ) : (
            <section aria-labelledby="card-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-xs sm:p-6">
              <h2 id="card-heading" className="mb-4 text-lg font-semibold text-ink">
                Pay by card
              </h2>
              {savedCard ? <SavedCardChoice card={savedCard} useSaved={useSaved} onChange={setUseSaved} family={guardian} /> : null}
              {savedCard && useSaved ? (
                <Button size="lg" loading={busy} onClick={() => void pay({ ...request, useSavedCard: true })} className="w-full sm:w-auto">
                  Pay {formatMoney(amount, symbol)}
                </Button>
              ) : (
                <CardEntry stripeKey={stripeKey} amountCents={amount} submitLabel={`Pay ${formatMoney(amount, symbol)}`} busy={busy} onCard={payWithCard}>
                  {saveCardBox}
                </CardEntry>
              )}
            </section>
          )}
        </div>
      )}
      <ChallengeModal open={challenge !== null} amountCents={challenge?.amountCents ?? 0} currencySymbol={symbol} holdLeft={holdLeft} busy={busy} onDecide={(a) => void decide(a)} />
    </div>
  );
}
