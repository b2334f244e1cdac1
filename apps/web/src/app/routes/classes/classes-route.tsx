import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CalendarXIcon, ListChecksIcon, PlusCircleIcon, RotateCcwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CompanyConfig } from '@portal/shared/company-config';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { useCan } from '@/entities/customer/identity';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { getOcrProfilesQueryOptions } from '@/entities/classes/get-ocr-profiles';
import { CalendarFeedCard } from '@/features/classes/components/calendar-feed-card';
import { WaitlistCard } from '@/features/classes/components/waitlist-card';

function Tile({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link to={to} className="group flex items-start gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm transition-colors hover:border-primary-line hover:bg-primary-tint/40">
      <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-tint text-primary-ink">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-ink group-hover:text-primary-ink">{title}</span>
        <span className="mt-0.5 block text-sm text-ink-soft">{text}</span>
      </span>
    </Link>
  );
}

/** What the page offers, as the company has switched it on: never a promise of a tile it hides. */
function classesIntro(config: Pick<CompanyConfig, 'CanNotifyAbsence' | 'CanTakeMakeups'>, canEnrol: boolean): string {
  const tasks = [canEnrol ? 'Enroll' : null, 'see sessions', config.CanNotifyAbsence ? 'tell us about an absence' : null, config.CanTakeMakeups ? 'book make-ups' : null].filter((t) => t !== null);
  const text = tasks.length > 1 ? `${tasks.slice(0, -1).join(', ')} and ${tasks.at(-1)!}` : tasks[0]!;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** /hub/classes: the way into every class task the company switched on, the waitlist and the calendar link. */
export default function ClassesRoute() {
  const config = useConfig();
  const profiles = useQuery(getOcrProfilesQueryOptions());
  // A viewer follows the classes and changes none (decision 101): the tiles of pages it cannot use are not offered.
  const mayEnrol = useCan(classEndpoints.validateItem);
  const mayNotify = useCan(classEndpoints.notifyAbsence);
  const canEnrol = config.CustomerPortalAllowOCR && config.OnlineClassReservationsEnabled && mayEnrol;
  const notifies = config.CanNotifyAbsence && mayNotify;
  // A profile with no class step registers families only (N8): nothing to enrol in here.
  const enrolProfiles = (profiles.data ?? []).filter((p) => p.PageType !== 'NoClasses');
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Classes" description={classesIntro(config, canEnrol)} />
      <div className="grid gap-4 sm:grid-cols-2">
        {canEnrol
          ? enrolProfiles.map((p) => (
              <Tile key={p.OCRProfileID} to={paths.addEnrollments(p.OCRProfileID)} icon={<PlusCircleIcon className="size-5" />} title={p.DisplayName} text="Find a class and add it to your cart." />
            ))
          : null}
        <Tile to={paths.viewEnrollments} icon={<ListChecksIcon className="size-5" />} title="View enrollments" text="Current, future and past enrollments, with their sessions." />
        {notifies ? <Tile to={paths.notifyAbsences} icon={<CalendarXIcon className="size-5" />} title="Notify absences" text="Let us know before a session that you cannot come." /> : null}
        {config.CanTakeMakeups ? <Tile to={paths.makeups} icon={<RotateCcwIcon className="size-5" />} title="Make-ups" text="Your make-up credits, and booking them into a class." /> : null}
      </div>
      <div className="mt-6 flex flex-col gap-4">
        <WaitlistCard />
        <CalendarFeedCard />
      </div>
    </div>
  );
}
