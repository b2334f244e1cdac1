import { Fragment, useEffect, useId, useRef, useState } from 'react';
import type { Availability } from '@portal/shared/bookings-schemas';
import { useConfig } from '@/entities/company/get-company-config';
import { cn } from '@/lib/cn';
import { moveAmongChoices } from '@/lib/roving-focus';
import { clockRange, clockTime, formatMoney } from '@/lib/format';
import { courtLabel } from '@/lib/labels';
import { useMediaQuery } from '@/lib/use-media';

type Slot = Availability['slots'][number];

/** A start time and a court of one of the day's free slots. */
export interface SlotChoice {
  time: string;
  endTime: string;
  court: string;
  /** What a booking at this time costs before tax, as the checkout will price it (the time scale's rate where it applies). */
  priceCents: number;
}

/** The times' columns: three on a phone, four from Tailwind's `sm` width, six from its `lg`. */
const GRID_COLUMNS = { 3: 'grid-cols-3', 4: 'grid-cols-4', 6: 'grid-cols-6' } as const;

function useColumns(): keyof typeof GRID_COLUMNS {
  const large = useMediaQuery('(min-width: 64rem)');
  const small = useMediaQuery('(min-width: 40rem)');
  return large ? 6 : small ? 4 : 3;
}

/**
 * A day's free start times, time first: each time is one small button with its price and how many
 * courts are free to add (a court `unavailable` names, such as one in the cart, is counted apart),
 * so a day of 28 times and six courts fits a phone's screen or two. Choosing a time takes its
 * first free court at once (most families do not mind which) and opens the time's
 * courts under its row, to choose another. The panel stands in the page's order where it shows,
 * after the last time of the row, so the keyboard and a screen reader go through the times and
 * courts as they read: along the row, into the courts, then on to the next row.
 */
export function FreeTimes({
  slots,
  chosen: picked,
  onChoose,
  listPriceCents,
  unavailable,
}: {
  slots: Slot[];
  /** The time and court chosen, if any. */
  chosen: SlotChoice | null;
  onChoose: (slot: SlotChoice | null) => void;
  /** The booking type's own price: a time that costs otherwise shows its price in the accent. */
  listPriceCents: number | undefined;
  unavailable?: (slot: SlotChoice) => string | null;
}) {
  const config = useConfig();
  const court = courtLabel(config);
  const money = (c: number) => formatMoney(c, config.localization.CurrencySymbol);
  // The time opened here, else the one of a choice made before (a booking brought back to the page).
  const [opened, setOpened] = useState<string | null>(null);
  const time = opened ?? picked?.time ?? null;
  const columns = useColumns();
  const openIndex = slots.findIndex((s) => s.time === time);
  // The last time on the open time's row: the courts' panel follows it.
  const rowEnd = openIndex < 0 ? -1 : Math.min(slots.length, (Math.floor(openIndex / columns) + 1) * columns) - 1;
  const openSlot = slots[openIndex];
  const panel = useRef<HTMLLIElement>(null);
  // The courts of a time just chosen are brought clear of the chosen court's bar, which sticks to the screen's foot.
  useEffect(() => {
    if (opened) panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [opened]);
  const slotOf = (s: Slot, c: string): SlotChoice => ({ time: s.time, endTime: s.endTime, court: c, priceCents: s.priceCents });

  const open = (s: Slot) => {
    setOpened(s.time);
    // A time whose every court the family cannot add (all in its cart) chooses nothing: the court chosen before stays, and the panel says why.
    const first = s.freeCourts.find((c) => (unavailable?.(slotOf(s, c)) ?? null) === null);
    if (first !== undefined) onChoose(slotOf(s, first));
  };
  const panelId = useId();
  const reasonsOf = (s: Slot) => s.freeCourts.map((c) => unavailable?.(slotOf(s, c)) ?? null);
  const openReasons = openSlot ? reasonsOf(openSlot) : [];
  const allAside = openReasons.length > 0 && openReasons.every((why) => why !== null && why === openReasons[0]) ? openReasons[0] : null;

  const courtsPanel = openSlot ? (
    <li ref={panel} id={panelId} className="col-span-full scroll-mb-40 rounded-xl border border-line bg-surface p-3">
      <p className="mb-2 text-sm font-semibold text-ink">
        {allAside ? `Every ${court.toLowerCase()} free at ${clockRange(openSlot.time, openSlot.endTime)} is ${allAside}.` : `${court}s free ${clockRange(openSlot.time, openSlot.endTime)}`}
      </p>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(4.25rem,1fr))] gap-1.5">
        {openSlot.freeCourts.map((c) => {
          const slot = slotOf(openSlot, c);
          const selected = picked?.time === openSlot.time && picked.court === c;
          const why = unavailable?.(slot) ?? null;
          return (
            <button
              key={c}
              type="button"
              aria-pressed={selected}
              disabled={why !== null}
              aria-label={`${c} at ${clockTime(openSlot.time)}${why ? ` (${why})` : ''}`}
              onClick={() => onChoose(slot)}
              className={cn(
                'min-h-10 scroll-mb-40 rounded-full border px-2 py-1.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-50 sm:min-h-8 sm:text-xs',
                selected ? 'border-primary bg-primary text-on-primary' : 'border-line-strong bg-surface text-ink-soft hover:border-brand-600 hover:text-ink',
              )}
            >
              {c}
            </button>
          );
        })}
      </div>
    </li>
  ) : null;

  return (
    // Each button keeps clear of the chosen court's sticky bar when the keyboard brings it into view (scroll-mb).
    <ul className={cn('grid gap-2', GRID_COLUMNS[columns])} data-roving-group>
      {slots.map((s, i) => {
        const chosen = i === openIndex;
        // Counted as the family can still add them: a court it cannot (its cart has it, answered free to it) is said apart, "1 in your cart".
        const reasons = reasonsOf(s);
        const free = reasons.filter((why) => why === null).length;
        const apart = [...new Set(reasons)].flatMap((why) => (why === null ? [] : [`${reasons.filter((r) => r === why).length} ${why}, `])).join('');
        return (
          <Fragment key={s.time}>
            <li>
              <button
                type="button"
                data-roving
                onKeyDown={moveAmongChoices}
                // One Tab stop for the times: the one open, else the first (the arrows move along them).
                tabIndex={i === Math.max(openIndex, 0) ? 0 : -1}
                aria-expanded={chosen}
                aria-controls={chosen ? panelId : undefined}
                aria-label={`${clockTime(s.time)}, ${free} ${free === 1 ? court.toLowerCase() : `${court.toLowerCase()}s`} free, ${apart}${money(s.priceCents)}`}
                onClick={() => open(s)}
                className={cn(
                  'flex min-h-14 w-full scroll-mb-40 flex-col items-center justify-center rounded-xl border px-1 py-1.5 transition',
                  chosen ? 'border-brand-600 bg-primary-tint text-primary-tint-ink' : 'border-line bg-surface text-ink hover:border-brand-600',
                )}
              >
                <span className="text-sm font-semibold tabular-nums">{clockTime(s.time)}</span>
                <span className="text-xs text-muted tabular-nums">
                  <span className={cn(s.priceCents !== listPriceCents && 'font-medium text-primary-ink')}>{money(s.priceCents)}</span> · {free} free
                </span>
              </button>
            </li>
            {i === rowEnd ? courtsPanel : null}
          </Fragment>
        );
      })}
    </ul>
  );
}
