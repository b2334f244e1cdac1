import { timeLeftSpoken, timeLeftText } from '@/lib/countdown';

/**
 * A countdown as a family reads it ("9 min 47 s"), named in full words for a screen reader ("9
 * minutes 47 seconds"). A timer is not read out at each second; the text around it says what ends.
 */
export function TimeLeft({ ms }: { ms: number }) {
  return (
    <strong role="timer" aria-live="off" aria-label={timeLeftSpoken(ms)} className="font-semibold whitespace-nowrap tabular-nums">
      {timeLeftText(ms)}
    </strong>
  );
}
