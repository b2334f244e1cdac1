import { useState, type FormEvent } from 'react';
import { TriangleAlertIcon } from 'lucide-react';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import type { FormFields } from '@portal/shared/form-config';
import type { FormContext } from '@portal/shared/form-engine/form-context';
import { formValuesFromRecord } from '@portal/shared/form-engine/form-schema';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import { labelledMessages } from '@portal/shared/messages';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { EngineFields, type AddressValues } from '@/components/forms/engine-fields';
import { useLeaveGuard } from '@/components/forms/leave-guard';
import { useCompanyFormContext, useEngineForm } from '@/components/forms/use-engine-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { ListLoading, QueryError } from '@/components/ui/list-states';
import { StatusMessage } from '@/components/ui/status-message';

import { useFormFields } from '@/entities/forms/get-form-fields';
import { useCan } from '@/entities/customer/identity';
import { useFilledVersion } from '@/lib/record-changed';
import { useAccountAddress } from '../api/get-account-address';

export interface StudentFormProps {
  /** The stored record to edit; none for a new student. */
  record?: StudentRecord;
  /** The company does not allow editing (E11): the values are shown, not offered for change. */
  readOnly?: boolean;
  submitLabel: string;
  /**
   * Saves the parsed form; a thrown error's field messages go on their fields. A message it
   * answers ("Student updated") shows beside the save button, where the customer pressed it;
   * the record it answers is what the form shows from then on (a typed condition now ticked, E9).
   * `version` is the record's version the values were filled from (decision 145).
   */
  onSubmit: (form: FormOutput<'student'>, version?: number) => Promise<{ message?: string; saved?: StudentRecord } | undefined>;
  /** Every press of save, valid or not: an earlier message elsewhere on the page no longer holds. */
  onSubmitAttempt?: () => void;
  onCancel?: () => void;
}

/** "Use your address" seen by a family member whose role does not read the account holder's details (decision 124). */
const HOLDERS_ADDRESS = 'The account holder’s address is used.';

/** The student form of the company's configuration (E6, E7, E28), drawn by the shared form renderer. */
export function StudentForm(props: StudentFormProps) {
  const fields = useFormFields('student');
  const context = useCompanyFormContext();
  const address = useAccountAddress();
  const readsHoldersDetails = useCan(accountEndpoints.details);
  if (fields.isPending) return <ListLoading label="Loading the form" />;
  if (fields.isLoadingError) return <QueryError query={fields} />;
  return <StudentFormBody {...props} formFields={fields.data} context={context} clientAddress={address.data} clientAddressNote={readsHoldersDetails ? undefined : HOLDERS_ADDRESS} />;
}

function StudentFormBody({
  record,
  readOnly = false,
  submitLabel,
  onSubmit,
  onCancel,
  onSubmitAttempt,
  formFields,
  context,
  clientAddress,
  clientAddressNote,
}: StudentFormProps & { formFields: FormFields; context: FormContext; clientAddress?: AddressValues | undefined; clientAddressNote?: string | undefined }) {
  const { form, descriptors, missing, placeServerErrors } = useEngineForm({ kind: 'student', formFields, context, record });
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const leave = useLeaveGuard(!readOnly && form.formState.isDirty);
  const version = useFilledVersion(record?.Version);
  const save = form.handleSubmit(async (values) => {
    // A save that moves on (a new student's page) is not leaving edits behind; refused, they are held again.
    leave.release();
    try {
      const answer = await onSubmit(values, version.toSend());
      if (answer?.saved) {
        version.saved(answer.saved.Version);
        form.reset(formValuesFromRecord(descriptors, answer.saved));
      }
      setStatus(answer?.message ?? null);
    } catch (e) {
      version.failed(e);
      setError(placeServerErrors(e));
    } finally {
      leave.hold();
    }
  });
  // A new press clears the last answer first, so a success never stands beside a new error.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setError(null);
    setStatus(null);
    onSubmitAttempt?.();
    return save(event);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      {missing.length > 0 ? (
        <div className="flex gap-3 rounded-lg border border-primary-line bg-primary-tint p-4 text-sm text-primary-tint-ink">
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{labelledMessages.missingConfigurations(missing)}</p>
        </div>
      ) : null}
      <EngineFields form={form} descriptors={descriptors} clientAddress={clientAddress} clientAddressNote={clientAddressNote} disabled={readOnly} />
      {leave.dialog}
      {readOnly ? null : (
        <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-end">
          {/* Where the thumb is: the answer to a save shows beside the button that made it. */}
          <ErrorBox message={error} onDismiss={() => setError(null)} className="sm:mr-auto" />
          <StatusMessage message={status} onDismiss={() => setStatus(null)} className="sm:mr-auto" />
          {onCancel ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                // Cancel is the family's own choice to drop the edits: nothing to ask.
                leave.release();
                onCancel();
              }}
            >
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
