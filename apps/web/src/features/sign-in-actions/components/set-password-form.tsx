import { signInActionMessages as sm } from '@portal/shared/sign-in-action-schemas';
import { PasswordForm } from '@/components/forms/password-form';
import { useSetPassword } from '../api/set-password';

/** L8–L10: the ChangePassword action's Set Password form (rules S10–S16). */
export function SetPasswordForm({ onDone }: { onDone: () => void }) {
  const set = useSetPassword();
  return (
    <PasswordForm
      focusOnOpen
      labelledBy="action-heading"
      className="flex max-w-md flex-col gap-4"
      header={
        <div>
          <h2 id="action-heading" className="text-xl font-bold tracking-tight text-ink">
            {sm.setPasswordTitle}
          </h2>
          <p className="mt-1 text-sm text-muted">Choose a password for your account. Any other device signed in with it will be signed out.</p>
        </div>
      }
      passwordLabel="Password"
      submitLabel="Set password"
      submitProps={{ size: 'lg', className: 'sm:self-end' }}
      onSubmit={async (values) => {
        await set.mutateAsync(values);
        onDone();
      }}
    />
  );
}
