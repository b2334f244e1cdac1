import { useEffect, useRef, useState } from 'react';
import { BellRingIcon } from 'lucide-react';
import type { WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';
import { Button } from '@/components/ui/button';
import { allowNotifications, notificationPermission, notifyDevice, NOTIFICATIONS_BLOCKED } from '@/lib/device-notifications';

type Place = NonNullable<WaitingRoomAnswer['place']>;

/** Whether this tab asked to be told of its turn: kept for the tab, as its place is kept across a reload. */
const storageKey = (profileId: number) => `turn-alert:${profileId}`;

function readWanted(profileId: number): boolean {
  try {
    return sessionStorage.getItem(storageKey(profileId)) === 'on' && notificationPermission() === 'granted';
  } catch {
    return false;
  }
}

/**
 * A family waiting in the queue may ask to be told when its turn comes (decision 110): a parent
 * waiting twenty minutes switches to another tab or app, and the turn's time runs from the moment
 * it is let in. When this page, then hidden, sees the place let in, the device shows "It’s your
 * turn"; tapping it brings this page back. A visible page says it itself.
 */
export function useTurnAlert(profileId: number, state: Place['state'] | undefined, message: () => string) {
  const [wanted, setWanted] = useState(() => readWanted(profileId));
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
      sessionStorage.setItem(storageKey(profileId), 'on');
    } catch {
      // Private mode without storage: told of the turn until a reload.
    }
  };
  return { wanted, want };
}

/** "Notify me when it’s my turn", where this device can show notifications; then what it will do. */
export function TurnAlert({ wanted, onWanted }: { wanted: boolean; onWanted: () => void }) {
  const [asking, setAsking] = useState(false);
  const [blocked, setBlocked] = useState(false);
  // Asked here: the answer takes the button's place, and the focus with it.
  const [asked, setAsked] = useState(false);
  const permission = notificationPermission();
  if (permission === 'unsupported') return null;
  if (wanted) {
    return (
      <p role="status" tabIndex={-1} ref={(el) => (asked ? el?.focus() : undefined)} className="text-ink outline-none">
        <BellRingIcon aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px] text-primary-ink" />
        We’ll notify you on this device when it’s your turn.
      </p>
    );
  }
  if (blocked) {
    return (
      <p role="alert" className="font-medium text-danger">
        {NOTIFICATIONS_BLOCKED}
      </p>
    );
  }
  if (permission === 'denied') return null;
  const ask = async () => {
    setAsking(true);
    const granted = await allowNotifications().catch(() => false);
    setAsking(false);
    setAsked(true);
    if (granted) onWanted();
    else setBlocked(true);
  };
  return (
    <Button variant="secondary" loading={asking} icon={<BellRingIcon aria-hidden="true" className="size-4" />} onClick={() => void ask()}>
      Notify me when it’s my turn
    </Button>
  );
}
