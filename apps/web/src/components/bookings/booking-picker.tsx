import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarXIcon } from 'lucide-react';
import type { z } from 'zod';
import type { Availability, availabilityQuerySchema, BookingOptions } from '@portal/shared/bookings-schemas';
import { SelectField } from '@/components/forms/select-field';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';

import { useConfig } from '@/entities/company/get-company-config';
import { cn } from '@/lib/cn';
import { moveAmongChoices } from '@/lib/roving-focus';
import { cancellableOnline, insideCutoffText } from '@/lib/cancel-deadline';
import { clockRange, companyTimeZone, formatDate, formatMoney } from '@/lib/format';
import { courtLabel, priceBeforeTax } from '@/lib/labels';
import { FreeTimes, type SlotChoice } from './free-times';
import { useDayColumns } from './day-columns';

export type { SlotChoice } from './free-times';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A booking type in the menu: its lowest price at the chosen venue, "from", where some of its times there cost more. */
function typeLabel(t: BookingOptions['bookingTypes'][number], venueId: number, money: (cents: number) => string): string {
  const range = t.PriceRanges.find((r) => r.VenueID === venueId);
  if (!range) return `${t.Name} – ${money(t.PriceCents)}`;
  return range.HighestPriceCents > range.LowestPriceCents ? `${t.Name} – from ${money(range.LowestPriceCents)}` : `${t.Name} – ${money(range.LowestPriceCents)}`;
}

