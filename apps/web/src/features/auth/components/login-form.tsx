import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginInput } from '@portal/shared/auth-schemas';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { showServerErrors } from '@/lib/server-field-errors';
import { lazyResolver } from '@/lib/lazy-resolver';

const resolver = lazyResolver<LoginInput, { email: string; password: string }>(async () => {
  const [{ zodResolver }, { loginSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@portal/shared/auth-schemas')]);
  return zodResolver(loginSchema);
});

export interface LoginFormProps {
  /** Receives the parsed values (trimmed, lower-cased e-mail); throw to show the error box. */
  onSubmit: (values: { email: string; password: string }) => Promise<void>;
  onForgotPassword?: () => void;
  submitLabel?: string;
  /** Shown under the submit button (e.g. the register entry). */
  footer?: ReactNode;
  initialFocus?: boolean;
}

export function LoginForm({ onSubmit, onForgotPassword, submitLabel = 'Login', footer, initialFocus }: LoginFormProps) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, { email: string; password: string }>({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
    } catch (e) {
      setError(showServerErrors(e, setFieldError, ['email', 'password']));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" data-autofocus={initialFocus || undefined} error={errors.email?.message} {...register('email')} />
      <div>
        <TextField label="Password" type="password" revealable autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        {onForgotPassword ? (
          <div className="mt-2 flex justify-end">
            <button
              type="button"
              onClick={onForgotPassword}
              // Keep focus in the form: a blur here would show field errors and shift this link away from the pointer.
              onMouseDown={(e) => e.preventDefault()}
              className="rounded text-sm font-semibold text-primary-ink hover:underline"
            >
              Forgot password?
            </button>
          </div>
        ) : null}
      </div>
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}
