import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheckIcon } from 'lucide-react';
import type { SignInAction } from '@portal/shared/customer-schemas';
import { signInActionMessages as sm } from '@portal/shared/sign-in-action-schemas';
import { messages } from '@portal/shared/messages';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { useCompanyFormContext } from '@/components/forms/use-engine-form';
import { errorMessage } from '@/lib/api-client';
import { studentTerm } from '@/lib/branding';
import { useCartStore } from '@/lib/cart-store';
import { useConfig } from '@/entities/company/get-company-config';
import { useFormFields } from '@/entities/forms/get-form-fields';
import { useCurrentUser } from '@/entities/customer/identity';
import { DetailsForm } from '@/features/account/components/details-form';
import { useDetails } from '@/entities/customer/get-details';
import { EmailCodeModal } from '@/features/account/components/email-code-modal';
import { useActiveAgreements } from '@/features/agreements/api/get-active-agreements';
import { AgreementToSign } from '@/features/agreements/components/agreement-to-sign';
import { useCheckIfChangingPassword } from '@/features/auth/api/check-if-changing-password';
import { signInActionsQueryOptions, useSignInActions } from '@/features/auth/api/get-sign-in-actions';
import { useSignInSteps } from '@/features/auth/lib/sign-in-steps';
import { SetPasswordForm } from '@/features/sign-in-actions/components/set-password-form';
import { UpdateStudentAction } from '@/features/sign-in-actions/components/update-student-form';

/**
 * /hub/sign-in-actions (L1–L12): the first queued action, in the server's order; each one done
 * leaves the queue and the next shows, and an empty queue goes to /hub/company (L3, X13).
 */
export default function SignInActionsRoute() {
  const actions = useSignInActions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<string | null>(null);
  const first = actions.data?.[0];
  const total = actions.data?.length ?? 0;
  // With each one done the customer is a step further, "Step 2 of 3", after a reload too.
  const { step, steps } = useSignInSteps(actions.data);

  // The last action's message (L9 "New password set successfully") goes with the customer to the home.
  useEffect(() => {
    if (actions.isSuccess && actions.data.length === 0) void navigate(paths.company, { replace: true, state: status ? { saved: status } : null });
  }, [actions.isSuccess, actions.data, navigate, status]);

  const done = (action: SignInAction, message: string) => {
    queryClient.setQueryData(signInActionsQueryOptions.queryKey, (old: SignInAction[] | undefined) => (old ?? []).filter((a) => a.id !== action.id));
    void queryClient.invalidateQueries({ queryKey: signInActionsQueryOptions.queryKey });
    setStatus(message);
    window.scrollTo({ top: 0 });
  };

  let body: ReactNode;
  if (actions.isPending) body = <Loading />;
  else if (actions.isLoadingError) body = <Failed message={errorMessage(actions.error)} onRetry={() => void actions.refetch()} />;
  else if (!first) body = <Loading />;
  else body = <ActionStep key={first.id} action={first} onDone={(message) => done(first, message)} />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Before you continue"
        description={total === 0 ? undefined : steps > 1 ? `Step ${step} of ${steps} before you can use the Customer Hub.` : 'One thing to do before you can use the Customer Hub.'}
      />
      <StatusMessage message={status} onDismiss={() => setStatus(null)} className="mb-4" />
      {/* The customer form names itself details-heading; every other step action-heading. */}
      <section aria-labelledby="action-heading details-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7">
        {body}
      </section>
    </div>
  );
}

function ActionStep({ action, onDone }: { action: SignInAction; onDone: (message: string) => void }) {
  const config = useConfig();
  switch (action.type) {
    case 'AcceptAgreement':
      return <AcceptAgreementStep agreementId={action.agreement_id} onDone={onDone} />;
    case 'UpdateProfile':
      return <UpdateProfileStep onDone={onDone} />;
    case 'UpdateStudent':
      return action.student_id === null ? (
        <Failed message="This step names no student. Please contact us." />
      ) : (
        <UpdateStudentAction studentId={action.student_id} title={sm.updateStudentTitle(studentTerm(config))} onSaved={onDone} />
      );
    case 'ChangePassword':
      return <ChangePasswordStep onDone={onDone} />;
  }
}

/** L5: the agreement-to-sign screen for the action's agreement. */
function AcceptAgreementStep({ agreementId, onDone }: { agreementId: number | null; onDone: (message: string) => void }) {
  const agreements = useActiveAgreements();
  const user = useCurrentUser();
  if (agreements.isPending) return <Loading />;
  if (agreements.isLoadingError) return <Failed message={errorMessage(agreements.error)} onRetry={() => void agreements.refetch()} />;
  const agreement = agreements.data.find((a) => a.AgreementID === agreementId);
  if (!agreement) return <Failed message="This agreement is no longer available." />;
  return (
    <AgreementToSign
      key={`${agreement.AgreementID}-${agreement.Version}`}
      agreement={agreement}
      headingId="action-heading"
      signerName={user ? `${user.FirstName} ${user.LastName}` : undefined}
      onSigned={onDone}
    />
  );
}

/** L6: "Update Your Details" on the company's customer form. */
function UpdateProfileStep({ onDone }: { onDone: (message: string) => void }) {
  const details = useDetails();
  const formFields = useFormFields('customer');
  const context = useCompanyFormContext();
  const [code, setCode] = useState<{ token: string; message: string } | null>(null);
  if (details.isPending || formFields.isPending) return <Loading />;
  if (details.isLoadingError || formFields.isLoadingError) {
    const failed = details.isLoadingError ? details : formFields;
    return <Failed message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />;
  }
  return (
    <>
      <DetailsForm
        record={details.data}
        formFields={formFields.data}
        context={context}
        title={sm.updateProfileTitle}
        onSaved={(answer) => {
          // The details are saved; a new e-mail address waits for its code.
          if (answer.emailToken) setCode({ token: answer.emailToken, message: answer.message });
          else onDone(sm.profileUpdated);
        }}
      />
      {code ? <EmailCodeModal token={code.token} message={code.message} onClose={() => onDone(sm.profileUpdated)} onConfirmed={() => onDone(sm.profileUpdated)} /> : null}
    </>
  );
}

/** L8, L9: Set Password while check-if-changing-password says one is wanted; else the success state. */
function ChangePasswordStep({ onDone }: { onDone: (message: string) => void }) {
  const user = useCurrentUser();
  const check = useCheckIfChangingPassword(String(user?.ClientID ?? ''));
  const finish = () => {
    // D2 §8: a new password also resets the class cart.
    useCartStore.getState().resetClassCart();
    onDone(messages.newPasswordSet);
  };
  if (check.isPending) return <Loading />;
  if (check.isError) return <Failed message={errorMessage(check.error)} onRetry={() => void check.refetch()} />;
  if (!check.data.isChangingPassword) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-success-surface text-success" aria-hidden="true">
          <CircleCheckIcon className="size-7" />
        </span>
        <h2 id="action-heading" className="text-xl font-bold text-ink">
          Success
        </h2>
        <p className="text-sm text-muted">Your password has been set.</p>
        <Button onClick={() => onDone(messages.newPasswordSet)}>Continue</Button>
      </div>
    );
  }
  return <SetPasswordForm onDone={finish} />;
}

function Loading() {
  return (
    <div className="flex justify-center py-10 text-primary-ink">
      <Spinner label="Loading" />
    </div>
  );
}

function Failed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center text-sm text-danger">
      <h2 id="action-heading" className="sr-only">
        Something went wrong
      </h2>
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
