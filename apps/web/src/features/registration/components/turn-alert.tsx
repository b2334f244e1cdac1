import { useEffect, useRef, useState } from 'react';
import { BellRingIcon } from 'lucide-react';
import type { WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';
import { Button } from '@/components/ui/button';
import { notificationPermission, notifyDevice, NOTIFICATIONS_BLOCKED, requestNotifications } from '@/lib/device-notifications';

type Place = NonNullable<WaitingRoomAnswer['place']>;

/** The message when the browser said yes but its service worker could not be started. */
export const NOTIFICATIONS_UNAVAILABLE = 'This device could not be set up to notify you. Keep this page open instead.';

function readWanted(storageKey: string): boolean {
  try {
    return sessionStorage.getItem(storageKey) === 'on' && notificationPermission() === 'granted';
  } catch {
    return false;
  }
}

/**
 * A family waiting in the queue may ask to be told when its turn comes (decision 110): a parent
 * waiting twenty minutes switches to another tab or app, and the turn's time runs from the moment
 * it is let in. When this page, then hidden, sees the place let in, the device shows "It’s your
 * turn"; tapping it brings this page back. A visible page says it itself. The wish is kept for the
 * tab under `storageKey`, as the place is kept across a reload.
 */
export function useTurnAlert(storageKey: string, state: Place['state'] | undefined, message: () => string) {
  const [wanted, setWanted] = useState(() => readWanted(storageKey));
  const before = useRef(state);
  const say = useRef(message);
  say.current = message;
  useEffect(() => {
    const was = before.current;
    before.current = state;
    if (!wanted || state !== 'admitted' || (was !== 'waiting' && was !== 'early') || document.visibilityState !== 'hidden') return;
    notifyDevice('It’s your turn', say.current(), window.location.href).catch(() => undefined);
  }, [state, wanted]);
  const want = () => {
    setWanted(true);
    try {
      sessionStorage.setItem(storageKey, 'on');
    } catch {
      // Private mode without storage: told of the turn until a reload.
    }
  };
  return { wanted, want };
}

/** "Notify me when it’s my turn", where this device can show notifications; then what it will do. */
export function TurnAlert({ wanted, onWanted }: { wanted: boolean; onWanted: () => void }) {
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Asked here: the answer takes the button's place, and the focus with it (once).
  const [asked, setAsked] = useState(false);
  const answer = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asked && (wanted || refusal)) answer.current?.focus();
  }, [asked, wanted, refusal]);
  const permission = notificationPermission();
  if (permission === 'unsupported') return null;
  if (wanted) {
    return (
      <p ref={answer} role="status" tabIndex={-1} className="text-ink outline-none">
        <BellRingIcon aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px] text-primary-ink" />
        We’ll notify you on this device when it’s your turn.
      </p>
    );
  }
  if (refusal) {
    return (
      <p ref={answer} role="alert" tabIndex={-1} className="font-medium text-danger outline-none">
        {refusal}
      </p>
    );
  }
  // Blocked before this page asked: not asked again here (the family chose so for the site).
  if (permission === 'denied') return null;
  const ask = async () => {
    setAsking(true);
    try {
      const given = await requestNotifications();
      // A prompt closed without an answer leaves the button, to ask again.
      if (given === 'granted') onWanted();
      else if (given === 'denied') setRefusal(NOTIFICATIONS_BLOCKED);
    } catch {
      setRefusal(NOTIFICATIONS_UNAVAILABLE);
    }
    setAsking(false);
    setAsked(true);
  };
  return (
    <Button variant="secondary" loading={asking} icon={<BellRingIcon aria-hidden="true" className="size-4" />} onClick={() => void ask()}>
      Notify me when it’s my turn
    </Button>
  );
}
