import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput } from '@portal/shared/auth-schemas';
import { PasswordFields } from '@/components/forms/password-fields';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { MessageModal } from '@/components/ui/message-modal';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { showServerErrors } from '@/lib/server-field-errors';
import { useUiStore } from '@/lib/ui-store';
import { register as registerCall } from '../api/register';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { CodeField, useCodeForm } from '@/components/forms/code-field';

type Step = { kind: 'form' } | { kind: 'code'; form: RegisterInput; emailToken: string } | { kind: 'done'; message: string };

/**
 * Registration (D1 §4): the form, then the e-mailed code, then either signed in (the
 * answer carries a user) or the answer's message shown as a success.
 */
export function RegisterModal() {
  const open = useUiStore((s) => s.modal === 'register');
  const { closeModal, openModal } = useUiStore.getState();
  const [step, setStep] = useState<Step>({ kind: 'form' });

  const close = () => {
    closeModal();
    setStep({ kind: 'form' });
  };

  return (
    <>
      <Modal
        open={open && step.kind !== 'done'}
        onOpenChange={(o) => (o ? undefined : close())}
        title={step.kind === 'code' ? 'Check your e-mail' : 'Create an account'}
        description={step.kind === 'code' ? `We sent a 6-digit code to ${step.form.email}. Enter it below to finish creating your account.` : 'It only takes a minute.'}
      >
        {step.kind === 'code' ? (
          <RegistrationCodeStep form={step.form} emailToken={step.emailToken} onDone={(message) => setStep({ kind: 'done', message })} onBack={() => setStep({ kind: 'form' })} />
        ) : (
          <RegisterFormStep
            onCodeSent={(form, emailToken) => setStep({ kind: 'code', form, emailToken })}
            onDone={(message) => setStep({ kind: 'done', message })}
            onLogin={() => openModal('login')}
          />
        )}
      </Modal>
      <MessageModal open={open && step.kind === 'done'} onClose={close} tone="success" title="Registration complete" message={step.kind === 'done' ? step.message : undefined} />
    </>
  );
}

function RegisterFormStep({ onCodeSent, onDone, onLogin }: { onCodeSent: (form: RegisterInput, emailToken: string) => void; onDone: (message: string) => void; onLogin: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterInput, unknown, RegisterInput>({
    resolver: zodResolver(registerSchema),
    mode: 'onTouched',
    defaultValues: { first_name: '', last_name: '', email: '', password: '', confirm_password: '' },
  });
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (form) => {
    setError(null);
    try {
      const answer = await registerCall(form);
      if (answer.emailToken) onCodeSent(form, answer.emailToken);
      else onDone(answer.message);
    } catch (e) {
      setError(showServerErrors(e, setFieldError, ['first_name', 'last_name', 'email', 'password', 'confirm_password']));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ErrorBox message={error} onDismiss={() => setError(null)} variant="registration" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" data-autofocus error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <TextField label="Email" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <PasswordFields form={form} passwordLabel="Password" />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        Create account
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <button
          type="button"
          onClick={onLogin}
          // Keep focus in the form: a blur here would show field errors and shift this link away from the pointer.
          onMouseDown={(e) => e.preventDefault()}
          className="rounded font-semibold text-primary-ink hover:underline"
        >
          Login
        </button>
      </p>
    </form>
  );
}

function RegistrationCodeStep({ form, emailToken, onDone, onBack }: { form: RegisterInput; emailToken: string; onDone: (message: string) => void; onBack: () => void }) {
  const finish = useFinishSignIn();
  const [error, setError] = useState<string | null>(null);
  // This step replaces the first inside the open dialog: focus moves to the code field.
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useCodeForm(true);

  const submit = handleSubmit(async ({ email_code }) => {
    setError(null);
    try {
      // The code travels as a JSON number (S17, X25).
      const answer = await registerCall({ ...form, email_code: Number(email_code), email_token: emailToken });
      if (answer.user) finish({ user: answer.user, actions: answer.actions });
      else onDone(answer.message);
    } catch (e) {
      setError(showServerErrors(e, setFieldError, ['email_code']));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ErrorBox message={error} onDismiss={() => setError(null)} variant="registration" />
      <CodeField error={errors.email_code?.message} {...register('email_code')} />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        Verify and continue
      </Button>
      <Button variant="ghost" fullWidth onClick={onBack} disabled={isSubmitting}>
        Back
      </Button>
    </form>
  );
}
