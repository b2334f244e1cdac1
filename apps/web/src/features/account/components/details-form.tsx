import type { UpdateDetailsAnswer } from '@portal/shared/my-details-schemas';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useFilledVersion } from '@/lib/record-changed';
import type { FormFields } from '@portal/shared/form-config';
import type { FormContext } from '@portal/shared/form-engine/form-context';
import type { FormFieldDescriptor } from '@portal/shared/form-engine/form-types';
import type { CustomerRecord } from '@portal/shared/my-details-schemas';
import { EngineFields } from '@/components/forms/engine-fields';
import { useLeaveGuard } from '@/components/forms/leave-guard';
import { useEngineForm } from '@/components/forms/use-engine-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { useGeneratedRegId } from '@/entities/customer/generate-reg-id';
import { useUpdateDetails } from '../api/update-details';

/** The customer form (also the UpdateProfile sign-in action's, titled "Update Your Details", with no Cancel). */
export function DetailsForm({
  record,
  formFields,
  context,
  onSaved,
  onCancel,
  title = 'Edit your details',
  emailLockedNote,
}: {
  record: CustomerRecord;
  formFields: FormFields;
  context: FormContext;
  onSaved: (answer: Pick<UpdateDetailsAnswer, 'emailToken' | 'message' | 'updatedClient'>) => void;
  onCancel?: () => void;
  title?: string;
  /** Said under the e-mail address, shown read-only: only the account holder may change it (a co-parent's form, decision 101). */
  emailLockedNote?: string;
}) {
  const { form, descriptors: fields, placeServerErrors } = useEngineForm({ kind: 'customer', formFields, context, record });
  const descriptors = useMemo(
    () => (emailLockedNote ? fields.map((f) => ({ ...f, inputs: f.inputs.map((i) => (i.key === 'Email' ? { ...i, readOnly: true, note: emailLockedNote } : i)) })) : fields),
    [fields, emailLockedNote],
  );
  const update = useUpdateDetails();
  const [error, setError] = useState<string | null>(null);
  const showsRegId = useMemo(() => descriptors.some((f: FormFieldDescriptor) => f.name === 'regID'), [descriptors]);
  const { setValue, setFocus } = form;
  const leave = useLeaveGuard(form.formState.isDirty && !update.isSuccess);

  useEffect(() => {
    const first = descriptors[0]?.inputs[0]?.key;
    if (first) setFocus(first);
  }, [descriptors, setFocus]);

  // K10: a customer without a registration id gets one when the form shows the field.
  const setRegId = useCallback((id: string) => setValue('RegID', id), [setValue]);
  useGeneratedRegId(showsRegId, record.RegID, setRegId);

  const version = useFilledVersion(record.Version);
  const submit = form.handleSubmit((values) => {
    setError(null);
    update.mutate(
      { values: { ...values, ClientID: record.ClientID }, version: version.toSend() },
      {
        onSuccess: (answer) => {
          version.saved(answer.updatedClient.Version);
          // Saved: what follows (the record shown, the next sign-in action) is not leaving edits behind.
          leave.release();
          onSaved(answer);
        },
        onError: (e) => {
          version.failed(e);
          setError(placeServerErrors(e));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="details-heading" className="flex flex-col gap-5">
      <h2 id="details-heading" className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <EngineFields form={form} descriptors={descriptors} autofill />
      {leave.dialog}
      <div className="flex flex-col-reverse gap-3 border-t border-line-soft pt-5 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button
            variant="ghost"
            onClick={() => {
              leave.release();
              onCancel();
            }}
            disabled={update.isPending}
          >
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={update.isPending} className="sm:min-w-32">
          Save
        </Button>
      </div>
    </form>
  );
}
