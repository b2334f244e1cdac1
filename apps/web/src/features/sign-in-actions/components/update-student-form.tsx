import { useEffect, useState } from 'react';
import type { FormFields } from '@portal/shared/form-config';
import type { FormContext } from '@portal/shared/form-engine/form-context';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { EngineFields } from '@/components/forms/engine-fields';
import { useCompanyFormContext, useEngineForm } from '@/components/forms/use-engine-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useFormFields } from '@/entities/forms/get-form-fields';
import { useStudent } from '@/entities/students/get-student';
import { useUpdateStudent } from '@/entities/students/update-student';
import { useFilledVersion } from '@/lib/record-changed';

/** L7: the UpdateStudent action, "Update {student term}", on the company's student form. */
export function UpdateStudentAction({ studentId, title, onSaved }: { studentId: number; title: string; onSaved: (message: string) => void }) {
  const student = useStudent(studentId);
  const formFields = useFormFields('student');
  const context = useCompanyFormContext();
  if (student.isPending || formFields.isPending) {
    return (
      <div className="flex justify-center py-10 text-primary-ink">
        <Spinner label="Loading" />
      </div>
    );
  }
  if (student.isLoadingError || formFields.isLoadingError) {
    const failed = student.isLoadingError ? student : formFields;
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center text-sm text-danger">
        <p>{errorMessage(failed.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void failed.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <StudentForm record={student.data} formFields={formFields.data} context={context} title={title} onSaved={onSaved} />;
}

function StudentForm({ record, formFields, context, title, onSaved }: { record: StudentRecord; formFields: FormFields; context: FormContext; title: string; onSaved: (message: string) => void }) {
  const { form, descriptors, placeServerErrors } = useEngineForm({ kind: 'student', formFields, context, record });
  const update = useUpdateStudent(record.StudentID);
  const version = useFilledVersion(record.Version);
  const [error, setError] = useState<string | null>(null);
  const { setFocus } = form;
  useEffect(() => {
    const first = descriptors[0]?.inputs[0]?.key;
    if (first) setFocus(first);
  }, [descriptors, setFocus]);

  const submit = form.handleSubmit((values) => {
    setError(null);
    update.mutate(
      { form: values as Record<string, unknown>, version: version.toSend() },
      {
        onSuccess: (answer) => {
          version.saved(answer.updatedStudent.Version);
          onSaved(answer.message);
        },
        onError: (e) => {
          version.failed(e);
          setError(placeServerErrors(e));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="action-heading" className="flex flex-col gap-5">
      <div>
        <h2 id="action-heading" className="text-xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted">Please check {record.FirstName}’s details and fill in what is missing.</p>
      </div>
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <EngineFields form={form} descriptors={descriptors} />
      <div className="flex justify-end border-t border-line-soft pt-5">
        <Button type="submit" size="lg" loading={update.isPending} className="w-full sm:w-auto sm:min-w-36">
          Save
        </Button>
      </div>
    </form>
  );
}
