import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatMoney } from '@/lib/format';
import { useCountdown } from '@/lib/countdown';
import { TimeLeft } from '@/components/ui/time-left';

/** The time left until `until` in ms, ticking each second; 0 once passed, when `onExpire` is called once; null without an instant. */
export function useHoldCountdown(until: number | null, onExpire?: () => void): number | null {
  const left = useCountdown(until, onExpire);
  return until === null ? null : left;
}

/** What the hold countdown says ("9 min 41 s", read out in words), on the payment page and in the challenge step alike. */
export function HoldNotice({ left, className = '' }: { left: number; className?: string }) {
  return (
    <p className={`rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 ${className}`} data-testid="hold-countdown" aria-live="off">
      Your places are held for <TimeLeft ms={left} />
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
  /** The hold countdown's time left (ms), or null when nothing is held. */
  holdLeft: number | null;
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
      {holdLeft !== null ? <HoldNotice left={holdLeft} /> : null}
    </Modal>
  );
}
