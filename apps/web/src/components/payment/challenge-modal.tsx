import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatMoney } from '@/lib/format';

/** mm:ss left until `until`, ticking each second; "0:00" once passed, when `onExpire` is called once. */
export function useCountdown(until: number | null, onExpire?: () => void): string {
  const [now, setNow] = useState(() => Date.now());
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) {
        window.clearInterval(timer);
        expire.current?.();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (until === null) return '';
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** What the hold countdown says, on the payment page and in the challenge step alike. */
export function HoldNotice({ left, className = '' }: { left: string; className?: string }) {
  return (
    <p className={`rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 ${className}`} data-testid="hold-countdown" aria-live="off">
      Your places are held for <span className="font-semibold tabular-nums">{left}</span>
    </p>
  );
}

/**
 * The card's challenge step (the simulated gateway's stand-in for a bank's 3-D Secure page):
 * approve or fail; the places and courts stay held while it is open.
 */
export function ChallengeModal({
  open,
  amountCents,
  currencySymbol,
  holdLeft,
  busy,
  onDecide,
}: {
  open: boolean;
  amountCents: number;
  currencySymbol: string;
  /** The hold countdown (mm:ss), or '' when nothing is held. */
  holdLeft: string;
  busy: boolean;
  onDecide: (approve: boolean) => void;
}) {
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
      {holdLeft ? <HoldNotice left={holdLeft} /> : null}
    </Modal>
  );
}
