import { useEffect, useRef, useState } from 'react';
import { BANK_CODE_LABELS, type BankDetailsRequest, type BankFormat, type PaymentDetails } from '@portal/shared/payment-schemas';
import { Badge } from '@/components/ui/badge';
import { BankForm } from '@/components/forms/bank-form';
import type { CardDetails } from '@/components/forms/card-form';
import { CardEntry } from '@/components/payment/card-entry';
import { finishStripeStep, isStripeCard, STRIPE_STEP_FAILED, type StripeCard } from '@/lib/stripe';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { StatusMessage } from '@/components/ui/status-message';
import { useSettingsBackButton } from '@/lib/settings-back';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { tokeniseCard } from '@/entities/payments/payment-gateway';
import { usePaymentDetails } from '@/entities/payments/get-payment-details';
import { CreditCardIcon, LandmarkIcon } from 'lucide-react';
import { usePaymentDetailsMutations } from '@/features/billing/api/save-payment-details';
import { useDirectDebitReturn } from '@/features/billing/api/direct-debit-return';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

type Mode = 'view' | 'card' | 'bank';

/** /hub/settings/billing (K14–K19): the card or bank account kept on file. */
export default function BillingRoute() {
  const details = usePaymentDetails();
  const { saveCard, saveBank, remove, startDebit, finishDebit } = usePaymentDetailsMutations();
  const saveBankOnce = useOneAtATime(saveBank);
  const [mode, setModeNow] = useState<Mode>('view');
  // A form opened takes the focus on its first box (Escape leaves it); back from it (saved or
  // cancelled), the focus returns to the button that opened it, not to the top of the page.
  const summary = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLDivElement>(null);
  const fromForm = useRef<Mode>('view');
  const setMode = (next: Mode) => {
    fromForm.current = next === 'view' ? mode : 'view';
    // A refusal belongs to the form it answered: leaving or opening one, it goes.
    setError(null);
    setModeNow(next);
  };
  useEffect(() => {
    // Where saving would replace what is on file, the heading first, so its note is read before the boxes.
    const first = form.current?.querySelector('[data-replaces]') ? null : form.current?.querySelector<HTMLElement>('input, select, textarea');
    if (mode !== 'view') (first ?? form.current?.querySelector<HTMLElement>('h2'))?.focus();
    else if (fromForm.current !== 'view') (summary.current?.querySelector<HTMLElement>(`[data-opens="${fromForm.current}"]`) ?? summary.current)?.focus();
  }, [mode]);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // K3: while editing, a back button labelled with the tab name replaces the tab bar.
  useSettingsBackButton(mode !== 'view', 'Billing', () => setMode('view'));
  useDirectDebitReturn(finishDebit.mutateAsync, setStatus, setError);

  function editBank() {
    const via = details.data?.bankSetup?.via ?? 'form';
    if (via === 'form') setMode('bank');
    else if (via === 'gocardless') startDebit.mutate('billing', { onError: (e) => setError(errorMessage(e)) });
  }

  async function submitCard(card: CardDetails | StripeCard) {
    setError(null);
    setBusy(true);
    try {
      const token = isStripeCard(card) ? card.paymentMethod : (await tokeniseCard(card)).id;
      const save = () => saveCard.mutateAsync({ token, mode: details.data?.card ? 'update' : 'add' });
      const saved = await save();
      if (saved.cardAction && isStripeCard(card)) {
        // The bank asks for 3-D Secure before the card can be charged later: Stripe.js takes it, then the same card is saved.
        await finishStripeStep(card.publishableKey, saved.cardAction.clientSecret);
        if ((await save()).cardAction) throw new Error(STRIPE_STEP_FAILED);
      }
      setMode('view');
      setStatus('Your card has been saved.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  function removeDetails() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setStatus('Your payment details have been removed.');
      },
      onError: (e) => {
        setConfirming(false);
        setError(errorMessage(e));
      },
    });
  }

  const data = details.data as PaymentDetails;
  return (
    <div className="flex flex-col gap-4">
      <StatusMessage message={status} onDismiss={() => setStatus(null)} />
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      {details.isPending ? (
        <div className="flex justify-center py-16 text-primary-ink">
          <Spinner label="Loading your payment details" />
        </div>
      ) : details.isLoadingError ? (
        <p role="alert" className="rounded-2xl border border-danger-line bg-danger-surface px-4 py-6 text-center text-sm text-danger">
          {errorMessage(details.error)}
        </p>
      ) : mode !== 'view' ? (
        // Escape leaves the form, not while a save is on its way (its answer belongs to it), nor as a keyboard composes a character.
        <div
          ref={form}
          role="presentation"
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !e.nativeEvent.isComposing && !busy && !saveBank.isPending) setMode('view');
          }}
        >
          {mode === 'card' ? (
            <section className="rounded-2xl border border-line bg-surface p-4 shadow-xs sm:p-6" aria-labelledby="card-form-heading">
              <h2 id="card-form-heading" tabIndex={-1} className="mb-4 text-lg font-semibold text-ink focus:outline-none">
                {data.card ? 'Update card' : 'Add card'}
              </h2>
              {data.bank ? <ReplaceNote text={data.debitsScheduled ? `${REPLACES_BANK} ${DEBITS_OFF_BANK}` : REPLACES_BANK} /> : null}
              <CardEntry
                stripeKey={data.stripePublishableKey ?? null}
                submitLabel="Save card"
                busy={busy}
                onCard={submitCard}
                footer={
                  <Button variant="ghost" onClick={() => setMode('view')}>
                    Cancel
                  </Button>
                }
              />
            </section>
          ) : (
            <BankSection
              replaces={data.card ? replacesCard(data.instalmentsOnCard) : null}
              format={data.bankFormat}
              busy={saveBank.isPending}
              onCancel={() => setMode('view')}
              onSubmit={(values) =>
                saveBankOnce(values, {
                  onSuccess: () => {
                    setMode('view');
                    setStatus('Your bank details have been saved.');
                  },
                  onError: (e) => setError(errorMessage(e)),
                })
              }
            />
          )}
        </div>
      ) : (
        <div ref={summary} tabIndex={-1} className="focus:outline-none">
          <Summary details={data} onEditCard={() => setMode('card')} onEditBank={editBank} leaving={startDebit.isPending || startDebit.isSuccess} onRemove={() => setConfirming(true)} />
        </div>
      )}
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove payment details?"
        description={`${removedText(details.data)} will be removed from your account.${details.data?.instalmentsOnCard ? ` ${INSTALMENTS_OFF_CARD}` : ''}${details.data?.debitsScheduled ? ` ${DEBITS_OFF_BANK}` : ''}`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={removeDetails}>
              Delete
            </Button>
          </>
        }
      />
    </div>
  );
}

