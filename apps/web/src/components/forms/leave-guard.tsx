import { useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/** The question for a form that sends a message rather than saves. */
export const unsentMessage = { title: 'Leave without sending?', description: 'Your message has not been sent.' };

/**
 * Asks before a form's unsaved edits are left behind: for a page of the portal (a link, the
 * menu, the phone's Back) with a dialog of its own, for the tab closed or reloaded with the
 * browser's question. `release` lets the form's own save move on without asking (called before
 * it navigates; `hold` again if the save is refused). `words`: the question for a form that sends
 * rather than saves (a message).
 */
export function useLeaveGuard(
  dirty: boolean,
  words: { title: string; description: string } = { title: 'Leave without saving?', description: 'Your changes on this page are not saved.' },
): { dialog: ReactNode; release: () => void; hold: () => void } {
  const state = useRef({ dirty, released: false });
  state.current.dirty = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => state.current.dirty && !state.current.released && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!state.current.released) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  const dialog =
    blocker.state === 'blocked' ? (
      <Modal
        open
        size="sm"
        onOpenChange={(o) => (o ? undefined : blocker.reset())}
        title={words.title}
        description={words.description}
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => blocker.proceed()}>
              Leave
            </Button>
            <Button onClick={() => blocker.reset()}>Keep editing</Button>
          </div>
        }
      />
    ) : null;
  return {
    dialog,
    release: () => {
      state.current.released = true;
    },
    hold: () => {
      state.current.released = false;
    },
  };
}
