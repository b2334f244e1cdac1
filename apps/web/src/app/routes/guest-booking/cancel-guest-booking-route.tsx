import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CalendarCheckIcon, CalendarXIcon, LinkIcon } from 'lucide-react';
import { bookingMessages } from '@portal/shared/bookings-schemas';
import { hoursText } from '@portal/shared/date-time-text';
import { guestBookingMessages } from '@portal/shared/guest-booking-schemas';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { ListLoading, QueryError } from '@/components/ui/list-states';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { useConfig } from '@/entities/company/get-company-config';
import { clockRange, companyTimeZone, formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { courtLabel } from '@/lib/labels';
import { useCancelGuestBooking } from '@/features/guest-booking/api/cancel-guest-booking';
import { useGuestBooking } from '@/features/guest-booking/api/get-guest-booking';
import { BookingDetails } from '@/features/guest-booking/components/booking-details';
import { NoticePage } from '@/components/ui/notice-page';
import { cancelDeadline } from '@/lib/cancel-deadline';

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * /ob/cancel?id={customerId}&token=… : the link in a guest's confirmation e-mail. It shows the
 * booking and, before the cut-off, cancels it (the card is refunded); after the cut-off it says
 * until when that was possible, or, for a booking made inside the cut-off, that it never was and
 * whom to contact. A used or unknown link shows the server's message.
 */
export default function CancelGuestBookingRoute() {
  const config = useConfig();
  const [params] = useSearchParams();
  const raw = params.get('token');
  const token = raw && TOKEN.test(raw) ? raw : null;
  const link = useGuestBooking(token);
  const cancel = useCancelGuestBooking(token ?? '');
  const [confirming, setConfirming] = useState(false);
  const cancelling = useRef(false);
  const [error, setError] = useState<string | null>(null);
  // Cancelled, the button that opened the dialog is gone: the focus goes to the confirmation, not the top of the page.
  const cancelledRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (cancel.isSuccess) cancelledRef.current?.focus({ preventScroll: true });
  }, [cancel.isSuccess]);
  const dateFormat = config.localization.DateFormat;
  const zone = companyTimeZone(config);
  const cutoffHours = config.booking_setup.CancelCutoffHours;
  const symbol = config.localization.CurrencySymbol;
  // What a cancel refunds: the amount the card was charged, tax included, where it is known; a free court refunds nothing.
  const paidText = (cents: number | null, opening = false) => (cents ? `${opening ? 'The' : 'the'} ${formatMoney(cents, symbol)} you paid is` : `${opening ? 'Your' : 'your'} payment is`);
  const refundClause = (cents: number | null) => (cents === 0 ? '' : `; ${paidText(cents)} then refunded to your card`);
  const refundSentence = (cents: number | null) => (cents === 0 ? '' : ` ${paidText(cents, true)} refunded to your card.`);

  const invalid = token === null || (link.isError && link.error instanceof ApiRequestError && link.error.status === 404);
  if (invalid) {
    return (
      <NoticePage
        icon={<LinkIcon className="size-8" />}
        title="Link not valid"
        actions={
          <Link to={paths.ob} className={buttonClasses('primary', 'md')}>
            Book a {courtLabel(config).toLowerCase()}
          </Link>
        }
      >
        <p>{link.error ? errorMessage(link.error) : guestBookingMessages.linkInvalid}</p>
      </NoticePage>
    );
  }

  const booking = link.data?.booking;
  const refunded = booking ? guestBookingMessages.refunded(booking.paidCents, symbol) : null;
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Your booking" description={config.CompanyDisplayName} />
      {link.isPending ? (
        <ListLoading label="Loading your booking" />
      ) : link.isError || !booking ? (
        <QueryError query={link} />
      ) : (
        <div className="space-y-5">
          {cancel.isSuccess ? (
            <p
              ref={cancelledRef}
              role="status"
              tabIndex={-1}
              className="flex items-center gap-2 rounded-lg border border-success-line bg-success-surface px-3.5 py-3 text-sm font-medium text-success focus:outline-none"
            >
              <CalendarXIcon aria-hidden="true" className="size-5 shrink-0" />
              {cancel.data.message ?? guestBookingMessages.cancelled}
            </p>
          ) : null}
          <ErrorBox message={error} onDismiss={() => setError(null)} />
          <BookingDetails booking={booking} showPaid />
          {booking.status === 'Cancelled' ? (
            <>
              {refunded ? <p className="text-sm text-ink-soft">{refunded}</p> : null}
              {/* The way on from a cancelled booking: another time, as the confirmation's page offers. */}
              <Link to={paths.ob} className={buttonClasses('secondary', 'md')}>
                Book another {courtLabel(config).toLowerCase()}
              </Link>
            </>
          ) : booking.cancelBy ? (
            <div className="space-y-3">
              <p className="flex items-start gap-2 text-sm text-ink-soft">
                <CalendarCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-ink" />
                You can cancel online until {formatDateTime(booking.cancelBy, dateFormat, zone, false)}
                {refundClause(booking.paidCents)}.
              </p>
              <Button variant="danger" fullWidth onClick={() => setConfirming(true)}>
                Cancel booking
              </Button>
            </div>
          ) : booking.bookedInsideCutoff ? (
            <div className="space-y-3 rounded-xl border border-line bg-surface-muted px-4 py-3 text-sm text-ink">
              <p>{`This booking cannot be cancelled online: it was booked within ${hoursText(cutoffHours)} of its start, after online cancelling had closed. Please contact ${config.CompanyDisplayName} if your plans change.`}</p>
              <Link to={paths.contactUs} className={buttonClasses('secondary', 'sm')}>
                Contact {config.CompanyDisplayName}
              </Link>
            </div>
          ) : (
            <p className="rounded-xl border border-line bg-surface-muted px-4 py-3 text-sm text-ink">
              This booking can no longer be cancelled online: that was possible until{' '}
              {formatDateTime(cancelDeadline(booking.date, booking.time, config.booking_setup.CancelCutoffHours, zone), dateFormat, zone, false)}.{' '}
              {bookingMessages.cancelClosed(config.booking_setup.CancelCutoffHours)} Please contact {config.CompanyDisplayName} about it.
            </p>
          )}
        </div>
      )}
      <Modal
        open={confirming}
        onOpenChange={(open) => (open ? undefined : setConfirming(false))}
        title="Cancel this booking?"
        description={
          booking
            ? `${booking.bookingType}, ${booking.court} at ${booking.venue}, ${formatDate(booking.date, dateFormat)} ${clockRange(booking.time, booking.endTime)}.${refundSentence(booking.paidCents)}`
            : undefined
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep booking
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() => {
                // A second tap before the button shows it is busy sends nothing: the first cancels, once.
                if (cancelling.current) return;
                cancelling.current = true;
                cancel.mutate(undefined, {
                  onError: (e) => setError(errorMessage(e)),
                  onSettled: () => {
                    cancelling.current = false;
                    setConfirming(false);
                  },
                });
              }}
            >
              Cancel booking
            </Button>
          </>
        }
      />
    </div>
  );
}