/** What Remove takes away, named as the page shows it: "Your Visa ending 4242", "Your bank account ending 678". */
function removedText(details: PaymentDetails | undefined): string {
  if (details?.card) return `Your ${details.card.brand} ending ${details.card.last4}`;
  const account = details?.bank?.AccountNumber.replaceAll('•', '');
  if (account) return details?.bank?.BankName ? `Your Direct Debit from ${details.bank.BankName}, account ending ${account},` : `Your bank account ending ${account}`;
  return 'Your saved card or bank account';
}

function bankButtonLabel(details: PaymentDetails): string {
  if (details.bankSetup?.via === 'gocardless') return details.bank ? 'Change Direct Debit' : 'Set up Direct Debit';
  return details.bank ? 'Update bank details' : 'Add bank details';
}

function Summary({ details, onEditCard, onEditBank, leaving, onRemove }: { details: PaymentDetails; onEditCard: () => void; onEditBank: () => void; leaving: boolean; onRemove: () => void }) {
  if (!details.offersCard && !details.offersBank) {
    return <p className="rounded-2xl border border-line bg-surface px-4 py-6 text-sm text-muted">Payment details are not collected online for your account.</p>;
  }
  const saved = details.card ?? details.bank;
  return (
    <div className="space-y-4">
      {details.card ? (
        <div className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 shadow-xs">
          <CreditCardIcon aria-hidden="true" className="size-8 shrink-0 text-primary-ink" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-ink">
              {details.card.brand} ending {details.card.last4}
            </p>
            <p className="text-sm text-muted">Expires {details.card.expiry}</p>
          </div>
        </div>
      ) : null}
      {details.bank?.BankName ? (
        <div className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 shadow-xs">
          <LandmarkIcon aria-hidden="true" className="size-8 shrink-0 text-primary-ink" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
              Direct Debit
              <Badge tone={details.bank.MandateStatus === 'active' ? 'green' : 'blue'}>{details.bank.MandateStatus === 'active' ? 'Active' : 'Pending'}</Badge>
            </p>
            <p className="text-ink">{details.bank.AccountName}</p>
            <p className="text-muted">
              {details.bank.BankName}, account ending {details.bank.AccountNumber.replaceAll('•', '')}
            </p>
            {details.bank.MandateStatus === 'active' ? null : <p className="mt-1 text-muted">Your bank is setting it up; this takes a few working days.</p>}
          </div>
        </div>
      ) : details.bank ? (
        <div className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 shadow-xs">
          <LandmarkIcon aria-hidden="true" className="size-8 shrink-0 text-primary-ink" />
          <dl className="min-w-0 flex-1 text-sm">
            <dt className="sr-only">Account name</dt>
            <dd className="font-semibold text-ink">{details.bank.AccountName}</dd>
            <div>
              <dt className="inline text-muted">{BANK_CODE_LABELS[details.bankFormat]}: </dt>
              <dd className="inline text-ink">{details.bank.BankCode}</dd>
            </div>
            <div>
              <dt className="inline text-muted">Account: </dt>
              <dd className="inline text-ink">{details.bank.AccountNumber}</dd>
            </div>
          </dl>
        </div>
      ) : null}
      {details.card && details.offersBank ? <ReplaceNote text={replacesCard(details.instalmentsOnCard)} /> : null}
      {details.bank && details.offersCard ? <ReplaceNote text={details.debitsScheduled ? `${REPLACES_BANK} ${DEBITS_OFF_BANK}` : REPLACES_BANK} /> : null}
      {!saved ? <p className="rounded-2xl border border-dashed border-line-strong bg-surface px-4 py-6 text-center text-sm text-muted">No payment details saved.</p> : null}
      {details.offersBank && details.bankSetup?.via === 'unavailable' && details.bankSetup.message ? (
        <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm text-ink">{details.bankSetup.message}</p>
      ) : null}
      {details.bankSetup?.via === 'gocardless' && !details.bank ? <p className="text-sm text-muted">You will set up your Direct Debit on GoCardless’s secure pages, then come back here.</p> : null}
      <div className="flex flex-wrap gap-3">
        {details.offersCard ? (
          <Button variant={details.card ? 'secondary' : 'primary'} data-opens="card" onClick={onEditCard}>
            {details.card ? 'Update card' : 'Add card'}
          </Button>
        ) : null}
        {details.offersBank && details.bankSetup?.via !== 'unavailable' ? (
          <Button variant={details.bank ? 'secondary' : details.offersCard ? 'secondary' : 'primary'} data-opens="bank" loading={leaving} onClick={onEditBank}>
            {bankButtonLabel(details)}
          </Button>
        ) : null}
        {saved ? (
          <Button variant="danger" onClick={onRemove}>
            Remove
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** One payment method is kept on file (decision 024): saving the other kind replaces it. */
const REPLACES_BANK = 'Saving a card replaces your bank details.';
const DEBITS_OFF_BANK = 'Invoices waiting for direct debit will no longer be collected from this account: each one will be yours to pay online.';
/** The instalments a saved card pays are not charged once it goes (decision 105). */
const INSTALMENTS_OFF_CARD = 'Your instalments will no longer be charged to this card: each one will be an invoice to pay when it is due, unless you save another card.';
const replacesCard = (instalments: boolean) => `Saving bank details replaces your saved card.${instalments ? ` ${INSTALMENTS_OFF_CARD}` : ''}`;

function ReplaceNote({ text }: { text: string }) {
  return (
    <p data-replaces className="mb-4 rounded-lg bg-surface-muted px-3 py-2 text-sm text-ink">
      {text}
    </p>
  );
}

function BankSection({ replaces, format, busy, onSubmit, onCancel }: { replaces: string | null; format: BankFormat; busy: boolean; onSubmit: (v: BankDetailsRequest) => void; onCancel: () => void }) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-4 shadow-xs sm:p-6" aria-labelledby="bank-form-heading">
      <h2 id="bank-form-heading" tabIndex={-1} className="mb-4 text-lg font-semibold text-ink focus:outline-none">
        Bank details
      </h2>
      {replaces ? <ReplaceNote text={replaces} /> : null}
      <BankForm
        format={format}
        busy={busy}
        submitLabel="Save bank details"
        onSubmit={onSubmit}
        footer={
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        }
      />
    </section>
  );
}
