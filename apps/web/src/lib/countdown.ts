import { useEffect, useRef, useState } from 'react';

const SECOND = 1000;

/** The units a time left is read in, largest first: its length in seconds, and its short and spoken names. */
const UNITS = [
  { seconds: 86_400, short: (n: number) => (n === 1 ? 'day' : 'days'), spoken: 'day' },
  { seconds: 3600, short: () => 'h', spoken: 'hour' },
  { seconds: 60, short: () => 'min', spoken: 'minute' },
  { seconds: 1, short: () => 's', spoken: 'second' },
] as const;

/** How many of each unit are left (whole seconds, rounded up), the units with none left out; "0 s" at the end. */
function partsLeft(ms: number): { n: number; unit: (typeof UNITS)[number] }[] {
  let rest = Math.max(0, Math.ceil(ms / SECOND));
  const parts = UNITS.map((unit) => {
    const n = Math.floor(rest / unit.seconds);
    rest -= n * unit.seconds;
    return { n, unit };
  }).filter((p) => p.n > 0);
  return parts.length > 0 ? parts : [{ n: 0, unit: UNITS[3] }];
}

/**
 * The time left as a family reads it, in words so it is never taken for a clock time beside one
 * ("held until 09:33 AM"): "9 min 47 s", "1 h 5 min", "3 days 4 h 5 min 6 s".
 */
export function timeLeftText(ms: number): string {
  return partsLeft(ms)
    .map(({ n, unit }) => `${n} ${unit.short(n)}`)
    .join(' ');
}

/** The same, spelled out for a screen reader: "9 minutes 47 seconds". */
export function timeLeftSpoken(ms: number): string {
  return partsLeft(ms)
    .map(({ n, unit }) => `${n} ${unit.spoken}${n === 1 ? '' : 's'}`)
    .join(' ');
}

/**
 * The milliseconds left until an instant, updated on each whole second of it (so the count never
 * skips or repeats one); `onZero` runs once per instant when it is reached. Null `until`: nothing counts.
 */
export function useCountdown(until: number | null, onZero?: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const zero = useRef(onZero);
  const fired = useRef<number | null>(null);
  useEffect(() => {
    zero.current = onZero;
  });
  const left = until === null ? 0 : until - now;
  useEffect(() => {
    if (until === null) return undefined;
    if (left <= 0) {
      if (fired.current !== until) {
        fired.current = until;
        zero.current?.();
      }
      return undefined;
    }
    const timer = window.setTimeout(() => setNow(Date.now()), left % SECOND || SECOND);
    return () => window.clearTimeout(timer);
  }, [until, left]);
  return left;
}