function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${first}T00:00:00Z`); d.toISOString().slice(0, 10) <= last; d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
  return days;
}

/** What the free slots are asked for: a venue, a booking type that venue offers, a day. */
export type AvailabilityParams = z.output<typeof availabilityQuerySchema>;

/** A slot chosen with its venue, booking type and day: what a history entry keeps across a reload. */
export interface KeptChoice {
  venueId: number;
  typeId: number;
  date: string;
  slot: SlotChoice;
}

/** `kept`, when these options still offer its venue, its booking type there and its day; else null. */
export function offeredChoice(options: BookingOptions, kept: KeptChoice | null | undefined): KeptChoice | null {
  if (!kept || !options.venues.some((v) => v.VenueID === kept.venueId)) return null;
  const type = options.bookingTypes.find((t) => t.BookingTypeID === kept.typeId);
  if (!type || (type.VenueIDs.length > 0 && !type.VenueIDs.includes(kept.venueId))) return null;
  return kept.date >= options.today && kept.date <= options.lastDay ? kept : null;
}

/**
 * The venue, booking type, day and slot being chosen, from `initial` where one is given (see
 * `offeredChoice`). Another venue, type or day drops the slot; a venue that does not offer the type
 * moves to its first one.
 */
export function useBookingChoice(options: BookingOptions, initial: KeptChoice | null = null) {
  const [venueId, setVenueId] = useState(initial?.venueId ?? options.venues[0]?.VenueID ?? 0);
  const types = useMemo(() => options.bookingTypes.filter((t) => t.VenueIDs.length === 0 || t.VenueIDs.includes(venueId)), [options.bookingTypes, venueId]);
  const [typeId, setTypeId] = useState(initial?.typeId ?? types[0]?.BookingTypeID ?? 0);
  const days = useMemo(() => daysBetween(options.today, options.lastDay), [options.today, options.lastDay]);
  const [date, setDate] = useState(initial?.date ?? options.today);
  const [choice, setChoice] = useState<SlotChoice | null>(initial?.slot ?? null);

  useEffect(() => {
    if (!types.some((t) => t.BookingTypeID === typeId)) setTypeId(types[0]?.BookingTypeID ?? 0);
  }, [types, typeId]);
  const shown = useRef({ venueId, typeId, date });
  useEffect(() => {
    const was = shown.current;
    if (was.venueId === venueId && was.typeId === typeId && was.date === date) return;
    shown.current = { venueId, typeId, date };
    setChoice(null);
  }, [venueId, typeId, date]);

  const params: AvailabilityParams | null = typeId ? { venue_id: venueId, booking_type_id: typeId, date } : null;
  return {
    venues: options.venues,
    venueId,
    setVenueId,
    venue: options.venues.find((v) => v.VenueID === venueId),
    types,
    typeId,
    setTypeId,
    type: types.find((t) => t.BookingTypeID === typeId),
    days,
    date,
    setDate,
    choice,
    setChoice,
    /** The free slots' query, or null while no booking type can be chosen. */
    params,
  };
}
export type BookingChoice = ReturnType<typeof useBookingChoice>;

/**
 * The court booking pickers (G3–G5): venue and booking type, a day from today to the last day
 * open, then the day's free start times with their free courts. The hub's Add a Booking page and
 * the public booking page (/ob) both show it, each with the free slots of its own call.
 */
export function BookingPicker({
  choice,
  availability,
  unavailable,
}: {
  choice: BookingChoice;
  availability: UseQueryResult<Availability>;
  /** A court that is free but cannot be chosen here (already in the cart), with why. */
  unavailable?: (slot: SlotChoice) => string | null;
}) {
  const config = useConfig();
  const slotsId = useId();
  const money = (c: number) => formatMoney(c, config.localization.CurrencySymbol);
  const { venues, venueId, setVenueId, types, typeId, setTypeId, type, days, date, setDate } = choice;
  const beforeTax = priceBeforeTax(config);
  const [dayRow, columns] = useDayColumns(days.length);

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Venue" placeholder={null} value={venueId} onChange={(e) => setVenueId(Number(e.target.value))} options={venues.map((v) => ({ value: v.VenueID, label: v.Name }))} />
        <SelectField
          label="Booking type"
          placeholder={null}
          value={typeId}
          onChange={(e) => setTypeId(Number(e.target.value))}
          options={types.map((t) => ({ value: t.BookingTypeID, label: typeLabel(t, venueId, money) }))}
        />
      </div>

      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-ink">Day</legend>
        {/* A phone swipes one row of days; a wider screen shows them all in rows of even length (day-columns.ts). */}
        <div
          ref={dayRow}
          data-roving-group
          className={cn('-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0', columns && 'sm:grid sm:grid-cols-[repeat(var(--day-columns),auto)] sm:justify-start')}
          style={columns ? ({ '--day-columns': columns } as CSSProperties) : undefined}
        >
          {days.map((d, index) => {
            const day = new Date(`${d}T00:00:00Z`);
            // Where a month starts, and on the first day shown, the month is named ("Tue 1 Dec").
            const month = index === 0 || day.getUTCDate() === 1 ? MONTH_NAMES[day.getUTCMonth()] : null;
            return (
              <button
                key={d}
                type="button"
                data-roving
                onKeyDown={moveAmongChoices}
                tabIndex={d === (days.includes(date) ? date : days[0]) ? 0 : -1}
                aria-pressed={d === date}
                aria-label={formatDate(d, config.localization.DateFormat)}
                onClick={() => setDate(d)}
                className={cn(
                  'flex min-w-16 shrink-0 flex-col items-center rounded-xl border px-3 py-2 text-sm transition',
                  d === date ? 'border-brand-600 bg-primary-tint font-semibold text-primary-tint-ink' : 'border-line bg-surface text-ink-soft hover:border-brand-600',
                )}
              >
                <span className="text-xs tracking-wide uppercase">{DAY_NAMES[day.getUTCDay()]}</span>
                <span className="text-lg leading-tight font-bold">{day.getUTCDate()}</span>
                {month ? <span className="text-xs tracking-wide uppercase">{month}</span> : null}
              </button>
            );
          })}
        </div>
      </fieldset>

      <section aria-labelledby={slotsId}>
        <h2 id={slotsId} className="mb-2 text-sm font-semibold text-ink">
          Free times on {formatDate(date, config.localization.DateFormat)}
          {type ? ` · ${type.DurationMinutes} minutes` : ''}
        </h2>
        {/* The tax a company adds on top is added at the checkout: said here, as the booking's confirmation says it. */}
        {beforeTax ? <p className="-mt-1 mb-2 text-xs text-muted">{`${beforeTax.replace(/^Price/, 'Prices')}.`}</p> : null}
        {availability.isPending ? (
          <ListLoading label="Loading free times" />
        ) : availability.isLoadingError ? (
          <QueryError query={availability} />
        ) : availability.data.slots.every((s) => s.freeCourts.length === 0) ? (
          <EmptyState icon={<CalendarXIcon className="size-7" />} text="No free times on this day. Please choose another day." />
        ) : (
          <FreeTimes
            // Another venue, type or day starts with no time open.
            key={`${venueId}-${typeId}-${date}`}
            slots={availability.data.slots.filter((s) => s.freeCourts.length > 0)}
            chosen={choice.choice}
            onChoose={choice.setChoice}
            listPriceCents={type?.PriceCents}
            unavailable={unavailable}
          />
        )}
      </section>
    </>
  );
}

/**
 * The bar under the pickers: what is chosen and its price, and the page's button (Add to cart,
 * Continue). It sticks to the bottom of the screen once a slot is chosen.
 */
export function BookingChoiceBar({ choice, action }: { choice: BookingChoice; action: ReactNode }) {
  const config = useConfig();
  const court = courtLabel(config);
  const { choice: slot, type, date } = choice;
  const cutoffHours = config.booking_setup.CancelCutoffHours;
  // Tonight's court can be booked, but it was never cancellable online: said before it is paid for.
  const final = slot !== null && !cancellableOnline(date, slot.time, cutoffHours, companyTimeZone(config));
  return (
    <div className={cn('rounded-2xl border border-line bg-surface px-4 py-3 shadow-sm sm:px-5', slot && 'sticky bottom-3 z-10 shadow-lg')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm text-ink-soft">
          {/* A live region: the court a time takes when it is chosen is read out. */}
          <p role="status">
            {slot && type ? (
              <>
                <span className="font-semibold text-ink">{type.Name}</span> · {court}: {slot.court} · {formatDate(date, config.localization.DateFormat)} {clockRange(slot.time, slot.endTime)} ·{' '}
                <span className="font-semibold text-ink">{formatMoney(slot.priceCents, config.localization.CurrencySymbol)}</span>
              </>
            ) : (
              `Choose a time and a ${court.toLowerCase()}.`
            )}
          </p>
          {final ? <p className="mt-0.5 font-medium text-ink">{insideCutoffText(cutoffHours)}</p> : null}
        </div>
        {action}
      </div>
    </div>
  );
}
