import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { LockIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { stripeFor } from '@/lib/stripe';
import { useConfig } from '@/entities/company/get-company-config';

export interface StripeCardFormProps {
  publishableKey: string;
  /** What the payment is for; none where a card is only saved (Stripe's setup mode). */
  amountCents?: number;
  submitLabel: ReactNode;
  busy?: boolean;
  /** Handed the payment method Stripe.js made from the card; the card itself never reaches the portal. */
  onPaymentMethod: (id: string) => void | Promise<void>;
  /** Extra fields under the card (a save-for-next-time box). */
  children?: ReactNode;
  /** Beside the submit button (Cancel). */
  footer?: ReactNode;
}

/**
 * Card entry through Stripe's Payment Element (decision 103): the card number is typed into
 * Stripe's own frame, Stripe.js makes a payment method of it, and only its id goes to the
 * checkout. Loaded only for a company whose processor is Stripe.
 */
export default function StripeCardForm(props: StripeCardFormProps) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => {
      if (current) setUnavailable(loaded === null);
    });
    return () => {
      current = false;
    };
  }, [stripe]);
  const currency = useConfig().fin_setup.Currency.toLowerCase();
  const options = useMemo(
    () => ({
      ...(props.amountCents === undefined ? { mode: 'setup' as const } : { mode: 'payment' as const, amount: props.amountCents }),
      currency,
      paymentMethodCreation: 'manual' as const,
      paymentMethodTypes: ['card'],
      appearance: { theme: 'stripe' as const, variables: { borderRadius: '12px' } },
    }),
    [props.amountCents, currency],
  );
  if (unavailable) {
    return (
      <p role="alert" className="rounded-xl border border-danger-line bg-danger-surface px-4 py-4 text-sm text-danger">
        The card form could not be loaded. Please check your connection (and any content blocker) and reload the page.
      </p>
    );
  }
  return (
    <Elements key={props.publishableKey} stripe={stripe} options={options}>
      <CardEntry {...props} />
    </Elements>
  );
}

function CardEntry({ submitLabel, busy, onPaymentMethod, children, footer }: StripeCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // One payment method per press: a second press while the first is made would make another.
    if (!stripe || !elements || working || busy) return;
    setError(null);
    setWorking(true);
    try {
      // Checks the fields as typed (Stripe's own messages show under them).
      const checked = await elements.submit();
      if (checked.error) return;
      const made = await stripe.createPaymentMethod({ elements });
      if (made.error) {
        setError(made.error.message ?? 'Please check your card details.');
        return;
      }
      await onPaymentMethod(made.paymentMethod.id);
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label="Card details">
      <div className="min-h-36" data-testid="stripe-payment-element">
        <PaymentElement options={{ layout: 'tabs', wallets: { applePay: 'never', googlePay: 'never' } }} onReady={() => setReady(true)} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" loading={busy || working} disabled={!stripe || !ready} icon={<LockIcon aria-hidden="true" className="size-4" />} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
        {footer}
      </div>
    </form>
  );
}
