import { useId, useRef, useState } from 'react';
import { LandmarkIcon, UserRoundXIcon } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { BankDetailsRequest, PaymentMethod } from '@portal/shared/payment-schemas';
import type { RegistrationPaymentOption, RegistrationQuoteAnswer } from '@portal/shared/registration-schemas';
import { companyTimeZone } from '@portal/shared/date-time-text';
import { BankForm } from '@/components/forms/bank-form';
import type { CardDetails } from '@/components/forms/card-form';
import { CardEntry } from '@/components/payment/card-entry';
import { SavedCardChoice, type SavedCard } from '@/components/payment/saved-card-choice';
import type { StripeCard } from '@/lib/stripe';
import { ChallengeModal, HoldNotice, useHoldCountdown } from '@/components/payment/challenge-modal';
import { PaymentOptionField } from '@/components/payment/payment-option-field';
import { PlacesHeld, PlacesLapsed } from '@/components/payment/places-held';
import { QuoteSummary } from '@/components/payment/quote-summary';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { ListLoading, QueryError } from '@/components/ui/list-states';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useCountdown } from '@/lib/countdown';
import { useConfig } from '@/entities/company/get-company-config';
import type { OpenChallenge } from '@/lib/payment-attempt';
import { StepCard, type StepCardProps } from './step-card';

/** Back to the class step, where a class filled since it was chosen. */
function chooseAgain(onClick: () => void) {
  return (
    <Button variant="secondary" className="self-start" onClick={onClick}>
      Choose other classes
    </Button>
  );
}

/** The places another family took while they were not held for this one: named, with the way back to the class step. */
function PlacesTaken({ headingId, names, onChooseClasses }: { headingId: string; names: string[]; onChooseClasses: (() => void) | undefined }) {
  return (
    <section aria-labelledby={headingId} className="flex gap-3 rounded-2xl border border-danger-line bg-danger-surface p-4 text-danger">
      <UserRoundXIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id={headingId} className="font-semibold">
          Taken by another family
        </h2>
        <p className="mt-0.5">Another family took these places while they were not held for you:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <p className="mt-2">Choose another class, or join its waitlist.</p>
        {onChooseClasses ? <div className="mt-3">{chooseAgain(onChooseClasses)}</div> : null}
      </div>
    </section>
  );
}

/** The payment option in force: the one offered, or the family's choice where both are (N27). */
export function paymentMethodOf(offered: readonly RegistrationPaymentOption[] | undefined, chosen: PaymentMethod | null): PaymentMethod | null {
  if (!offered || offered.length === 0) return null;
  if (offered.length === 1) return offered[0] === 'direct_debit' ? 'direct_debit' : 'card';
  return chosen;
}

/**
 * N27, N28, N31 checkout: the price of the classes chosen, the payment option where both card and
 * direct debit are offered, and the card (tokenised at the gateway) or the bank account. Paying
 * sends the registration; a card that asks for a challenge step shows it here.
 */
