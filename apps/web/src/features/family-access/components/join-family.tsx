import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { roleDescription, roleLabels, type InvitationInfo } from '@portal/shared/guardian-schemas';
import { messages } from '@portal/shared/messages';
import { paths } from '@/config/paths';
import { PasswordForm } from '@/components/forms/password-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { resetIdentity } from '@/entities/customer/identity';
import { errorMessage } from '@/lib/api-client';
import { acceptInvitation, invitationQueryOptions, useInvitation } from '../api/family-access';

/**
 * An invitation's page: who invites whom to which family and as what, then the answer: the
 * address's own password where it already signs in at the company, otherwise a new one.
 * Accepting signs this browser in to the family, and out of any other company it was in.
 */
export function JoinFamily({ token, currentCompanyId = null }: { token: string; currentCompanyId?: number | null }) {
  const invitation = useInvitation(token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = async (answer: { password: string; confirm_password?: string }) => {
    const signedIn = await acceptInvitation(token, answer);
    // The family may be at another company than the one this browser was in (the server has ended
    // that one's session); a browser already in the family's company stays in it, and dropping it
    // would only enter it again. Known by its id, not its name: another company may go by the same name.
    const entered = currentCompanyId !== null && invitation.data?.customer_id === currentCompanyId;
    resetIdentity(queryClient, { user: signedIn.user, company: entered ? 'keep' : 'drop', clearCart: true });
    // The invitation is used up: kept for the page on its way home, not asked for again (a refusal in the console).
    if (invitation.data) queryClient.setQueryData(invitationQueryOptions(token).queryKey, invitation.data);
    // Said on the home it lands on, as a finished sign-in step is (L9): whose family, and as what.
    const joined = invitation.data ? `You have joined the ${invitation.data.family} as a ${roleLabels[invitation.data.role].toLowerCase()}.` : undefined;
    void navigate(paths.company, { replace: true, ...(joined ? { state: { saved: joined } } : {}) });
  };

  if (invitation.isPending) {
    return (
      <div className="flex justify-center py-10 text-primary-ink">
        <Spinner size="lg" label="Checking your invitation" />
      </div>
    );
  }
  if (invitation.isError) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Invitation</h1>
        <p role="alert" className="rounded-lg bg-danger-surface px-3 py-2 text-sm text-danger">
          {errorMessage(invitation.error)}
        </p>
        <a href={paths.hub} className="text-sm font-semibold text-primary-ink underline hover:no-underline">
          Go to the sign-in page
        </a>
      </div>
    );
  }
  const info = invitation.data;
  return (
    <div className="flex flex-col gap-5">
      <Invited info={info} />
      {info.has_sign_in ? (
        <ExistingSignIn email={info.email} company={info.company} onAccept={accept} />
      ) : (
        <PasswordForm
          header={<p className="text-sm text-muted">Choose a password for {info.email}. You will sign in with it from now on.</p>}
          passwordLabel="Password"
          submitLabel="Accept and sign in"
          submitProps={{ size: 'lg', fullWidth: true }}
          onSubmit={accept}
        />
      )}
    </div>
  );
}

function Invited({ info }: { info: InvitationInfo }) {
  return (
    <div className="flex items-start gap-3">
      <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-tint text-primary-tint-ink">
        <UsersIcon className="size-5" />
      </span>
      <div>
        <p className="text-sm font-semibold text-primary-tint-ink">{info.company}</p>
        <h1 className="text-2xl font-bold tracking-tight text-ink">Join the {info.family}</h1>
        <p className="mt-2 text-sm text-ink">
          {info.invited_by} invited you as a <strong>{roleLabels[info.role].toLowerCase()}</strong>: {roleDescription(info.role, info.student_term)}
        </p>
      </div>
    </div>
  );
}

function ExistingSignIn({ email, company, onAccept }: { email: string; company: string; onAccept: (answer: { password: string }) => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (!password) return setError(messages.passwordRequired);
        setBusy(true);
        onAccept({ password }).catch((err: unknown) => {
          setError(errorMessage(err));
          setBusy(false);
        });
      }}
    >
      <p className="text-sm text-muted">
        You already sign in to {company} with {email}. Enter that password to accept; it stays the same.
      </p>
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <TextField label="Password" type="password" revealable autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" size="lg" fullWidth loading={busy}>
        Accept and sign in
      </Button>
    </form>
  );
}
