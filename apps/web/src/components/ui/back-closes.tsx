import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

/**
 * The phone's Back (or the browser's) closes the dialog of a flow that is open, rather than leaving
 * the page under it with the flow half done: rendered while the flow is open. Links and buttons that
 * move on are not held. It needs the portal's data router (a blocker); elsewhere (a test's plain
 * router) it does nothing.
 */
export function BackCloses({ onClose }: { onClose: () => void }) {
  return useContext(UNSAFE_DataRouterContext) ? <BackBlocker onClose={onClose} /> : null;
}

function BackBlocker({ onClose }: { onClose: () => void }) {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    onClose();
  }, [blocker, onClose]);
  return null;
}
