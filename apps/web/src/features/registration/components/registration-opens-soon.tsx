import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarClockIcon } from 'lucide-react';
import type { CompanyConfig } from '@portal/shared/company-config';
import { clockName, companyTimeZone, formatDateAtTime } from '@portal/shared/date-time-text';
import { registrationMessages } from '@portal/shared/registration-schemas';
import { buttonClasses } from '@/components/ui/button';
import { NoticePage } from '@/components/ui/notice-page';
import { paths } from '@/config/paths';
import { useCountdown } from '@/lib/countdown';
import { TimeLeft } from '@/components/ui/time-left';

/** " (Sydney time)": the company's time zone named after a time, where it has a city. */
export const zoneNote = (config: CompanyConfig) => {
  const zone = companyTimeZone(config);
  return zone ? ` (${clockName(zone)})` : '';
};

/**
 * A registration profile whose opening is still ahead (decision 091): when it opens, in the
 * company's date style and time zone, and the time left, counting down each second. At zero it
 * hands over (`onOpen`), so a family waiting on the page goes on without reloading. The server
 * refuses every step past the e-mail code until then, whatever the browser's clock says.
 */
export function RegistrationOpensSoon({ name, opensAt, config, onOpen, children }: { name: string; opensAt: string; config: CompanyConfig; onOpen: () => void; children?: ReactNode }) {
  const left = useCountdown(Date.parse(opensAt), onOpen);

  const city = zoneNote(config);
  const when = `${formatDateAtTime(opensAt, config.localization.DateFormat, companyTimeZone(config))}${city}`;
  return (
    <NoticePage
      icon={<CalendarClockIcon className="size-8" />}
      title="Registration opens soon"
      actions={
        <Link to={paths.company} className={buttonClasses('secondary', 'md')}>
          Go to the Customer Hub
        </Link>
      }
    >
      <p className="font-semibold text-ink">{name}</p>
      <p>{registrationMessages.notOpenYet(when)}</p>
      <p className="text-ink">
        Opens in <TimeLeft ms={left} />
      </p>
      {children ?? <p>Keep this page open: the registration starts here by itself at that time.</p>}
    </NoticePage>
  );
}
