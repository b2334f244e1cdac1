import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { BookingRequest } from '@portal/shared/bookings-schemas';
import { guestBookingMessages as m, guestDetailsSchema, type GuestBooking, type GuestBookingRequest, type GuestDetails } from '@portal/shared/guest-booking-schemas';
import { HOLD_EXPIRED_MESSAGE, type PaymentAnswer } from '@portal/shared/payment-schemas';
import { CaptchaCheck, useCaptchaAnswer } from '@/components/forms/captcha-check';
import { KeptDraftNote, useKeptDraft } from '@/components/forms/kept-draft';
import type { CardDetails } from '@/components/forms/card-form';
import { CardEntry } from '@/components/payment/card-entry';
import { isStripeCard, STRIPE_STEP_FAILED, useStripeStep, type StripeCard } from '@/lib/stripe';
import { ChallengeModal, HoldNotice, useHoldCountdown } from '@/components/payment/challenge-modal';
import { QuoteSummary } from '@/components/payment/quote-summary';
import { ErrorBox } from '@/components/ui/error-box';
import { ListLoading, QueryError } from '@/components/ui/list-states';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { cancellableOnline } from '@/lib/cancel-deadline';
import { companyTimeZone, formatMoney } from '@/lib/format';
import { attemptErrorMessage, newIdempotencyKey, openChallengeOf, outcomeUnknown, type OpenChallenge } from '@/lib/payment-attempt';
import { decideChallenge, guestBookingGateway, tokeniseCard } from '@/entities/payments/payment-gateway';
import { showServerErrors } from '@/lib/server-field-errors';
import { useConfig } from '@/entities/company/get-company-config';
import { courtLabel } from '@/lib/labels';
import { bookAsGuest } from '../api/book-as-guest';
import { useGuestQuote } from '../api/get-guest-quote';

/** The guest's details as the booking request nests them, so the server's `guest.Email` errors land on their fields. */
const detailsFormSchema = z.object({ guest: guestDetailsSchema });
type DetailsForm = z.infer<typeof detailsFormSchema>;
const FIELDS = ['guest.FirstName', 'guest.LastName', 'guest.Email', 'guest.Phone'] as const;
const EMPTY: DetailsForm = { guest: { FirstName: '', LastName: '', Email: '', Phone: '' } };

/** A refusal of the slot itself (taken meanwhile, its time passed, no longer offered): the guest picks another. */
function slotLost(e: unknown): boolean {
  return e instanceof ApiRequestError && e.code.startsWith('BOOKING_');
}

export interface GuestBooked {
  booking: GuestBooking;
  payment: PaymentAnswer;
  email: string;
  /** The e-mail's link that shows and cancels the booking. */
  cancelUrl: string | null;
}

/**
 * The public booking page's checkout: the court priced as the hub's checkout prices it, the
 * guest's name, e-mail and phone, the captcha, then the card (tokenised at the gateway). One
 * Idempotency-Key per attempt; a card that asks for a challenge step sends the same request
 * again, same key, once it is decided. A declined card keeps the guest here, the captcha still
 * solved, for another card; a court taken meanwhile (refused at the quote or at Pay) sends them
 * back to choose another time.
 */
