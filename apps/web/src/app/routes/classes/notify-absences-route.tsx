import { useState } from 'react';
import { useConfig } from '@/entities/company/get-company-config';
import { CalendarXIcon } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';

import { useClassStudents } from '@/entities/classes/get-class-students';
import { useStudentEnrolments } from '@/features/classes/api/enrolments';
import { EnrolmentCard } from '@/features/classes/components/enrolment-card';
import { StudentPicker } from '@/features/classes/components/student-picker';

/** /hub/classes/notify-absences (F5, F6): pick the student and the class, then the session and the reason. */
export default function NotifyAbsencesRoute() {
  const config = useConfig();
  const students = useClassStudents();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = students.data?.students ?? [];
  const studentId = chosen ?? list[0]?.StudentID ?? null;
  const student = list.find((s) => s.StudentID === studentId);
  // A child's sessions to come are in its current classes and in those it starts later (a new term, a class changed to).
  const current = useStudentEnrolments(studentId, 'current', 1);
  const future = useStudentEnrolments(studentId, 'future', 1);
  const failed = current.isLoadingError ? current : future.isLoadingError ? future : null;
  const enrolments = current.data && future.data ? [...current.data.enrollments, ...future.data.enrollments] : null;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Notify Absences" description={`Tell us before the session starts.${config.CanTakeMakeups ? ' An absence notified in time earns a make-up credit.' : ''}`} />
      {students.isPending ? <ListLoading label="Loading" /> : null}
      {list.length > 0 ? (
        <div className="mb-4">
          <StudentPicker students={list} value={studentId} onChange={setChosen} />
        </div>
      ) : null}
      {failed ? (
        <QueryError query={failed} />
      ) : enrolments && enrolments.length === 0 ? (
        <EmptyState icon={<CalendarXIcon className="size-7" />} text="No current or upcoming enrollments." />
      ) : (
        <ul className="flex flex-col gap-3">
          {(enrolments ?? []).map((e) => (
            <EnrolmentCard key={e.EnrolmentID} enrolment={e} studentName={student ? `${student.FirstName} ${student.LastName}` : ''} startOpen />
          ))}
        </ul>
      )}
    </div>
  );
}
