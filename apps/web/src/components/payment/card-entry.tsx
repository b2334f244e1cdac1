import { lazy, Suspense, type ReactNode } from 'react';
import { CardForm, type CardDetails } from '@/components/forms/card-form';
import { Spinner } from '@/components/ui/spinner';
import type { StripeCard } from '@/lib/stripe';

// Stripe's Payment Element, fetched only for a company whose processor is Stripe (decision 103).
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/**
 * The card step of any payment: Stripe's Payment Element where the quote names the company's
 * Stripe key, the embedded gateway's card form otherwise. Either way the card goes to the
 * processor and only what it made of it comes back.
 */
export function CardEntry({
  stripeKey,
  amountCents,
  submitLabel,
  busy,
  onCard,
  onInvalid,
  children,
  footer,
}: {
  stripeKey: string | null;
  /** None where a card is only saved. */
  amountCents?: number;
  submitLabel: ReactNode;
  busy?: boolean;
  onCard: (card: CardDetails | StripeCard) => void | Promise<void>;
  /** The embedded form's Pay pressed with details that do not pass. */
  onInvalid?: () => void;
  /** Extra fields under the card (a save-for-next-time box). */
  children?: ReactNode;
  /** Beside the submit button (Cancel). */
  footer?: ReactNode;
}) {
  if (!stripeKey) {
    return (
      <CardForm submitLabel={submitLabel} busy={busy} onSubmit={onCard} onInvalid={onInvalid} footer={footer}>
        {children}
      </CardForm>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      <StripeCardForm
        publishableKey={stripeKey}
        amountCents={amountCents}
        submitLabel={submitLabel}
        busy={busy}
        onPaymentMethod={(paymentMethod) => onCard({ paymentMethod, publishableKey: stripeKey })}
        footer={footer}
      >
        {children}
      </StripeCardForm>
    </Suspense>
  );
}
