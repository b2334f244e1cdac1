import { useEffect } from 'react';
import type { FormFields } from '@portal/shared/form-config';
import { labelledMessages } from '@portal/shared/messages';
import type { FormContext } from '@portal/shared/form-engine/form-context';
import type { FormValues } from '@portal/shared/form-engine/form-types';
import { EngineFields, type AddressValues } from '@/components/forms/engine-fields';
import { useEngineForm } from '@/components/forms/use-engine-form';
import { Button } from '@/components/ui/button';
import { StepCard, type StepCardProps } from './step-card';

const FORM_ID = 'registration-student-form';

/**
 * N9, N11: one student of the registration through the profile's student form. Save returns to
 * the students list; the values are kept as typed until the registration is sent.
 */
export function StudentStep({
  formFields,
  context,
  studentTerm,
  values,
  clientAddress,
  step,
  onSave,
  onBack,
  onDraft,
  draft = null,
}: {
  formFields: FormFields;
  context: FormContext;
  studentTerm: string;
  /** The student being edited; null for a new one. */
  values: FormValues | null;
  /** What "Use your address" shows: the account holder's address, once it is known. */
  clientAddress?: AddressValues;
  step: StepCardProps['step'];
  onSave: (values: FormValues) => void;
  onBack: () => void;
  /** Each change as typed, kept by the flow so a reload finds it (decision 048). */
  onDraft?: (values: FormValues) => void;
  /** What was typed before a reload, shown in place of `values`. */
  draft?: FormValues | null;
}) {
  const { form, descriptors, missing } = useEngineForm({ kind: 'student', formFields, context, record: draft ?? values });
  const { watch } = form;
  useEffect(() => {
    if (!onDraft) return;
    const subscription = watch((typed) => onDraft(typed as FormValues));
    return () => subscription.unsubscribe();
  }, [watch, onDraft]);
  const submit = form.handleSubmit(() => onSave(form.getValues()));
  return (
    <StepCard
      title={values ? `Edit ${studentTerm}` : `Add ${studentTerm}`}
      description={`Details of the ${studentTerm.toLowerCase()} taking part. Fields marked * are required.`}
      step={step}
      onBack={onBack}
      action={
        <Button type="submit" form={FORM_ID} size="lg" className="sm:min-w-36">
          Save
        </Button>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label={`${studentTerm} details`} className="flex flex-col gap-5">
        {missing.length > 0 ? (
          <p role="status" className="rounded-lg border border-danger-line bg-danger-surface px-3.5 py-3 text-sm text-danger">
            {labelledMessages.missingConfigurations(missing)}
          </p>
        ) : null}
        <EngineFields form={form} descriptors={descriptors} clientAddress={clientAddress} clientAddressNote="The address you give in your own details is used." />
      </form>
    </StepCard>
  );
}
