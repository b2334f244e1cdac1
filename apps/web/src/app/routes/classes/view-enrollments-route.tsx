import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { ListChecksIcon } from 'lucide-react';
import { ENROLMENT_FILTERS, type EnrolmentFilter } from '@portal/shared/class-schemas';
import { PageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { Pager } from '@/components/ui/pager';

import { useSearchParamState } from '@/lib/use-search-param';
import { useClassStudents } from '@/entities/classes/get-class-students';
import { useStudentEnrolments } from '@/features/classes/api/enrolments';
import { EnrolmentCard } from '@/features/classes/components/enrolment-card';
import { StudentPicker } from '@/features/classes/components/student-picker';

const FILTER_LABEL: Record<EnrolmentFilter, string> = { current: 'Current', future: 'Future', past: 'Past' };

/** /hub/classes/view-enrollments (F3, F4): each student's enrolments by current, future or past, with sessions. */
export default function ViewEnrollmentsRoute() {
  const students = useClassStudents();
  const [chosen, setChosen] = useState<number | null>(null);
  const [filter, setFilter] = useSearchParamState<EnrolmentFilter>('filter', ENROLMENT_FILTERS, 'current');
  const [page, setPage] = useState(1);
  const list = students.data?.students ?? [];
  const studentId = chosen ?? list[0]?.StudentID ?? null;
  const student = list.find((s) => s.StudentID === studentId);
  const enrolments = useStudentEnrolments(studentId, filter, page);
  // Nothing current (a new family's class yet to start): whether Future has the child's classes, to lead there.
  const currentEmpty = filter === 'current' && enrolments.data?.enrollments.length === 0;
  const upcoming = useStudentEnrolments(studentId, 'future', 1, currentEmpty);
  const startsLater = currentEmpty && (upcoming.data?.enrollments.length ?? 0) > 0;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Enrollments" />
      {students.isPending ? <ListLoading label="Loading" /> : null}
      {/* Never an empty list in place of a refusal (a family member whose access does not reach the classes). */}
      {students.isLoadingError ? (
        <QueryError query={students} />
      ) : (
        <>
          {list.length > 0 ? (
            <div className="mb-4">
              <StudentPicker
                students={list}
                value={studentId}
                onChange={(id) => {
                  setChosen(id);
                  setPage(1);
                }}
              />
            </div>
          ) : null}
          <Tabs.Root
            value={filter}
            onValueChange={(v) => {
              setFilter(v as EnrolmentFilter);
              setPage(1);
            }}
          >
            <Tabs.List aria-label="Enrollments" className="mb-4 inline-flex rounded-xl bg-surface-muted p-1">
              {ENROLMENT_FILTERS.map((f) => (
                <Tabs.Trigger
                  key={f}
                  value={f}
                  className="min-h-10 rounded-lg px-4 text-sm font-semibold text-ink-soft data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm"
                >
                  {FILTER_LABEL[f]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {ENROLMENT_FILTERS.map((f) => (
              <Tabs.Content key={f} value={f}>
                {enrolments.isPending && studentId !== null ? (
                  <ListLoading label="Loading enrollments" />
                ) : enrolments.isLoadingError ? (
                  <QueryError query={enrolments} />
                ) : !enrolments.data || enrolments.data.enrollments.length === 0 ? (
                  <EmptyState
                    icon={<ListChecksIcon className="size-7" />}
                    text={
                      f === 'current' && startsLater
                        ? `No current enrollments. ${student ? `${student.FirstName} ${student.LastName}’s` : 'The'} next class starts later: see Future.`
                        : `No ${FILTER_LABEL[f].toLowerCase()} enrollments.`
                    }
                  >
                    {f === 'current' && startsLater ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => {
                          setFilter('future');
                          setPage(1);
                        }}
                      >
                        Show future enrollments
                      </Button>
                    ) : null}
                  </EmptyState>
                ) : (
                  <>
                    <ul className="flex flex-col gap-3">
                      {enrolments.data.enrollments.map((e) => (
                        <EnrolmentCard key={e.EnrolmentID} enrolment={e} studentName={student ? `${student.FirstName} ${student.LastName}` : ''} />
                      ))}
                    </ul>
                    <Pager page={page} current={enrolments.data.current_page} total={enrolments.data.total_pages} onPage={setPage} className="mt-4" />
                  </>
                )}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </>
      )}
    </div>
  );
}
