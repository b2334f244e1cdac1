import { Link } from 'react-router';
import { CircleSlashIcon } from 'lucide-react';
import { registrationMessages } from '@portal/shared/registration-schemas';
import { buttonClasses } from '@/components/ui/button';
import { NoticePage } from '@/components/ui/notice-page';
import { paths } from '@/config/paths';

export type UnavailableReason = 'closed' | 'unknownProfile' | 'noSignUps' | 'failed';

function explanation(reason: UnavailableReason, company: string): string {
  switch (reason) {
    case 'closed':
      return `${company} is not taking registrations online at the moment.`;
    case 'unknownProfile':
      return `This registration link is not valid. Please check the link, or contact ${company}.`;
    case 'noSignUps':
      return `${company} is not taking new sign-ups online at the moment. Please contact them to enroll.`;
    case 'failed':
      return 'The registration could not be loaded. Please try again in a moment.';
  }
}

/** N36, U30: registration switched off, an unknown profile, or no new sign-ups taken. */
export function RegistrationUnavailable({ reason, company, onRetry }: { reason: UnavailableReason; company: string; onRetry?: () => void }) {
  return (
    <NoticePage
      icon={<CircleSlashIcon className="size-8" />}
      title={registrationMessages.registrationClosed}
      actions={
        <>
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
        </>
      }
    >
      <p>{explanation(reason, company)}</p>
    </NoticePage>
  );
}
