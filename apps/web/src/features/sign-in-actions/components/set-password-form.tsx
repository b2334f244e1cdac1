import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordSchema, type NewPasswordInput } from '@portal/shared/auth-schemas';
import { signInActionMessages as sm } from '@portal/shared/sign-in-action-schemas';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { showServerErrors } from '@/lib/server-field-errors';
import { useSetPassword } from '../api/set-password';

/** L8–L10: the ChangePassword action's Set Password form (rules S10–S16). */
export function SetPasswordForm({ onDone }: { onDone: () => void }) {
  const set = useSetPassword();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    trigger,
    getFieldState,
    setFocus,
    formState: { errors },
  } = useForm<NewPasswordInput, unknown, NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm_password: '' },
  });
  useEffect(() => setFocus('password'), [setFocus]);
  // S16: the confirmation is checked again whenever the password changes.
  const password = register('password', {
    onChange: () => {
      if (getFieldState('confirm_password').isTouched) void trigger('confirm_password');
    },
  });
  const submit = handleSubmit((values) => {
    setError(null);
    set.mutate(values, { onSuccess: onDone, onError: (e) => setError(showServerErrors(e, setFieldError, ['password', 'confirm_password'])) });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="action-heading" className="flex max-w-md flex-col gap-4">
      <div>
        <h2 id="action-heading" className="text-xl font-bold tracking-tight text-ink">
          {sm.setPasswordTitle}
        </h2>
        <p className="mt-1 text-sm text-muted">Choose a new password for your account. Your other devices will be signed out.</p>
      </div>
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <TextField
        label="Password"
        type="password"
        revealable
        autoComplete="new-password"
        hint="At least 8 characters, with a number and a special character."
        error={errors.password?.message}
        {...password}
      />
      <TextField label="Confirm Password" type="password" revealable autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
      <Button type="submit" size="lg" loading={set.isPending} className="sm:self-end">
        Set password
      </Button>
    </form>
  );
}
