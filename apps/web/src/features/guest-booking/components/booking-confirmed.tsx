import { CalendarCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { useConfig } from '@/entities/company/get-company-config';
import { insideCutoffText } from '@/lib/cancel-deadline';
import { companyTimeZone, formatDateTime, formatMoney } from '@/lib/format';
import { courtLabel } from '@/lib/labels';
import { BookingDetails } from './booking-details';
import type { GuestBooked } from './guest-checkout';

function pathOf(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

/** The booking made: what was booked and paid, where the confirmation went, until when it can be cancelled. */
export function BookingConfirmed({ booked, onAnother }: { booked: GuestBooked; onAnother: () => void }) {
  const config = useConfig();
  const { booking, payment, email } = booked;
  // The link is the portal's own page: followed inside the app, without a reload.
  const cancelPath = booked.cancelUrl ? pathOf(booked.cancelUrl) : null;
  const free = payment.amountCents === 0;
  return (
    <div className="mx-auto w-full max-w-lg">
      <div role="status" className="mb-6 flex flex-col items-center text-center">
        <span aria-hidden="true" className="mb-4 grid size-16 place-items-center rounded-full bg-success-surface text-success">
          <CalendarCheckIcon className="size-8" />
        </span>
        <h2 data-step-heading tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink focus:outline-none">
          You’re booked
        </h2>
        <p className="mt-2 text-ink-soft">
          We have sent the booking to <span className="font-semibold text-ink wrap-anywhere">{email}</span>
          {booking.cancelBy ? ', with a link to cancel it.' : '.'}
        </p>
      </div>
      <BookingDetails booking={booking} />
      <dl className="mt-4 space-y-1.5 rounded-2xl border border-line bg-surface-muted/60 px-4 py-3 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted">Paid</dt>
          <dd className="font-semibold tabular-nums text-ink">{free ? 'Nothing: this booking is free' : formatMoney(payment.amountCents, payment.currencySymbol)}</dd>
        </div>
        {payment.receiptNo ? (
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-muted">{config.fin_setup.ReceiptTitle || 'Receipt'}</dt>
            <dd className="font-medium text-ink">{payment.receiptNo}</dd>
          </div>
        ) : null}
      </dl>
      {booking.cancelBy ? (
        <p className="mt-4 text-sm text-ink-soft">
          Plans changed? Cancel online until {formatDateTime(booking.cancelBy, config.localization.DateFormat, companyTimeZone(config), false)}
          {free ? '.' : ' and your payment is refunded to your card.'}
        </p>
      ) : booking.status === 'Confirmed' ? (
        // Booked inside the cut-off (tonight's court): it was never cancellable online.
        <p className="mt-4 text-sm text-ink-soft">
          {insideCutoffText(config.booking_setup.CancelCutoffHours)} Please contact {config.CompanyDisplayName} if your plans change.
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        {cancelPath ? (
          <Link to={cancelPath} className={buttonClasses('secondary', 'md', 'sm:flex-1')}>
            {booking.cancelBy ? 'View or cancel this booking' : 'View this booking'}
          </Link>
        ) : null}
        <Button variant="secondary" className="sm:flex-1" onClick={onAnother}>
          Book another {courtLabel(config).toLowerCase()}
        </Button>
      </div>
    </div>
  );
}
