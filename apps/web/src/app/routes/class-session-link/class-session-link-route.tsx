import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CLASS_SESSION_LINK_DATES_SHOWN, classSessionLinkMessages } from '@portal/shared/class-session-link-schemas';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { useConfig } from '@/entities/company/get-company-config';
import { useCurrentUser } from '@/entities/customer/identity';
import { ROLE_ACCESS } from '@portal/shared/family-roles';
import { CalendarDaysIcon, LinkIcon } from 'lucide-react';
import { useClassSessionLink } from '@/features/class-session-link/api/get-class-session-link';

/**
 * /hub/class-session-link?token=&id= (O1–O8): a class session someone shared, open to anyone
 * with the link. The shell has already entered the link's company (O2).
 */
export default function ClassSessionLinkRoute() {
  const config = useConfig();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useClassSessionLink(token);
  const [allDatesOpen, setAllDatesOpen] = useState(false);

  if (token !== '' && link.isPending) {
    return (
      <div className="flex justify-center px-4 py-24 text-primary-ink">
        <Spinner size="lg" label="Loading the class details" />
      </div>
    );
  }

  if (token === '' || link.isError || !link.data) {
    const revoked = link.error instanceof ApiRequestError && link.error.code === 'LINK_REVOKED';
    const invalid = token === '' || revoked || (link.error instanceof ApiRequestError && link.error.status === 404);
    const title = revoked ? classSessionLinkMessages.revokedTitle : invalid ? 'This link cannot be opened' : 'Something went wrong';
    const text = revoked ? classSessionLinkMessages.revoked : invalid ? classSessionLinkMessages.invalid : errorMessage(link.error);
    return (
      <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24">
        <span aria-hidden="true" className="mb-5 grid size-16 place-items-center rounded-full bg-primary-tint text-primary-ink">
          <LinkIcon className="size-8" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        <p className="mt-3 text-ink-soft">{text}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {invalid ? null : (
            <Button variant="secondary" onClick={() => void link.refetch()}>
              Try again
            </Button>
          )}
          <Link to={paths.company} className={buttonClasses('primary', 'md')}>
            Go to the Customer Hub
          </Link>
        </div>
      </div>
    );
  }

  const { rows, dates } = link.data;
  const [first, ...rest] = rows;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Class Session" description={`Shared by ${config.CompanyDisplayName}.`} />
      <dl className="divide-y divide-line-soft overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
        {first ? (
          <div className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:gap-6">
            <dt className="text-sm font-semibold text-muted sm:w-32 sm:shrink-0">{first.label}</dt>
            <dd className="flex flex-1 flex-wrap items-center justify-between gap-3 text-base font-medium text-ink">
              <span>{first.value}</span>
              {dates.length > CLASS_SESSION_LINK_DATES_SHOWN ? (
                <Button variant="secondary" size="sm" icon={<CalendarDaysIcon aria-hidden="true" className="size-4" />} onClick={() => setAllDatesOpen(true)}>
                  All Dates
                </Button>
              ) : null}
            </dd>
          </div>
        ) : null}
        {rest.map((row) => (
          <div key={row.label} className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:gap-6">
            <dt className="text-sm font-semibold text-muted sm:w-32 sm:shrink-0">{row.label}</dt>
            <dd className="flex-1 text-base text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
      <NextSteps />
      <Modal open={allDatesOpen} onOpenChange={setAllDatesOpen} title="All Dates" description={`${dates.length} dates`} size="sm">
        <ol className="grid grid-cols-2 gap-2 text-sm text-ink">
          {dates.map((date) => (
            <li key={date} className="rounded-lg bg-canvas px-3 py-2 text-center font-medium tabular-nums">
              {date}
            </li>
          ))}
        </ol>
      </Modal>
    </div>
  );
}

/**
 * The way on from a shared session: a guest signs in first (the classes page offers the sign-in in
 * place, then opens); a signed-in family goes to its classes, and to notify an absence or book a
 * make-up where the company allows them and the family role may.
 */
function NextSteps() {
  const config = useConfig();
  const user = useCurrentUser();
  const mayChange = user !== null && ROLE_ACCESS[user.Role ?? 'holder'].includes('family');
  return (
    <section aria-labelledby="next-steps-heading" className="mt-6 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <h2 id="next-steps-heading" className="text-base font-semibold text-ink">
        What next
      </h2>
      {user === null ? (
        <>
          <p className="mt-1 text-sm text-ink-soft">Sign in to book this class for your family, notify an absence or book a make-up.</p>
          <Link to={paths.classes} className={buttonClasses('primary', 'md', 'mt-4')}>
            Sign in
          </Link>
        </>
      ) : (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link to={paths.classes} className={buttonClasses('primary', 'md')}>
            Go to Classes
          </Link>
          {mayChange && config.CanNotifyAbsence ? (
            <Link to={paths.notifyAbsences} className={buttonClasses('secondary', 'md')}>
              Notify an absence
            </Link>
          ) : null}
          {mayChange && config.CanTakeMakeups ? (
            <Link to={paths.makeupsBook} className={buttonClasses('secondary', 'md')}>
              Book a make-up
            </Link>
          ) : null}
        </div>
      )}
    </section>
  );
}
