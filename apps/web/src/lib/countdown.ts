import { useEffect, useRef, useState } from 'react';

const SECOND = 1000;
const two = (n: number) => String(n).padStart(2, '0');

/** The time left as a family reads it: "3 days 04:05:06", "04:05:06", "05:06". */
export function timeLeftText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const clock = `${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  const withHours = days > 0 || hours > 0 ? `${two(hours)}:${clock}` : clock;
  return days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} ${withHours}` : withHours;
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
