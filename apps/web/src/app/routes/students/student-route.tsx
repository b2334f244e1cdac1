import { Link, useParams, useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeftIcon, CheckCircle2Icon, InfoIcon } from 'lucide-react';
import { studentMessages } from '@portal/shared/student-schemas';
import { guardianMessages } from '@portal/shared/guardian-schemas';
import { ListLoading, QueryError } from '@/components/ui/list-states';
import { paths } from '@/config/paths';

import { studentTerm } from '@/lib/branding';
import { useConfig } from '@/entities/company/get-company-config';
import { useCan } from '@/entities/customer/identity';
import { studentEndpoints } from '@portal/shared/endpoints/students';
import { useSavedMessage } from '@/lib/saved-message';
import { useStudent } from '@/entities/students/get-student';
import { useUpdateStudent } from '@/entities/students/update-student';
import { BookedClasses } from '@/features/students/components/booked-classes';
import { Certificates, SkillSets } from '@/features/students/components/skill-sets';
import { withTypedCondition } from '@/features/students/lib/typed-condition';
import { StudentForm } from '@/features/students/components/student-form';
import { StudentPhoto, StudentPictureControls } from '@/features/students/components/student-picture';

type Tab = 'Details' | 'Enrollments' | 'SkillSets' | 'Certificates';

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /hub/students/{id} (E3–E5): the student's details form, booked classes, skill sets and
 * certificates. ?tab=Enrollments opens the classes; Sessions=true with class_id and session_id
 * (from the home page or a message) opens that class's dates with the session marked.
 */
export default function StudentRoute() {
  const config = useConfig();
  const term = studentTerm(config);
  const id = Number(useParams().studentId);
  const [search, setSearch] = useSearchParams();
  const student = useStudent(id);
  const update = useUpdateStudent(id);
  const [saved, setSaved] = useSavedMessage();

  // The home page links with from_home=true, a message with Sessions=true and direct_to_sessions (D2 §1).
  const sessions = search.get('Sessions') === 'true' || search.get('from_home') === 'true' || search.has('direct_to_sessions');
  const classId = positive(search.get('class_id'));
  const sessionId = positive(search.get('session_id'));
  const shown: Tab[] = ['Details', 'Enrollments', ...(config.ShowSkillSets ? (['SkillSets'] as const) : []), ...(config.EnableCertificates ? (['Certificates'] as const) : [])];
  const asked = search.get('tab');
  const tab: Tab = sessions && classId ? 'Enrollments' : (shown.find((t) => t.toLowerCase() === asked?.toLowerCase()) ?? 'Details');
  const label: Record<Tab, string> = { Details: 'Details', Enrollments: 'Enrollments', SkillSets: config.SkillSetName || 'Skill Sets', Certificates: 'Certificates' };
  // The company allows changes (E11), and the role makes them (decision 101: a viewer reads the record only).
  const mayEdit = useCan(studentEndpoints.update);
  const canEdit = config.AllowStudentEdit !== false && mayEdit;

  const back = (
    <Link to={paths.students} className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-primary-ink hover:underline">
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      All {term.toLowerCase()}s
    </Link>
  );

  if (student.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        {back}
        <ListLoading label={`Loading ${term.toLowerCase()}`} />
      </div>
    );
  }
  if (student.isLoadingError) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        {back}
        <QueryError query={student} />
      </div>
    );
  }
  const s = student.data;
  const name = `${s.FirstName} ${s.LastName}`;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      {back}
      <header className="mb-6 flex flex-wrap items-center gap-4">
        <StudentPhoto url={s.profile_picture} firstName={s.FirstName} lastName={s.LastName} size="lg" />
        <div className="min-w-0 flex-1 basis-40">
          <h1 className="truncate text-2xl font-bold tracking-tight text-ink sm:text-3xl">{name}</h1>
          <p className="mt-1 text-sm text-muted">{[s.Standard, s.RegID ? `Reg ID ${s.RegID}` : null].filter(Boolean).join(' · ') || term}</p>
        </div>
        {canEdit ? <StudentPictureControls studentId={s.StudentID} hasPicture={s.profile_picture !== null} name={s.FirstName} /> : null}
      </header>

      <Tabs.Root
        value={tab}
        onValueChange={(v) => {
          const next = new URLSearchParams();
          if (v !== 'Details') next.set('tab', v);
          setSearch(next, { replace: true });
        }}
      >
        <Tabs.List aria-label={`${term} sections`} className="scroll-cue mb-6 flex overflow-x-auto border-b border-line sm:gap-1">
          {shown.map((t) => (
            <Tabs.Trigger
              key={t}
              value={t}
              className="-mb-px min-h-11 shrink-0 border-b-2 border-transparent px-2 text-sm sm:px-4 font-semibold text-muted transition hover:text-ink data-[state=active]:border-primary data-[state=active]:text-primary-ink"
            >
              {label[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="Details" tabIndex={-1} className="outline-none">
          {saved ? (
            <p role="status" className="mb-5 flex items-center gap-2 rounded-lg border border-success-line bg-success-surface p-3 text-sm font-medium text-success">
              <CheckCircle2Icon aria-hidden="true" className="size-5" />
              {saved}
            </p>
          ) : null}
          {canEdit ? null : (
            <p className="mb-5 flex items-start gap-2 rounded-lg border border-line bg-surface-muted p-3 text-sm text-ink-soft">
              <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {mayEdit ? studentMessages.editNotAllowed : guardianMessages.readOnly}
            </p>
          )}
          <div className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-8">
            <StudentForm
              key={s.StudentID}
              record={s}
              readOnly={!canEdit}
              submitLabel="Save changes"
              onSubmitAttempt={() => setSaved(null)}
              onSubmit={async (form, version) => {
                const answer = await update.mutateAsync({ form, version });
                return { message: withTypedCondition(answer.message, form.AdditionalMedicalConditions, answer.updatedStudent), saved: answer.updatedStudent };
              }}
            />
          </div>
        </Tabs.Content>
        <Tabs.Content value="Enrollments" tabIndex={-1} className="outline-none">
          {/* The page's h1 is the student; each class below is an h3. */}
          <h2 className="sr-only">{label.Enrollments}</h2>
          <BookedClasses studentId={s.StudentID} studentName={s.FirstName} classes={s.bookedClasses} openClassId={sessions ? classId : undefined} sessionId={sessions ? sessionId : undefined} />
        </Tabs.Content>
        {config.ShowSkillSets ? (
          <Tabs.Content value="SkillSets" tabIndex={-1} className="outline-none">
            {tab === 'SkillSets' ? <SkillSets studentId={s.StudentID} /> : null}
          </Tabs.Content>
        ) : null}
        {config.EnableCertificates ? (
          <Tabs.Content value="Certificates" tabIndex={-1} className="outline-none">
            {tab === 'Certificates' ? <Certificates studentId={s.StudentID} /> : null}
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </div>
  );
}
