import { Badge } from '@/components/ui/badge';
import { classPlace } from '@/lib/class-format';
import { useConfig } from '@/entities/company/get-company-config';
import { formatDate } from '@/lib/format';
import type { ChosenClass } from '../lib/registration-state';

/** How a chosen class is taken: a waitlist place, one session, or the rest of the term. */
function ChosenClassKind({ cls }: { cls: ChosenClass }) {
  const config = useConfig();
  if (cls.waitlist) return <Badge tone="yellow">Waitlist</Badge>;
  if (cls.casual) return <Badge tone="blue">One session: {formatDate(cls.dates[0], config.localization.DateFormat)}</Badge>;
  return <Badge tone="green">Rest of the term</Badge>;
}

/** A chosen class as the later pages name it: its name, then day, time and venue, and how it is taken. */
export function ChosenClassLabel({ cls }: { cls: ChosenClass }) {
  const config = useConfig();
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <span className="font-semibold text-ink wrap-anywhere">{cls.Name}</span>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-soft">
        <span>{classPlace({ ...cls, dates: cls.casual ? cls.dates : (cls.runs ?? []) }, config.classes_setup?.TimeDisplay, config.localization.DateFormat)}</span>
        <ChosenClassKind cls={cls} />
      </span>
    </span>
  );
}