export function CheckoutStep({
  quote,
  waitlist,
  enrolling,
  option,
  onOptionChange,
  busy,
  error,
  onDismissError,
  challenge,
  onDecide,
  onHoldExpired,
  onPayCard,
  savedCard = null,
  onPaySaved,
  onPayBank,
  onSubmitFree,
  step,
  onBack,
  onChooseClasses,
  classNameOf,
  taken = [],
}: {
  quote: UseQueryResult<RegistrationQuoteAnswer>;
  /** The waitlist places asked for ("Mia Shah – Tadpoles"): not priced. */
  waitlist: readonly string[];
  /** A place is taken, not waitlist places only: paid by direct debit, the account is asked for even where nothing is charged now. */
  enrolling: boolean;
  option: PaymentMethod | null;
  onOptionChange: (method: PaymentMethod) => void;
  busy: boolean;
  error: string | null;
  onDismissError: () => void;
  challenge: OpenChallenge | null;
  onDecide: (approve: boolean) => void;
  onHoldExpired: () => void;
  /** Where a class filled up since it was chosen: back to the class step. */
  onChooseClasses?: () => void;
  /** A class's name, for the places a new family's quote holds (decision 109). */
  classNameOf?: (classId: number) => string;
  /** The classes (ClassIDs) whose places the quote could not hold: another family took them. */
  taken?: readonly number[];
  onPayCard: (card: CardDetails | StripeCard) => void;
  /** A signed-in family's card on file (K14), offered first; paid with by `onPaySaved`. */
  savedCard?: SavedCard | null;
  onPaySaved?: () => void;
  /** By direct debit: with the bank form's details, or null where GoCardless takes the mandate after (decision 104). */
  onPayBank: (bank: BankDetailsRequest | null) => void;
  onSubmitFree: () => void;
  step: StepCardProps['step'];
  onBack: () => void;
}) {
  const [tried, setTried] = useState(false);
  const [useSaved, setUseSaved] = useState(true);
  const options = useRef<HTMLDivElement>(null);
  const holdLeft = useHoldCountdown(challenge?.holdUntil ?? null, onHoldExpired);
  const zone = companyTimeZone(useConfig());
  const headingId = useId();
  // The places the quote holds while the family pays (decision 109): the first still held counts
  // down; when it runs out, the next takes over and what ran out is listed as no longer held.
  const [now, setNow] = useState(() => Date.now());
  const holds = quote.data?.holds ?? [];
  const live = holds.filter((h) => Date.parse(h.heldUntil) > now);
  const lapsed = holds.filter((h) => Date.parse(h.heldUntil) <= now);
  const heldUntil = live.length ? Math.min(...live.map((h) => Date.parse(h.heldUntil))) : null;
  const placesLeft = useCountdown(heldUntil, () => setNow(Date.now()));
  const namesOf = (list: readonly { ClassID: number }[]) => [...new Set(list.map((h) => h.ClassID))].map((id) => classNameOf?.(id) ?? 'A class');
  const takenNow = quote.isPlaceholderData ? [] : taken;

  const data = quote.data;
  const symbol = data?.currencySymbol ?? '';
  const amount = data?.totals.paymentAmountCents ?? 0;
  const method = paymentMethodOf(data?.paymentOptions, option);
  const both = (data?.paymentOptions.length ?? 0) > 1;
  // The classes or the payment option changed and are being priced again: the earlier total is not shown, and
  // nothing is paid until the price asked for is in (a card surcharge comes and goes with the option).
  const repricing = quote.isPlaceholderData;
  const payBusy = busy || quote.isFetching;
  // The quote asked again (after a declined card, or Hold again) that failed for another reason than a
  // class that filled leaves the last quote and the card form in place: only how long the places are
  // held is unknown, with a way to ask again.
  const askedAgainFailed = quote.isError && data !== undefined && !(quote.error instanceof ApiRequestError && quote.error.code === 'CLASS_FULL');
  const quoteLost = quote.isError && !askedAgainFailed;
  const total = repricing ? null : formatMoney(amount, symbol);
  const payLabel = total ? `Pay ${total}` : 'Pay';
  const debitLabel = amount === 0 && !repricing ? 'Submit' : `${payLabel} by direct debit`;

  const payment = () => {
    if (!data) return null;
    // Nothing to pay now, unless by direct debit: the account still has to be given for the fees billed later (Ace's monthly billing).
    if (amount === 0 && !(method === 'direct_debit' && enrolling)) {
      return (
        <Button size="lg" loading={payBusy} onClick={onSubmitFree} className="w-full sm:w-auto sm:min-w-36">
          Submit
        </Button>
      );
    }
    if (method === null) {
      return (
        <Button
          size="lg"
          onClick={() => {
            setTried(true);
            options.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
          }}
          className="sm:min-w-36"
        >
          {payLabel}
        </Button>
      );
    }
    if (method === 'direct_debit') {
      return (
        <section aria-labelledby="debit-heading" className="rounded-xl border border-line p-4 sm:p-5">
          <h2 id="debit-heading" className="mb-2 flex items-center gap-2 text-lg font-semibold text-ink">
            <LandmarkIcon aria-hidden="true" className="size-5 text-primary-ink" />
            Pay by direct debit
          </h2>
          <p className="mb-4 text-sm text-ink-soft">
            {amount === 0
              ? 'Nothing is charged now: your fees will be collected from this account by direct debit.'
              : `Nothing is charged now: ${total ?? 'your total'} will be collected from this account by direct debit.`}
          </p>
          {data.directDebitBy === 'gocardless' || data.directDebitBy === 'on_file' ? (
            <>
              <p className="mb-4 text-sm text-ink-soft">
                {data.directDebitBy === 'on_file'
                  ? 'It will be collected by the Direct Debit you have set up.'
                  : 'Once you are registered, you will set up your Direct Debit on GoCardless’s secure pages.'}
              </p>
              <Button size="lg" loading={payBusy} onClick={() => onPayBank(null)} className="w-full sm:w-auto sm:min-w-36">
                {debitLabel}
              </Button>
            </>
          ) : (
            <BankForm format={data.bankFormat} busy={payBusy} submitLabel={debitLabel} onSubmit={onPayBank} />
          )}
        </section>
      );
    }
    if (!data.cardPaymentsAvailable) {
      return (
        <p className="rounded-xl border border-line bg-surface-muted px-4 py-4 text-sm text-ink">
          Online card payment is not available at the moment. Please contact us to complete your registration.
        </p>
      );
    }
    return (
      <section aria-labelledby="card-heading" className="rounded-xl border border-line p-4 sm:p-5">
        <h2 id="card-heading" className="mb-1 text-lg font-semibold text-ink">
          Pay by card
        </h2>
        <p className="mb-4 text-sm text-ink-soft">Your card details go straight to our payment provider.</p>
        {savedCard && onPaySaved ? <SavedCardChoice card={savedCard} useSaved={useSaved} onChange={setUseSaved} /> : null}
        {savedCard && onPaySaved && useSaved ? (
          <Button size="lg" loading={payBusy} onClick={onPaySaved} className="w-full sm:w-auto">
            {payLabel}
          </Button>
        ) : (
          <CardEntry stripeKey={data.stripePublishableKey} amountCents={amount} submitLabel={payLabel} busy={payBusy} onCard={onPayCard} />
        )}
      </section>
    );
  };

  // A refusal answers the tap on Pay, at the foot of a long page on a phone: it shows beside the payment.
  const errorBox = <ErrorBox message={error} onDismiss={onDismissError} variant="registration" />;
  return (
    <StepCard
      title="Checkout"
      description={`Check what you are registering for, then ${data && amount === 0 && !repricing ? 'submit' : 'pay'} to complete your registration.`}
      step={step}
      onBack={onBack}
      backDisabled={busy}
    >
      <div className="flex flex-col gap-5">
        {quote.isPending || quoteLost ? errorBox : null}
        {onChooseClasses && !quoteLost && takenNow.length === 0 ? chooseAgain(onChooseClasses) : null}
        {quote.isPending ? (
          <ListLoading label="Loading your total" />
        ) : quoteLost ? (
          onChooseClasses ? (
            <>
              <p className="rounded-2xl border border-danger-line bg-danger-surface px-4 py-6 text-center text-sm text-danger">{errorMessage(quote.error)}</p>
              {chooseAgain(onChooseClasses)}
            </>
          ) : (
            <QueryError query={quote} />
          )
        ) : (
          <>
            {/* Waitlist places only price nothing: no table of no items. */}
            {repricing ? <ListLoading label="Updating your total" /> : data!.rows.length > 0 ? <QuoteSummary quote={data!} /> : null}
            {waitlist.length > 0 ? (
              <section aria-labelledby="waitlist-heading" className="rounded-xl border border-line bg-canvas p-4">
                <h2 id="waitlist-heading" className="text-base font-semibold text-ink">
                  Waitlist places
                </h2>
                <p className="mt-0.5 text-sm text-ink-soft">Nothing to pay now: we will offer you the next free place.</p>
                <ul className="mt-2 list-disc pl-5 text-sm text-ink">
                  {waitlist.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </section>
            ) : null}
            {amount > 0 && both ? (
              <div ref={options}>
                <PaymentOptionField
                  value={option}
                  invalid={tried}
                  onChange={(m) => {
                    setTried(false);
                    onOptionChange(m);
                  }}
                />
              </div>
            ) : null}
            {heldUntil !== null && placesLeft > 0 && !repricing && !challenge && !askedAgainFailed ? (
              <PlacesHeld
                headingId={`${headingId}-held`}
                until={heldUntil}
                left={placesLeft}
                zone={zone}
                summary={lapsed.length === 0 && takenNow.length === 0 ? 'Your places are kept for you while you pay.' : `${namesOf(live).join('; ')}: kept for you while you pay.`}
              />
            ) : null}
            {takenNow.length > 0 && !challenge ? <PlacesTaken headingId={`${headingId}-taken`} names={namesOf(takenNow.map((ClassID) => ({ ClassID })))} onChooseClasses={onChooseClasses} /> : null}
            {lapsed.length > 0 && !repricing && !challenge ? (
              <PlacesLapsed
                headingId={`${headingId}-lapsed`}
                lines={namesOf(lapsed).map((name) => (
                  <li key={name}>{name}</li>
                ))}
                error={askedAgainFailed ? errorMessage(quote.error) : null}
                busy={quote.isFetching}
                onHoldAgain={() => {
                  setNow(Date.now());
                  void quote.refetch();
                }}
              />
            ) : null}
            {askedAgainFailed && lapsed.length === 0 && !challenge ? <QueryError query={quote} /> : null}
            {holdLeft !== null ? <HoldNotice left={holdLeft} /> : null}
            {errorBox}
            {payment()}
          </>
        )}
      </div>
      <ChallengeModal open={challenge !== null} amountCents={challenge?.amountCents ?? 0} currencySymbol={symbol} holdLeft={holdLeft} busy={busy} onDecide={onDecide} />
    </StepCard>
  );
}
