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
 * is set when that content's paint has reached the screen. Where the browser reports
 * largest-contentful-paint, that is its next report (made once the paint is on screen); elsewhere
 * one frame after the paint (a frame's callback runs before its paint and a task queued from it
 * after; the next frame's callback is past the paint reaching the screen). In either case after
 * a second at the latest.
 */
export function useMarkContentPainted(shown: boolean): void {
  useEffect(() => {
    if (!shown || painted) return;
    const since = performance.now();
    let frame = 0;
    let task = 0;
    let observer: PerformanceObserver | undefined;
    const latest = window.setTimeout(markPainted, AT_THE_LATEST_MS);
    const afterFrame = (then: () => void) => {
      frame = window.requestAnimationFrame(() => {
        task = window.setTimeout(then, 0);
      });
    };
    if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= since)) markPainted();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } else if (typeof window.requestAnimationFrame === 'function') {
      afterFrame(() => afterFrame(markPainted));
    }
    return () => {
      window.clearTimeout(latest);
      window.clearTimeout(task);
      if (frame) window.cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [shown]);
}

/** For tests: a fresh start, as after a page load. */
export function resetContentPainted(): void {
  painted = false;
}
