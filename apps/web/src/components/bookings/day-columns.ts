import { useCallback, useState } from 'react';

/** A day's button at its narrowest (min-w-16) and the gap between two (gap-2), in px. */
const DAY_WIDTH = 64;
const DAY_GAP = 8;

/**
 * How many columns `count` days take in a row `width` px wide: one row when they fit; otherwise
 * as few rows as fit, filled evenly (14 days where 13 fit: two rows of 7, not 13 and a lone day).
 * Where even rows still leave one day alone on the last (a tall grid), a column fewer or more
 * ends it.
 */
export function dayColumns(count: number, width: number): number {
  const fit = Math.max(1, Math.floor((width + DAY_GAP) / (DAY_WIDTH + DAY_GAP)));
  if (count <= fit) return count;
  const even = Math.ceil(count / Math.ceil(count / fit));
  const fewer = Array.from({ length: even - 2 }, (_, i) => even - 1 - i);
  const more = Array.from({ length: fit - even }, (_, i) => even + 1 + i);
  return [even, ...fewer, ...more].find((c) => count % c !== 1) ?? even;
}

/**
 * The day row's columns as its width changes: a ref for the row, and the count (null until it
 * has been measured, or where the browser cannot say; the row then simply wraps).
 */
export function useDayColumns(count: number): [(row: HTMLElement | null) => () => void, number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const ref = useCallback((row: HTMLElement | null) => {
    if (!row || typeof ResizeObserver === 'undefined') return () => undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(entry ? entry.contentRect.width : null));
    observer.observe(row);
    return () => observer.disconnect();
  }, []);
  return [ref, width ? dayColumns(count, width) : null];
}
