import { useEffect, useRef, type ReactNode } from 'react';
import { TimerIcon, TimerOffIcon } from 'lucide-react';
import { clockName, formatDate, formatDateAtTime, formatTime, type DateFormat } from '@portal/shared/date-time-text';
import { Button } from '@/components/ui/button';
import { TimeLeft } from '@/components/ui/time-left';

/** Two taps closer than this are one double tap. */
const DOUBLE_TAP_MS = 500;

/**
 * Until when a family's places are held while it pays, with the time left (the cart's, and a new
 * family's registration); with its date where that is not today (a waitlist offer's day-long hold).
 */
export function PlacesHeld({
  headingId,
  until,
  left,
  zone,
  dateFormat,
  summary,
}: {
  headingId: string;
  until: number;
  left: number;
  zone: string | undefined;
  dateFormat?: DateFormat | undefined;
  summary: string;
}) {
  const end = new Date(until);
  const today = formatDate(end, dateFormat, zone) === formatDate(new Date(), dateFormat, zone);
  return (
    <section aria-labelledby={headingId} className="flex gap-3 rounded-2xl border border-primary-line bg-primary-tint p-4 text-primary-tint-ink">
      <TimerIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 text-sm">
        <h2 id={headingId} className="font-semibold">
          Held for you until {today ? formatTime(end, zone, false) : formatDateAtTime(end, dateFormat, zone)}
          {zone ? ` (${clockName(zone)})` : ''}
        </h2>
        <p className="mt-0.5">
          {summary} <TimeLeft ms={left} /> left.
        </p>
      </div>
    </section>
  );
}

/** The places no longer held (the hold ran out, or another family took the place first), with "Hold again". */
export function PlacesLapsed({ headingId, lines, error, busy, onHoldAgain }: { headingId: string; lines: ReactNode[]; error: string | null; busy: boolean; onHoldAgain: () => void }) {
  // A double tap lands before the button is drawn busy: the second tap of it asks nothing (decision 115).
  const asked = useRef(false);
  // An answer (the button busy and then not, or a new refusal) ends the tap.
  useEffect(() => {
    asked.current = false;
  }, [busy, error]);
  const holdAgain = () => {
    if (asked.current || busy) return;
    asked.current = true;
    window.setTimeout(() => (asked.current = false), DOUBLE_TAP_MS);
    onHoldAgain();
  };
  return (
    <section aria-labelledby={headingId} className="flex gap-3 rounded-2xl border border-danger-line bg-danger-surface p-4 text-danger">
      <TimerOffIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id={headingId} className="font-semibold">
          No longer held for you
        </h2>
        <p className="mt-0.5">Another family may take these before you pay:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">{lines}</ul>
        {error ? <p className="mt-2 font-medium">{error}</p> : null}
        <Button className="mt-3" variant="secondary" size="sm" loading={busy} onClick={holdAgain}>
          Hold again
        </Button>
      </div>
    </section>
  );
}
