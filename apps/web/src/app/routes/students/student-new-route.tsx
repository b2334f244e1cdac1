import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { studentTerm } from '@/lib/branding';
import { useConfig } from '@/entities/company/get-company-config';
import { useAddStudent } from '@/features/students/api/save-student';
import { StudentForm } from '@/features/students/components/student-form';
import { withTypedCondition } from '@/features/students/lib/typed-condition';

/** /hub/students/new (E6): the company's student form; a saved student opens on its own page, in the form's place. */
export default function StudentNewRoute() {
  const config = useConfig();
  const term = studentTerm(config);
  const navigate = useNavigate();
  const add = useAddStudent();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title={`Add ${term}`} description={`Fields marked * are required. You can add a picture once the ${term.toLowerCase()} is saved.`} />
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-8">
        <StudentForm
          submitLabel={`Save ${term}`}
          onCancel={() => void navigate(paths.students)}
          onSubmit={async (form) => {
            const answer = await add.mutateAsync(form);
            // The saved student takes the form's place: back goes to the list, not to an empty form to send again.
            void navigate(paths.student(answer.student.StudentID), { replace: true, state: { saved: withTypedCondition(answer.message, form.AdditionalMedicalConditions, answer.student) } });
            return undefined;
          }}
        />
      </div>
    </div>
  );
}
