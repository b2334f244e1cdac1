import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordSchema, type NewPasswordInput } from '@portal/shared/auth-schemas';
import { changePasswordSchema, type ChangePasswordInput } from '@portal/shared/my-details-schemas';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { showServerErrors } from '@/lib/server-field-errors';
import { PasswordFields } from './password-fields';

interface PasswordFormBase {
  /** The form's heading and line under it, in the page's words. */
  header: ReactNode;
  /** The id of the heading inside `header`, naming the form. */
  labelledBy?: string;
  /** The new password field's label. */
  passwordLabel: string;
  submitLabel: string;
  submitProps?: Pick<ButtonProps, 'size' | 'fullWidth' | 'className'>;
  /** Puts the caret in the first field as the form opens. */
  focusOnOpen?: boolean;
  /** A Cancel button beside the submit button. */
  onCancel?: () => void;
  className?: string;
}

/**
 * One password form for every page that sets one (K13 Login & Security, L8 Set Password, M7
 * reset): the new password and its confirmation (PasswordFields, shared with the register form), with the current password first when `withCurrentPassword`. The
 * server's field messages land on their fields, any other in the error box above.
 */
export function PasswordForm(props: PasswordFormBase & { withCurrentPassword: true; onSubmit: (values: ChangePasswordInput) => Promise<unknown> }): ReactNode;
export function PasswordForm(props: PasswordFormBase & { withCurrentPassword?: false; onSubmit: (values: NewPasswordInput) => Promise<unknown> }): ReactNode;
export function PasswordForm({
  header,
  labelledBy,
  passwordLabel,
  submitLabel,
  submitProps,
  focusOnOpen = false,
  onCancel,
  className,
  withCurrentPassword = false,
  onSubmit,
}: PasswordFormBase & { withCurrentPassword?: boolean; onSubmit: (values: ChangePasswordInput) => Promise<unknown> }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput, unknown, ChangePasswordInput>({
    // Without the current password the form is the new-password pair alone (it strips the third key).
    resolver: zodResolver(withCurrentPassword ? changePasswordSchema : newPasswordSchema) as unknown as Resolver<ChangePasswordInput, unknown, ChangePasswordInput>,
    mode: 'onTouched',
    defaultValues: { current_password: '', password: '', confirm_password: '' },
  });
  const { register, setFocus } = form;
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (focusOnOpen) setFocus(withCurrentPassword ? 'current_password' : 'password');
  }, [focusOnOpen, setFocus, withCurrentPassword]);
  const fields = withCurrentPassword ? (['current_password', 'password', 'confirm_password'] as const) : (['password', 'confirm_password'] as const);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
    } catch (e) {
      setError(showServerErrors(e, form.setError, fields));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={labelledBy} className={className ?? 'flex flex-col gap-4'}>
      {header}
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      {withCurrentPassword ? (
        <TextField label="Current password" type="password" revealable autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />
      ) : null}
      <PasswordFields form={form} passwordLabel={passwordLabel} />
      {onCancel ? (
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} {...submitProps}>
            {submitLabel}
          </Button>
        </div>
      ) : (
        <Button type="submit" loading={isSubmitting} {...submitProps}>
          {submitLabel}
        </Button>
      )}
    </form>
  );
}
