import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CalendarClockIcon } from 'lucide-react';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyTimeZone, formatDateAtTime } from '@portal/shared/date-time-text';
import { registrationMessages } from '@portal/shared/registration-schemas';
import { buttonClasses } from '@/components/ui/button';
import { NoticePage } from '@/components/ui/notice-page';
import { paths } from '@/config/paths';

const SECOND = 1000;
const two = (n: number) => String(n).padStart(2, '0');

/** The time left as a family reads it: "3 days 04:05:06", "04:05:06", "05:06". */
export function timeLeftText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const clock = `${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  const withHours = days > 0 || hours > 0 ? `${two(hours)}:${clock}` : clock;
  return days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} ${withHours}` : withHours;
}

/**
 * A registration profile whose opening is still ahead (decision 091): when it opens, in the
 * company's date style and time zone, and the time left, counting down each second. At zero it
 * hands over (`onOpen`), so a family waiting on the page goes on without reloading. The server
 * refuses every step past the e-mail code until then, whatever the browser's clock says.
 */
export function RegistrationOpensSoon({ name, opensAt, config, onOpen }: { name: string; opensAt: string; config: CompanyConfig; onOpen: () => void }) {
  const opensMs = Date.parse(opensAt);
  const [now, setNow] = useState(() => Date.now());
  const left = opensMs - now;
  useEffect(() => {
    if (left <= 0) {
      onOpen();
      return undefined;
    }
    // To the next whole second of the time left, so the count never skips or repeats one.
    const timer = window.setTimeout(() => setNow(Date.now()), left % SECOND || SECOND);
    return () => window.clearTimeout(timer);
  }, [left, onOpen]);

  const city = config.localization.TimeZoneCity ? ` (${config.localization.TimeZoneCity.replaceAll('_', ' ')} time)` : '';
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
        Opens in{' '}
        <strong role="timer" className="font-semibold tabular-nums">
          {timeLeftText(left)}
        </strong>
      </p>
      <p>Keep this page open: the registration starts here by itself at that time.</p>
    </NoticePage>
  );
}
