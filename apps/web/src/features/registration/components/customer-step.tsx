import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { FormFields } from '@portal/shared/form-config';
import type { FormContext } from '@portal/shared/form-engine/form-context';
import type { FormValues } from '@portal/shared/form-engine/form-types';
import { EngineFields } from '@/components/forms/engine-fields';
import { useEngineForm } from '@/components/forms/use-engine-form';
import { useGeneratedRegId } from '@/entities/customer/generate-reg-id';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import type { EmailProof } from '../lib/registration-state';
import { EmailCheck } from './email-check';
import { StepCard, type StepCardProps } from './step-card';

const EMAIL_KEY = 'Email';
const FORM_ID = 'registration-customer-form';
const VERIFY_FIRST = 'Please verify your email address first';
const CHECK_FIELDS = 'Please check the highlighted fields.';

export interface CustomerStepProps {
  formFields: FormFields;
  context: FormContext;
  profileId: number;
  /** N23, S26: the address of an AutoEnroll link, read-only; null when the family types its own. */
  knownEmail?: string | null;
  customerTerm: string;
  step: StepCardProps['step'];
  proof: EmailProof | null;
  onProof: (proof: EmailProof | null) => void;
  /** Why the visitor is back on this page (their proved address lapsed), for the error box. */
  notice?: string | null;
  /** The form as typed last time (a reload, or Back from the summary). */
  values: FormValues | null;
  /** Every change, so a reload keeps what was typed. */
  onDraft: (values: FormValues) => void;
  onNext: (values: FormValues) => void;
  onBack: () => void;
}

/**
 * N19–N22: the profile's customer form through the form engine, with the e-mail address proved
 * by a code instead of typed into the form: the address the server registers is the proved one.
 */
export function CustomerStep({ formFields, context, profileId, knownEmail = null, customerTerm, step, proof, onProof, notice = null, values, onDraft, onNext, onBack }: CustomerStepProps) {
  const { form, descriptors } = useEngineForm({ kind: 'customer', formFields, context, record: values });
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(notice);
  const verifiedEmail = proof?.verified ? proof.email : null;
  const asksEmail = descriptors.some((f) => f.inputs.some((i) => i.key === EMAIL_KEY));
  const shown = useMemo(() => descriptors.filter((f) => !f.inputs.some((i) => i.key === EMAIL_KEY)), [descriptors]);
  const shownKeys = useMemo(() => shown.flatMap((f) => f.inputs.map((i) => i.key)), [shown]);
  const emailCheck = useRef<HTMLDivElement>(null);
  const { setValue, watch } = form;

  useEffect(() => {
    const subscription = watch((draft) => onDraft(draft as FormValues));
    return () => subscription.unsubscribe();
  }, [watch, onDraft]);

  // N21: the Reg ID field, when the profile shows it, is filled by GenerateRegId with the registration's
  // own id once the address is proved (the registration exists from then): "TBD" until then.
  const showsRegId = descriptors.some((f) => f.name === 'regID');
  const setRegId = useCallback((id: string) => setValue('RegID', id), [setValue]);
  const registrationToken = proof?.verified ? proof.token : undefined;
  useGeneratedRegId(showsRegId && registrationToken !== undefined, values?.RegID, setRegId, registrationToken);

  useEffect(() => {
    if (asksEmail) setValue(EMAIL_KEY, verifiedEmail ?? '');
    if (verifiedEmail) setEmailError(undefined);
  }, [asksEmail, verifiedEmail, setValue]);

  const checkFields = form.handleSubmit(
    () => onNext(form.getValues()),
    () => setError(CHECK_FIELDS),
  );
  // Until the address is proved, the hidden Email field stays out of the check: the e-mail check
  // says what is missing and takes focus, and the other fields are checked as usual.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (verifiedEmail) {
      void checkFields(event);
      return;
    }
    event.preventDefault();
    setEmailError(VERIFY_FIRST);
    const check = emailCheck.current;
    (check?.querySelector<HTMLElement>('input') ?? check?.querySelector<HTMLElement>('button'))?.focus();
    void form.trigger(shownKeys).then((valid) => {
      if (!valid) setError(CHECK_FIELDS);
    });
  };

  return (
    <StepCard
      title="Your Details"
      description={`The ${customerTerm.toLowerCase()} who holds the account. Fields marked * are required.`}
      step={step}
      onBack={onBack}
      action={
        <Button type="submit" form={FORM_ID} size="lg" className="sm:min-w-36">
          Next
        </Button>
      }
    >
      <div className="flex flex-col gap-7">
        <div ref={emailCheck} className="flex flex-col gap-3">
          <h2 className="text-base font-semibold text-ink">Email address</h2>
          <EmailCheck
            profileId={profileId}
            knownEmail={knownEmail}
            proof={proof}
            onProof={(next) => {
              setEmailError(undefined);
              onProof(next);
            }}
            error={emailError}
          />
        </div>
        <form id={FORM_ID} onSubmit={submit} noValidate aria-label={`${customerTerm} details`} className="flex flex-col gap-5 border-t border-line-soft pt-6">
          <ErrorBox message={error} onDismiss={() => setError(null)} variant="registration" />
          <EngineFields form={form} descriptors={shown} autofill />
        </form>
      </div>
    </StepCard>
  );
}
