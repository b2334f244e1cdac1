import { AwardIcon, CheckCircle2Icon, CircleIcon, ListChecksIcon } from 'lucide-react';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';

import { useConfig } from '@/entities/company/get-company-config';
import { formatDate } from '@/lib/format';
import { useCertificates, useSkillSets } from '../api/get-student-extras';

/** E22: each skill set with the skills achieved so far; its notes when the company shows them. */
export function SkillSets({ studentId }: { studentId: number }) {
  const config = useConfig();
  const sets = useSkillSets(studentId, true);
  if (sets.isPending) return <ListLoading label={`Loading ${config.SkillSetName}`} />;
  if (sets.isLoadingError) return <QueryError query={sets} />;
  if (sets.data.skill_sets.length === 0) return <EmptyState icon={<ListChecksIcon className="size-7" />} text={`No ${config.SkillSetName} recorded yet`} />;
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {sets.data.skill_sets.map((set) => {
        const achieved = set.skills.filter((s) => s.Achieved).length;
        return (
          <li key={set.SkillSetID} className="rounded-xl border border-line bg-surface p-5 shadow-xs">
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="text-base font-semibold text-ink">{set.Name}</h3>
              <span className="text-sm text-muted">
                {achieved} of {set.skills.length} achieved
              </span>
            </div>
            <ul className="mt-3 space-y-2">
              {set.skills.map((skill) => (
                <li key={skill.Name} className="flex items-start gap-2 text-sm">
                  {skill.Achieved ? (
                    <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  ) : (
                    <CircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-faint" />
                  )}
                  <span className={skill.Achieved ? 'text-ink' : 'text-ink-soft'}>
                    {skill.Name}
                    <span className="sr-only">{skill.Achieved ? ' (achieved)' : ' (not yet)'}</span>
                    {skill.AchievedDate ? <span className="ml-1 text-muted">· {formatDate(skill.AchievedDate, config.localization.DateFormat)}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
            {set.Notes ? (
              <p className="mt-4 rounded-lg bg-surface-muted p-3 text-sm text-ink-soft">
                <span className="font-semibold text-ink">Notes: </span>
                {set.Notes}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** E23: certificates the student was awarded (EnableCertificates). */
export function Certificates({ studentId }: { studentId: number }) {
  const config = useConfig();
  const list = useCertificates(studentId, true);
  if (list.isPending) return <ListLoading label="Loading certificates" />;
  if (list.isLoadingError) return <QueryError query={list} />;
  if (list.data.certificates.length === 0) return <EmptyState icon={<AwardIcon className="size-7" />} text="No certificates yet" />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {list.data.certificates.map((c) => (
        <li key={c.CertificateID} className="flex gap-4 rounded-xl border border-line bg-surface p-5 shadow-xs">
          <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-full bg-primary-tint text-primary-tint-ink">
            <AwardIcon className="size-6" />
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold text-ink">{c.Name}</h3>
            <p className="text-sm text-muted">Awarded {formatDate(c.IssuedDate, config.localization.DateFormat)}</p>
            {c.Description ? <p className="mt-1 text-sm text-ink-soft">{c.Description}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
