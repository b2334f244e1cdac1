import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has had an idle moment after it (at the
 * latest after `timeout` ms): what waits for it stays out of the page's first paint and of the
 * main thread's busiest time on a slow phone.
 */
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(id);
  }, [timeout]);
  return idle;
}
