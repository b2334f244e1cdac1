import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { paths } from '@/config/paths';

import { studentTerm } from '@/lib/branding';
import { useConfig } from '@/entities/company/get-company-config';
import { formatDate } from '@/lib/format';
import { useStudents } from '@/features/students/api/get-students';
import { StudentPhoto } from '@/features/students/components/student-picture';
import { useCan } from '@/entities/customer/identity';
import { studentEndpoints } from '@portal/shared/endpoints/students';

/** /hub/students (E1, E2): the account's students in the company's word for them. */
export default function StudentsRoute() {
  const config = useConfig();
  const term = studentTerm(config);
  // Only a role that may add one is offered it (decision 101).
  const canAdd = useCan(studentEndpoints.add);
  const [page, setPage] = useState(1);
  const list = useStudents(page);
  const students = list.data?.students ?? [];

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader
        title={`${term}s`}
        description={`Everyone on your account. Open a ${term.toLowerCase()} to see their classes and details.`}
        actions={
          canAdd ? (
            <Link to={paths.studentNew} className={buttonClasses('primary', 'md')}>
              <PlusIcon aria-hidden="true" className="size-4" />
              Add {term}
            </Link>
          ) : null
        }
      />
      {list.isPending ? (
        <ListLoading label={`Loading ${term.toLowerCase()}s`} />
      ) : list.isLoadingError ? (
        <QueryError query={list} />
      ) : students.length === 0 ? (
        <EmptyState icon={<UsersIcon className="size-7" />} text={`No ${term.toLowerCase()}s yet`} />
      ) : (
        <>
          {/* One column of minmax(0, 1fr) on a phone, so a long name is cut short, not the page widened. */}
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {students.map((s) => (
              <li key={s.StudentID} className="min-w-0">
                <Link
                  to={paths.student(s.StudentID)}
                  className="flex items-center gap-4 rounded-xl border border-line bg-surface p-4 shadow-xs transition hover:border-primary-line hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  <StudentPhoto url={s.profile_picture} firstName={s.FirstName} lastName={s.LastName} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-ink">
                      {s.FirstName} {s.LastName}
                    </span>
                    <span className="block truncate text-sm text-muted">
                      {[s.DOB ? `Born ${formatDate(s.DOB, config.localization.DateFormat)}` : null, s.Standard || null].filter(Boolean).join(' · ') || '\u00a0'}
                    </span>
                  </span>
                  <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted" />
                </Link>
              </li>
            ))}
          </ul>
          {list.data ? <Pager page={page} current={list.data.current_page} total={list.data.total_pages} onPage={setPage} /> : null}
        </>
      )}
    </div>
  );
}
