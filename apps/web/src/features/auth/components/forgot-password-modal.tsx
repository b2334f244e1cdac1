import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@portal/shared/auth-schemas';
import { messages } from '@portal/shared/messages';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { useUiStore } from '@/lib/ui-store';
import { forgetPassword } from '../api/forget-password';
import { MailIcon } from 'lucide-react';

/** D1 §8: an error whose first message mentions "Email" reads "Email is invalid". */
function forgotPasswordError(error: unknown): string {
  const first = error instanceof ApiRequestError ? (error.errors[0]?.message ?? error.message) : errorMessage(error);
  return first.includes('Email') ? messages.emailIsInvalid : first;
}

export function ForgotPasswordModal() {
  const open = useUiStore((s) => s.modal === 'forgot-password');
  const { closeModal, openModal } = useUiStore.getState();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const close = () => {
    closeModal();
    setSent(false);
    setError(null);
    reset();
  };

  const submit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await forgetPassword(email);
      setSent(true);
    } catch (e) {
      setError(forgotPasswordError(e));
    }
  });

  if (sent) {
    return (
      <Modal open={open} onOpenChange={(o) => (o ? undefined : close())} title="Email Sent" size="sm">
        <div className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-primary-tint-strong text-primary-tint-ink" aria-hidden="true">
            <MailIcon className="size-7" />
          </span>
          <p className="text-sm text-ink">{messages.emailSent}</p>
          <p className="text-sm text-muted">Can’t find it? Please check your spam or junk folder.</p>
          <Button fullWidth onClick={close}>
            Done
          </Button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal open={open} onOpenChange={(o) => (o ? undefined : close())} title="Forgot password" description="Enter the e-mail address of your account and we’ll send you a link to set a new password.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorBox message={error} onDismiss={() => setError(null)} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" data-autofocus error={errors.email?.message} {...register('email')} />
        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          Send reset link
        </Button>
        <Button variant="ghost" fullWidth onClick={() => openModal('login')}>
          Back to login
        </Button>
      </form>
    </Modal>
  );
}
