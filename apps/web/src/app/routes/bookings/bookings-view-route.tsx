import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { CalendarPlusIcon, LayoutGridIcon } from 'lucide-react';
import type { Booking } from '@portal/shared/bookings-schemas';
import { STATUS_MESSAGE_MS } from '@portal/shared/constants';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useConfig } from '@/entities/company/get-company-config';
import { useCan } from '@/entities/customer/identity';
import { bookingEndpoints } from '@portal/shared/endpoints/bookings';
import { clockRange, clockTime, companyTimeZone, formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { courtLabel, priceBeforeTax } from '@/lib/labels';
import { useSearchParamState } from '@/lib/use-search-param';
import { useBookings, useCancelBooking, type BookingFilter } from '@/features/bookings/api/get-bookings';

const FILTERS: { value: BookingFilter; label: string; empty: string }[] = [
  { value: 'upcoming', label: 'Upcoming', empty: 'No upcoming bookings.' },
  { value: 'past', label: 'Past', empty: 'No past bookings.' },
  { value: 'cancelled', label: 'Cancelled', empty: 'No cancelled bookings.' },
];

/** /hub/bookings/view (G2, G7): the customer's bookings; cancel one before the cut-off. */
export default function BookingsViewRoute() {
  const config = useConfig();
  const mayBook = useCan(bookingEndpoints.check);
  const beforeTax = priceBeforeTax(config);
  const [filter, setFilter] = useSearchParamState<BookingFilter>('show', ['upcoming', 'past', 'cancelled'], 'upcoming');
  const [page, setPage] = useState(1);
  const list = useBookings({ filter, page });
  const cancel = useCancelBooking();
  const [confirming, setConfirming] = useState<Booking | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const court = courtLabel(config);
  const bookings = list.data?.bookings ?? [];
  // A page that no longer exists (its last booking cancelled) gives way to the last one that does.
  const lastPage = Math.max(1, list.data?.total_pages ?? 1);
  if (list.data && page > lastPage) setPage(lastPage);

  const statusLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!status) return;
    // Said where the family is: a booking cancelled far down the list is answered at the top of the page.
    statusLine.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
    const timer = window.setTimeout(() => setStatus(''), STATUS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  // Answers a promise, so the button takes no second press while the cancellation is on its way (a double tap).
  async function confirmCancel() {
    if (!confirming) return;
    setError(null);
    try {
      await cancel.mutateAsync(confirming.BookingID);
      setStatus('Your booking has been cancelled.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setConfirming(null);
    }
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader
        title="Bookings"
        description={`Your ${court.toLowerCase()} bookings.`}
        actions={
          // A viewer follows the bookings and makes none (decision 101).
          mayBook ? (
            <Link to={paths.bookingsAdd} className={buttonClasses('primary', 'md')}>
              <CalendarPlusIcon aria-hidden="true" /> Add a Booking
            </Link>
          ) : undefined
        }
      />
      <p
        ref={statusLine}
        role="status"
        aria-live="polite"
        className={status ? 'mb-4 rounded-lg border border-success-line bg-success-surface px-3.5 py-3 text-sm font-medium text-success' : 'sr-only'}
      >
        {status}
      </p>
      <ErrorBox message={error} onDismiss={() => setError(null)} className="mb-4" />

      <Tabs.Root
        value={filter}
        onValueChange={(v) => {
          setFilter(v as BookingFilter);
          setPage(1);
        }}
      >
        <Tabs.List aria-label="Show bookings" className="mb-5 inline-flex flex-wrap gap-1 rounded-3xl bg-surface-muted p-1">
          {FILTERS.map((f) => (
            <Tabs.Trigger
              key={f.value}
              value={f.value}
              className="min-h-10 rounded-full px-4 py-1.5 text-sm sm:min-h-0 font-semibold text-muted transition hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-primary-ink data-[state=active]:shadow-sm"
            >
              {f.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {FILTERS.map((f) => (
          <Tabs.Content key={f.value} value={f.value} tabIndex={-1} className="outline-none">
            {f.value !== filter ? null : list.isPending ? (
              <ListLoading label="Loading bookings" />
            ) : list.isLoadingError ? (
              <QueryError query={list} />
            ) : bookings.length === 0 ? (
              <EmptyState icon={<LayoutGridIcon className="size-7" />} text={f.empty} />
            ) : (
              <ul className="space-y-3" aria-label={`${f.label} bookings`}>
                {bookings.map((b) => (
                  <li key={b.BookingID} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5">
                    <div className="min-w-0">
                      <p className="font-semibold text-ink">
                        {formatDate(b.date, config.localization.DateFormat)} · {clockRange(b.time, b.endTime)}
                      </p>
                      <p className="text-sm text-ink-soft">
                        {b.bookingType} · {b.court} · {b.venue}
                      </p>
                      <p className="mt-1 text-sm text-muted">
                        {beforeTax ? `${beforeTax}: ` : ''}
                        {formatMoney(b.price, config.localization.CurrencySymbol)}
                        {/* The number kept whole: "ACE-5044" would break at its hyphen on a phone. */}
                        {b.invoiceNumber ? (
                          <>
                            {' · Invoice '}
                            <span className="whitespace-nowrap">{b.invoiceNumber}</span>
                          </>
                        ) : null}
                        {/* An upcoming booking past its cut-off (or booked inside it) has no Cancel: the family is told, not left to look for it. */}
                        {b.cancelBy
                          ? ` · Cancel by ${formatDateTime(b.cancelBy, config.localization.DateFormat, companyTimeZone(config), false)}`
                          : f.value === 'upcoming' && b.status === 'Confirmed'
                            ? ' · Can no longer be cancelled online'
                            : ''}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      {b.status === 'Cancelled' ? <Badge tone="neutral">Cancelled</Badge> : null}
                      {b.cancelBy ? (
                        <Button variant="secondary" size="sm" onClick={() => setConfirming(b)}>
                          Cancel{' '}
                          <span className="sr-only">
                            booking of {b.court} on {formatDate(b.date, config.localization.DateFormat)} at {clockTime(b.time)}
                          </span>
                        </Button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {list.data && list.data.total_pages > 1 ? (
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" size="sm" disabled={page >= list.data.total_pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}

      <Modal
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Cancel this booking?"
        description={
          confirming
            ? `${confirming.bookingType}, ${confirming.court} at ${confirming.venue}, ${formatDate(confirming.date, config.localization.DateFormat)} ${clockRange(confirming.time, confirming.endTime)}.${
                // What is still owed for it comes off the invoice; a refund or a credit of what was paid is the company's to give (decision 025).
                confirming.invoiceNumber
                  ? ` The ${court.toLowerCase()} is freed, and taken off invoice ${confirming.invoiceNumber} if that is still to be paid. Anything you have paid is not refunded here: please contact ${config.CompanyDisplayName} about a refund or a credit.`
                  : ''
              }`
            : undefined
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Keep booking
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={confirmCancel}>
              Cancel booking
            </Button>
          </>
        }
      />
    </div>
  );
}