export function GuestCheckout({
  booking,
  summary,
  onBooked,
  onSlotLost,
}: {
  booking: BookingRequest;
  /** The chosen court and time, with the way back to change them. */
  summary: ReactNode;
  onBooked: (booked: GuestBooked) => void;
  onSlotLost: (message: string) => void;
}) {
  const quote = useGuestQuote(booking);
  const config = useConfig();
  const form = useForm<DetailsForm>({ resolver: zodResolver(detailsFormSchema), mode: 'onTouched', defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = form;
  // A reload (the phone dropped the tab while the guest found a card) keeps the details typed, never the card (decision 148).
  const draft = useKeptDraft('guest-booking', form, FIELDS);
  const [captchaError, setCaptchaError] = useState<string | undefined>(undefined);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<OpenChallenge | null>(null);
  // One key per attempt: the challenge's second step (or a lost answer) sends the same body, captcha included, under it.
  const attempt = useRef<{ key: string; body: GuestBookingRequest } | null>(null);
  const stripeStep = useStripeStep();

  // The captcha's answer, waited for when Pay comes while the widget still verifies.
  const captcha = useCaptchaAnswer((found) => {
    if (found) setCaptchaError(undefined);
  });
  // A refusal other than a field error or a declined card ends the captcha's solution: the next attempt solves a new one.
  const freshCaptcha = () => setCaptchaRound((n) => n + 1);
  const holdLeft = useHoldCountdown(challenge?.holdUntil ?? null, () => {
    // The server lets the court go at this instant: this attempt is over.
    attempt.current = null;
    setChallenge(null);
    freshCaptcha();
    setError(HOLD_EXPIRED_MESSAGE);
  });

  function refused(e: unknown) {
    setChallenge(null);
    // No answer, a server failure, a payment not yet confirmed: the server may have kept the attempt (its captcha
    // spent), so Pay sends the same request again, same key. Any other answer ends it: the next try is a new attempt.
    if (outcomeUnknown(e)) {
      setError(attemptErrorMessage(e));
      return;
    }
    attempt.current = null;
    if (slotLost(e)) {
      onSlotLost(errorMessage(e));
      return;
    }
    if (e instanceof ApiRequestError && e.code.startsWith('CAPTCHA_')) {
      freshCaptcha();
      setCaptchaError(e.message);
      return;
    }
    if (e instanceof ApiRequestError && e.code === 'VALIDATION') {
      setError(showServerErrors(e, setFieldError, FIELDS));
      return;
    }
    // A card declined by its bank: the server takes the same captcha for the next card (decision 082).
    if (!(e instanceof ApiRequestError && e.status === 402)) freshCaptcha();
    setError(errorMessage(e));
  }

  async function send(sent: { key: string; body: GuestBookingRequest }) {
    const answer = await bookAsGuest(sent.body, sent.key);
    const asked = openChallengeOf(answer.payment);
    // A Stripe card: Stripe.js takes the step in the page, then the same attempt goes again.
    const step = asked ? stripeStep.take(asked.id, sent.key, () => void resend(sent)) : 'none';
    if (step === 'taken') return;
    if (step === 'failed') {
      setError(STRIPE_STEP_FAILED);
      return;
    }
    if (asked) {
      setChallenge(asked);
      return;
    }
    if (!answer.booking) throw new Error('Something went wrong. Please try again.');
    attempt.current = null;
    onBooked({ booking: answer.booking, payment: answer.payment, email: sent.body.guest.Email, cancelUrl: answer.cancelUrl });
  }

  /** The same attempt again, its answer shown as the first one's would be. */
  async function resend(sent: { key: string; body: GuestBookingRequest }) {
    setBusy(true);
    try {
      await send(sent);
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  }

  /** Books with the card given, or with none where nothing is to pay (a free court). */
  async function pay(guest: GuestDetails, card: CardDetails | StripeCard | null) {
    const unanswered = attempt.current;
    if (unanswered) {
      setError(null);
      setBusy(true);
      try {
        await send(unanswered);
      } catch (e) {
        refused(e);
      } finally {
        setBusy(false);
      }
      return;
    }
    setError(null);
    setBusy(true);
    const solution = await captcha.answer();
    if (!solution) {
      setBusy(false);
      setCaptchaError(m.captchaRequired);
      return;
    }
    if (card) stripeStep.paidWith(card);
    try {
      // A card the gateway refuses to take never reaches the booking: the captcha stays solved.
      const token = !card
        ? null
        : await (isStripeCard(card) ? Promise.resolve({ id: card.paymentMethod }) : tokeniseCard(card, guestBookingGateway)).catch((e: unknown) => {
            setError(errorMessage(e));
            return null;
          });
      if (card && !token) return;
      attempt.current = { key: newIdempotencyKey(), body: { booking, guest, captcha: solution, ...(token ? { cardToken: token.id } : {}) } };
      await send(attempt.current);
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  }

  async function decide(approve: boolean) {
    const open = challenge;
    const sent = attempt.current;
    if (!open || !sent) return;
    setBusy(true);
    try {
      await decideChallenge(open.id, approve, guestBookingGateway);
    } catch {
      // The booking's own answer below says what happened.
    }
    setChallenge(null);
    await resend(sent);
  }

  // The card form's button pays: the details and the captcha are checked with the card (their errors show, the first field gets the focus).
  const captchaMissing = () =>
    void captcha.answer().then((solution) => {
      if (!solution) setCaptchaError(m.captchaRequired);
    });
  const payWithCard = (card: CardDetails | StripeCard | null) => handleSubmit((values) => pay(values.guest, card), captchaMissing)();
  const checkDetails = () => void handleSubmit(captchaMissing, captchaMissing)();

  // The court taken before the checkout opened (decision 127): the quote refuses it, and the guest chooses again.
  // An attempt under way keeps the guest here: its own answer says how it ended.
  const quoteRefusal = quote.error;
  const sentBack = useRef<unknown>(null);
  useEffect(() => {
    if (!slotLost(quoteRefusal) || attempt.current !== null || busy || sentBack.current === quoteRefusal) return;
    sentBack.current = quoteRefusal;
    onSlotLost(errorMessage(quoteRefusal));
  }, [quoteRefusal, busy, onSlotLost]);

  const data = quote.data;
  const symbol = data?.currencySymbol ?? '';
  const amount = data?.totals.paymentAmountCents ?? 0;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <aside aria-label="Your booking and its price" className="space-y-4 lg:sticky lg:top-6 lg:order-2">
        {summary}
        {quote.isPending || slotLost(quote.error) ? <ListLoading label="Loading the price" /> : quote.isError ? <QueryError query={quote} /> : <QuoteSummary quote={quote.data} />}
      </aside>

      <div className="min-w-0 space-y-6 lg:order-1">
        <ErrorBox message={error} onDismiss={() => setError(null)} />
        <section aria-labelledby="guest-details-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-xs sm:p-6">
          <h2 id="guest-details-heading" data-step-heading tabIndex={-1} className="text-lg font-semibold text-ink focus:outline-none">
            Your details
          </h2>
          <p className="mt-0.5 mb-4 text-sm text-ink-soft">
            {cancellableOnline(booking.date, booking.time, config.booking_setup.CancelCutoffHours, companyTimeZone(config))
              ? 'We e-mail your booking to you, with a link to cancel it.'
              : 'We e-mail your booking to you.'}
          </p>
          {draft.restored ? (
            <div className="mb-4">
              <KeptDraftNote what="details" restored={draft.restored} onDiscard={draft.discard} />
            </div>
          ) : null}
          <form
            noValidate
            aria-label="Your details"
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              void handleSubmit(() => undefined)();
            }}
          >
            <TextField label="First name" autoComplete="given-name" maxLength={60} error={errors.guest?.FirstName?.message} {...register('guest.FirstName')} />
            <TextField label="Last name" autoComplete="family-name" maxLength={60} error={errors.guest?.LastName?.message} {...register('guest.LastName')} />
            <TextField label="Email" type="email" inputMode="email" autoComplete="email" error={errors.guest?.Email?.message} {...register('guest.Email')} />
            <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" maxLength={24} error={errors.guest?.Phone?.message} {...register('guest.Phone')} />
            <div className="sm:col-span-2">
              <CaptchaCheck resetKey={captchaRound} error={captchaError} onSolved={captcha.onSolved} />
            </div>
          </form>
        </section>

        {data && amount === 0 ? (
          <section aria-labelledby="guest-card-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-xs sm:p-6">
            <h2 id="guest-card-heading" className="text-lg font-semibold text-ink">
              Nothing to pay
            </h2>
            <p className="mt-0.5 mb-4 text-sm text-ink-soft">This {courtLabel(config).toLowerCase()} is free: no card is needed.</p>
            <Button fullWidth loading={busy} onClick={() => void payWithCard(null)}>
              Book now
            </Button>
          </section>
        ) : data ? (
          <section aria-labelledby="guest-card-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-xs sm:p-6">
            <h2 id="guest-card-heading" className="text-lg font-semibold text-ink">
              Pay by card
            </h2>
            <p className="mt-0.5 mb-4 text-sm text-ink-soft">Your card details go straight to our payment provider. The {courtLabel(config).toLowerCase()} is yours once paid.</p>
            {holdLeft !== null ? <HoldNotice left={holdLeft} className="mb-4" /> : null}
            {data.cardPaymentsAvailable ? (
              <CardEntry stripeKey={data.stripePublishableKey} amountCents={amount} submitLabel={`Pay ${formatMoney(amount, symbol)}`} busy={busy} onCard={payWithCard} onInvalid={checkDetails} />
            ) : (
              <p className="rounded-xl border border-line bg-surface-muted px-4 py-4 text-sm text-ink">Online card payment is not available at the moment. Please contact us to book.</p>
            )}
          </section>
        ) : null}
      </div>
      <ChallengeModal open={challenge !== null} amountCents={challenge?.amountCents ?? 0} currencySymbol={symbol} holdLeft={holdLeft} busy={busy} onDecide={(approve) => void decide(approve)} />
    </div>
  );
}
