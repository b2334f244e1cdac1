import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon, MailIcon, UserRoundCheckIcon } from 'lucide-react';
import { registerCodeFormSchema } from '@portal/shared/auth-schemas';
import { registrationMessages as rm, sendCodeRequestSchema } from '@portal/shared/registration-schemas';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-field-errors';
import { useUiStore } from '@/lib/ui-store';
import { useConfirmEmail } from '../api/confirm-email';
import { useSendCode } from '../api/send-code';
import { useVerifyCode } from '../api/verify-code';
import type { EmailProof } from '../lib/registration-state';
import { CodeField } from '@/components/forms/code-field';

export interface EmailCheckProps {
  profileId: number;
  proof: EmailProof | null;
  onProof: (proof: EmailProof | null) => void;
  /** Shown under the address while the form is sent without a proved one. */
  error?: string | undefined;
}

/**
 * N22: the family's e-mail address, proved before the registration can be sent. An address that
 * already signs in here is offered the sign-in instead (confirm-email); a new one gets a 6-digit
 * code by e-mail (send-code), typed into the code box (verify-code).
 */
export function EmailCheck({ profileId, proof, onProof, error }: EmailCheckProps) {
  const [existing, setExisting] = useState<string | null>(null);
  if (proof?.verified) {
    return (
      <div className="flex flex-col gap-3 rounded-xl border border-success-line bg-success-surface px-4 py-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <CircleCheckIcon aria-hidden="true" className="size-5 shrink-0 text-success" />
          <p className="min-w-0 flex-1 text-sm text-ink">
            <span className="block font-semibold wrap-anywhere">{proof.email}</span>
            <span className="text-ink-soft">Email address verified</span>
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => onProof(null)} className="self-start sm:self-auto">
          Change
        </Button>
      </div>
    );
  }
  if (existing) return <ExistingAccount email={existing} onOther={() => setExisting(null)} />;
  if (proof) return <CodeForm profileId={profileId} proof={proof} onProof={onProof} onExisting={(email) => setExisting(email)} />;
  return <AddressForm onProof={onProof} onExisting={setExisting} error={error} />;
}

function AddressForm({ onProof, onExisting, error }: { onProof: (proof: EmailProof) => void; onExisting: (email: string) => void; error?: string | undefined }) {
  const confirm = useConfirmEmail();
  const send = useSendCode();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(sendCodeRequestSchema), mode: 'onTouched', defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const { existing_client } = await confirm.mutateAsync(email);
      if (existing_client) {
        onExisting(email);
        return;
      }
      const answer = await send.mutateAsync(email);
      onProof({ email, token: answer.token, message: answer.message, verified: false });
    } catch (e) {
      setFailure(showServerErrors(e, setError, ['email']));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Your email address" className="flex flex-col gap-3">
      <ErrorBox message={failure} onDismiss={() => setFailure(null)} variant="registration" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={
            <>
              Email
              <span aria-hidden="true" className="ml-0.5 text-danger">
                *
              </span>
            </>
          }
          aria-required
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          hint="We will send a 6-digit code to this address to check it is yours."
          error={errors.email?.message ?? error}
          className="flex-1"
          {...register('email')}
        />
        <Button type="submit" variant="secondary" loading={confirm.isPending || send.isPending} icon={<MailIcon aria-hidden="true" className="size-4" />} className="sm:mt-7">
          Send code
        </Button>
      </div>
    </form>
  );
}

function CodeForm({ profileId, proof, onProof, onExisting }: { profileId: number; proof: EmailProof; onProof: (proof: EmailProof | null) => void; onExisting: (email: string) => void }) {
  const verify = useVerifyCode();
  const resend = useSendCode();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState(proof.message);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<{ email_code: string }>({ resolver: zodResolver(registerCodeFormSchema), mode: 'onTouched', defaultValues: { email_code: '' } });

  const submit = handleSubmit(({ email_code }) => {
    setFailure(null);
    verify.mutate(
      { token: proof.token, code: Number(email_code), profile: profileId },
      {
        onSuccess: (answer) => onProof({ ...proof, email: answer.email, verified: true }),
        onError: (e) => {
          if (e instanceof ApiRequestError && e.code === 'EXISTING_CLIENT') {
            onProof(null);
            onExisting(proof.email);
            return;
          }
          // The code's own refusals belong under the code box; anything else goes in the error box.
          if (e instanceof ApiRequestError && e.code.startsWith('CODE_')) setError('email_code', { type: 'server', message: e.message }, { shouldFocus: true });
          else setFailure(showServerErrors(e, setError, ['email_code']));
        },
      },
    );
  });

  const sendAgain = () => {
    setFailure(null);
    resend.mutate(proof.email, {
      onSuccess: (answer) => {
        reset({ email_code: '' });
        setNotice(answer.message);
        onProof({ ...proof, token: answer.token, message: answer.message, verified: false });
      },
      onError: (e) => setFailure(showServerErrors(e, setError, [])),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Email verification code" className="flex flex-col gap-4 rounded-xl border border-primary-line bg-primary-tint/40 p-4 sm:p-5">
      <p role="status" className="flex gap-2 text-sm text-ink">
        <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-ink" />
        <span className="wrap-anywhere">{notice}</span>
      </p>
      <ErrorBox message={failure} onDismiss={() => setFailure(null)} variant="registration" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <CodeField className="sm:w-48 [&_input]:text-xl [&_input]:tracking-[0.4em]" error={errors.email_code?.message} {...register('email_code')} />
        <Button type="submit" loading={verify.isPending} className="sm:mt-7">
          Verify
        </Button>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <Button variant="link" onClick={sendAgain} disabled={resend.isPending}>
          Send a new code
        </Button>
        <Button variant="link" onClick={() => onProof(null)}>
          Use another email
        </Button>
      </div>
    </form>
  );
}

function ExistingAccount({ email, onOther }: { email: string; onOther: () => void }) {
  const openModal = useUiStore((s) => s.openModal);
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-primary-line bg-primary-tint p-4 text-primary-tint-ink sm:p-5">
      <p className="flex gap-2 text-sm">
        <UserRoundCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          <span className="block font-semibold text-ink wrap-anywhere">{email}</span>
          {rm.existingClient}
        </span>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => openModal('login')}>Sign in</Button>
        <Button variant="ghost" onClick={onOther}>
          Use another email
        </Button>
      </div>
    </div>
  );
}
