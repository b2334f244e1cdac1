import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the page's own content (not its skeleton) has been painted once since the app started.
 * The signed-in home says so; what must stay out of the home's first paint waits for it (the
 * bells, decision 038): a largest-contentful-paint measured on a phone counts every request and
 * task that starts before that paint, and an idle moment can come while the home still waits for
 * its answers.
 */
let painted = false;
const listeners = new Set<() => void>();

function markPainted(): void {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a page has reported its content painted. */
export function useContentPainted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => painted,
  );
}

/** Hidden tabs run no animation frames: then the content counts as painted after this long. */
const AT_THE_LATEST_MS = 1000;

/**
 * Called by a page on every render with whether its content is on screen: once it is, the mark
 * is set one frame after the paint of that content. A frame's callback runs before its paint and
 * a task queued from it after the paint, but the paint reaches the screen (the time a
 * largest-contentful-paint reports) a little later still: the next frame's callback is past it.
 */
export function useMarkContentPainted(shown: boolean): void {
  useEffect(() => {
    if (!shown || painted) return;
    let frame = 0;
    let task = 0;
    const latest = window.setTimeout(markPainted, AT_THE_LATEST_MS);
    const afterFrame = (then: () => void) => {
      frame = window.requestAnimationFrame(() => {
        task = window.setTimeout(then, 0);
      });
    };
    if (typeof window.requestAnimationFrame === 'function') afterFrame(() => afterFrame(markPainted));
    return () => {
      window.clearTimeout(latest);
      window.clearTimeout(task);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [shown]);
}

/** For tests: a fresh start, as after a page load. */
export function resetContentPainted(): void {
  painted = false;
}
