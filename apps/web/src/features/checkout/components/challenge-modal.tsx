import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatMoney } from '@/lib/format';

/** mm:ss left until `until`, ticking each second; "0:00" once passed. */
export function useCountdown(until: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (until === null) return '';
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * The card's challenge step (the simulated gateway's stand-in for a bank's 3-D Secure page):
 * approve or fail; the places and courts stay held while it is open.
 */
export function ChallengeModal({
  open,
  amountCents,
  currencySymbol,
  holdUntil,
  busy,
  onDecide,
}: {
  open: boolean;
  amountCents: number;
  currencySymbol: string;
  holdUntil: number | null;
  busy: boolean;
  onDecide: (approve: boolean) => void;
}) {
  const left = useCountdown(holdUntil);
  return (
    <Modal
      open={open}
      onOpenChange={() => undefined}
      dismissible={false}
      hideClose
      title="Confirm your payment"
      description={`Your bank asks you to confirm this payment of ${formatMoney(amountCents, currencySymbol)}.`}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => onDecide(false)}>
            Fail verification
          </Button>
          <Button loading={busy} onClick={() => onDecide(true)} data-autofocus>
            Approve
          </Button>
        </>
      }
    >
      {holdUntil !== null ? (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900" aria-live="off">
          Your places are held for <span className="font-semibold tabular-nums">{left}</span>
        </p>
      ) : null}
    </Modal>
  );
}
