import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon } from 'lucide-react';
import { changePasswordSchema, myDetailsMessages as dm, type ChangePasswordInput } from '@portal/shared/my-details-schemas';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { showServerErrors } from '@/lib/server-field-errors';
import { useSettingsBackButton } from '@/lib/settings-back';
import { useChangePassword } from '../api/change-password';

const TAB = 'Login & Security';

/** /hub/settings/security (K13): the password, changed with the current one. */
export default function SecurityRoute() {
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const updateButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  useSettingsBackButton(editing, TAB, stopEditing);
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      updateButton.current?.focus();
    }
  }, [editing]);

  return (
    <div className="flex flex-col gap-4">
      <StatusMessage message={status} onDismiss={() => setStatus(null)} />
      <section aria-labelledby="password-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        {editing ? (
          <ChangePasswordForm
            onDone={() => {
              stopEditing();
              setStatus(dm.passwordChanged);
            }}
            onCancel={stopEditing}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="flex items-start gap-3">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-tint text-primary-tint-ink">
                <KeyRoundIcon className="size-5" />
              </span>
              <div>
                <h2 id="password-heading" className="text-lg font-semibold text-ink">
                  Password
                </h2>
                <p className="mt-0.5 text-sm text-muted">Changing it signs you out everywhere else.</p>
              </div>
            </div>
            <Button
              ref={updateButton}
              variant="secondary"
              onClick={() => {
                setStatus(null);
                setEditing(true);
              }}
            >
              Update password
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    trigger,
    getFieldState,
    setFocus,
    formState: { errors },
  } = useForm<ChangePasswordInput, unknown, ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { current_password: '', password: '', confirm_password: '' },
  });
  useEffect(() => setFocus('current_password'), [setFocus]);
  // S16: the confirmation is checked again whenever the password changes.
  const password = register('password', {
    onChange: () => {
      if (getFieldState('confirm_password').isTouched) void trigger('confirm_password');
    },
  });
  const submit = handleSubmit((values) => {
    setError(null);
    change.mutate(values, {
      onSuccess: onDone,
      onError: (e) => setError(showServerErrors(e, setFieldError, ['current_password', 'password', 'confirm_password'])),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-heading" className="flex max-w-md flex-col gap-4">
      <div>
        <h2 id="password-heading" className="text-lg font-semibold text-ink">
          Update password
        </h2>
        <p className="mt-0.5 text-sm text-muted">Your other devices will be signed out. This one stays signed in.</p>
      </div>
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <TextField
        label="Current password"
        type="password"
        revealable
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <TextField
        label="New password"
        type="password"
        revealable
        autoComplete="new-password"
        hint="At least 8 characters, with a number and a special character."
        error={errors.password?.message}
        {...password}
      />
      <TextField label="Confirm Password" type="password" revealable autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={change.isPending}>
          Save password
        </Button>
      </div>
    </form>
  );
}
