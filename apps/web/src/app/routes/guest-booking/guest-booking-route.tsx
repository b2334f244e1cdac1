import { Link } from 'react-router';
import { CalendarXIcon } from 'lucide-react';
import { guestBookingMessages } from '@portal/shared/guest-booking-schemas';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useConfig } from '@/entities/company/get-company-config';
import { courtLabel } from '@/lib/labels';
import { useGuestBookingOptions } from '@/features/guest-booking/api/get-guest-booking-options';
import { GuestBookingFlow } from '@/features/guest-booking/components/guest-booking-flow';
import { NoticePage } from '@/components/ui/notice-page';

/**
 * /ob?id={customerId} (N37): the public booking page. The shell has already entered the company
 * of `id` (A30). A guest books and pays for a court with no account; a company that takes no
 * bookings online answers 403, shown as the page's "not available" state.
 */
export default function GuestBookingRoute() {
  const config = useConfig();
  const options = useGuestBookingOptions();
  const company = config.CompanyDisplayName;

  if (options.isError && options.error instanceof ApiRequestError && options.error.status === 403) {
    return (
      <NoticePage
        icon={<CalendarXIcon className="size-8" />}
        title={guestBookingMessages.bookingsClosed}
        actions={
          <Link to={paths.contactUs} className={buttonClasses('primary', 'md')}>
            Contact {company}
          </Link>
        }
      >
        <p>{company} is not taking bookings online at the moment.</p>
      </NoticePage>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title={`Book a ${courtLabel(config)}`} description={`${company} · choose a day and a time, pay online and it’s yours. No account needed.`} />
      <BookingOptionsState options={options} />
    </div>
  );
}

/** The pickers once the options are in; until then their loading, failure or emptiness. */
function BookingOptionsState({ options }: { options: ReturnType<typeof useGuestBookingOptions> }) {
  if (options.isPending) return <ListLoading label="Loading booking options" />;
  if (options.isLoadingError) return <QueryError query={options} />;
  if (options.data.bookingTypes.length === 0) return <EmptyState icon={<CalendarXIcon className="size-7" />} text="Nothing can be booked online at the moment." />;
  return <GuestBookingFlow options={options.data} />;
}
