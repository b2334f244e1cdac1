import { Link } from 'react-router';
import { CircleSlashIcon } from 'lucide-react';
import { registrationMessages } from '@portal/shared/registration-schemas';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

export type UnavailableReason = 'closed' | 'unknownProfile' | 'noSignUps' | 'failed';

function explanation(reason: UnavailableReason, company: string): string {
  switch (reason) {
    case 'closed':
      return `${company} is not taking registrations online at the moment.`;
    case 'unknownProfile':
      return `This registration link is not valid. Please check the link, or contact ${company}.`;
    case 'noSignUps':
      return `${company} is not taking new sign-ups online at the moment. Please contact them to enrol.`;
    case 'failed':
      return 'The registration could not be loaded. Please try again in a moment.';
  }
}

/** N36, U30: registration switched off, an unknown profile, or no new sign-ups taken. */
export function RegistrationUnavailable({ reason, company, onRetry }: { reason: UnavailableReason; company: string; onRetry?: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24">
      <span aria-hidden="true" className="mb-5 grid size-16 place-items-center rounded-full bg-primary-tint text-primary-ink">
        <CircleSlashIcon className="size-8" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{registrationMessages.registrationClosed}</h1>
      <p className="mt-3 text-ink-soft">{explanation(reason, company)}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {onRetry ? (
          <button type="button" onClick={onRetry} className={buttonClasses('secondary', 'md')}>
            Try again
          </button>
        ) : (
          <Link to={paths.contactUs} className={buttonClasses('secondary', 'md')}>
            Contact {company}
          </Link>
        )}
        <Link to={paths.company} className={buttonClasses('primary', 'md')}>
          Go to the Customer Hub
        </Link>
      </div>
    </div>
  );
}
