import type { GuestBooking } from '@portal/shared/guest-booking-schemas';
import { Badge } from '@/components/ui/badge';
import { useConfig } from '@/entities/company/get-company-config';
import { clockRange, formatDate, formatMoney } from '@/lib/format';
import { courtLabel, priceBeforeTax } from '@/lib/labels';

/** A guest's booking as its confirmation and its cancel link show it. */
export function BookingDetails({ booking, showPaid = false }: { booking: GuestBooking; showPaid?: boolean }) {
  const config = useConfig();
  // Beside "Paid", which includes the tax a company adds on top of its prices.
  const priceLabel = priceBeforeTax(config) ?? 'Price';
  const rows: [string, string][] = [
    ['Date', formatDate(booking.date, config.localization.DateFormat)],
    ['Time', clockRange(booking.time, booking.endTime)],
    ['Venue', booking.venue],
    [courtLabel(config), booking.court],
    ['Booking type', booking.bookingType],
    [priceLabel, formatMoney(booking.priceCents, config.localization.CurrencySymbol)],
    // What the card was charged (tax and card fee included): what a cancel refunds.
    ...(showPaid && booking.paidCents ? [['Paid', formatMoney(booking.paidCents, config.localization.CurrencySymbol)] as [string, string]] : []),
    ['Booked by', booking.guestName],
  ];
  return (
    <section aria-label="Your booking" className="overflow-hidden rounded-2xl border border-line bg-surface text-left shadow-xs">
      <div className="flex items-center justify-between gap-3 border-b border-line bg-surface-muted px-4 py-3">
        <h2 className="font-semibold text-ink">Your booking</h2>
        <Badge tone={booking.status === 'Cancelled' ? 'red' : 'green'}>{booking.status}</Badge>
      </div>
      <dl className="divide-y divide-line text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 px-4 py-3">
            <dt className="text-muted">{label}</dt>
            <dd className="text-right font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
