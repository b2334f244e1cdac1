import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon, MailIcon, UserRoundCheckIcon } from 'lucide-react';
import { messages } from '@portal/shared/messages';
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
import { CodeField, useCodeForm } from '@/components/forms/code-field';

export interface EmailCheckProps {
  profileId: number;
  /** N23, S26: the address of an AutoEnroll link: filled in and read-only, proved like any other. */
  knownEmail?: string | null;
  proof: EmailProof | null;
  onProof: (proof: EmailProof | null) => void;
  /** Shown under the address box, or the code box once a code was sent, while the form is sent without a proved address. */
  error?: string | undefined;
}

/** How long "Send a new code" rests after sending one, so a tap on a slow phone sends one e-mail, not four. */
const RESEND_REST_MS = 30_000;
const codeBoxClasses = 'flex flex-col gap-4 rounded-xl border border-primary-line bg-primary-tint/40 p-4 sm:p-5';
const existingBoxClasses = 'flex flex-col gap-3 rounded-xl border border-primary-line bg-primary-tint p-4 text-primary-tint-ink sm:p-5';

/**
 * N22: the family's e-mail address, proved before the registration can be sent. An address that
 * already signs in here is offered the sign-in instead (confirm-email); a new one gets a 6-digit
 * code by e-mail (send-code), typed into the code box (verify-code). An AutoEnroll link's address
 * is the only one offered: it cannot be changed here.
 */
export function EmailCheck({ profileId, knownEmail = null, proof, onProof, error }: EmailCheckProps) {
  const [existing, setExisting] = useState<string | null>(null);
  // Focus follows the views the visitor moves between, not the view a page opens on.
  const [moved, setMoved] = useState(false);
  const handOn = (next: EmailProof | null) => {
    setMoved(true);
    onProof(next);
  };
  const offer = (email: string | null) => {
    setMoved(true);
    setExisting(email);
  };
  const codeSent = !existing && proof !== null && !proof.verified;
  const offered = existing !== null && !proof?.verified;

  let view;
  const locked = knownEmail !== null;
  if (proof?.verified) view = <VerifiedAddress email={proof.email} takeFocus={moved} onChange={locked ? undefined : () => handOn(null)} />;
  else if (existing) view = <ExistingAccount takeFocus={moved} onOther={locked ? undefined : () => offer(null)} />;
  else if (proof) view = <CodeForm profileId={profileId} proof={proof} onProof={handOn} onExisting={offer} error={error} takeFocus={moved} locked={locked} />;
  else view = <AddressForm knownEmail={knownEmail} onProof={handOn} onExisting={offer} error={error} takeFocus={moved} />;

  // What the server answered ("code sent", "already has an account") is a live region that stays
  // mounted across the views, so each new message is announced.
  return (
    <div className={codeSent ? codeBoxClasses : offered ? existingBoxClasses : 'contents'}>
      <p role="status" className={codeSent ? 'flex gap-2 text-sm text-ink' : offered ? 'flex gap-2 text-sm' : 'sr-only'}>
        {codeSent ? (
          <>
            <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-ink" />
            <span className="wrap-anywhere">{proof.message}</span>
          </>
        ) : offered ? (
          <>
            <UserRoundCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              <span className="block font-semibold text-ink wrap-anywhere">{existing}</span>
              {rm.existingClient}
            </span>
          </>
        ) : null}
      </p>
      {view}
    </div>
  );
}

function VerifiedAddress({ email, takeFocus, onChange }: { email: string; takeFocus: boolean; onChange: (() => void) | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-success-line bg-success-surface px-4 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <CircleCheckIcon aria-hidden="true" className="size-5 shrink-0 text-success" />
        <h3 ref={heading} tabIndex={-1} className="min-w-0 flex-1 text-sm font-normal text-ink focus:outline-none">
          <span className="block font-semibold wrap-anywhere">{email}</span>
          <span className="text-ink-soft">Email address verified</span>
        </h3>
      </div>
      {onChange ? (
        <Button variant="secondary" size="sm" onClick={onChange} className="self-start sm:self-auto">
          Change
        </Button>
      ) : null}
    </div>
  );
}

function AddressForm({
  knownEmail,
  onProof,
  onExisting,
  error,
  takeFocus,
}: {
  knownEmail: string | null;
  onProof: (proof: EmailProof) => void;
  onExisting: (email: string) => void;
  error?: string | undefined;
  takeFocus: boolean;
}) {
  const confirm = useConfirmEmail();
  const send = useSendCode();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(sendCodeRequestSchema), mode: 'onTouched', defaultValues: { email: knownEmail ?? '' } });
  // The form sent before an address was proved: with none typed, what is missing is the address itself (S2).
  const blank = watch('email').trim() === '';

  useEffect(() => {
    if (takeFocus) setFocus('email');
  }, [takeFocus, setFocus]);

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
          readOnly={knownEmail !== null}
          hint="We will send a 6-digit code to this address to check it is yours."
          error={errors.email?.message ?? (error && blank ? messages.emailRequired : error)}
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

interface CodeFormProps {
  profileId: number;
  proof: EmailProof;
  onProof: (proof: EmailProof | null) => void;
  onExisting: (email: string) => void;
  error?: string | undefined;
  takeFocus: boolean;
  /** The address is the link's: no other can be used. */
  locked: boolean;
}

function CodeForm({ profileId, proof, onProof, onExisting, error, takeFocus, locked }: CodeFormProps) {
  const verify = useVerifyCode();
  const resend = useSendCode();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useCodeForm(takeFocus);

  const [resting, setResting] = useState(false);
  useEffect(() => {
    if (!resting) return;
    const rest = setTimeout(() => setResting(false), RESEND_REST_MS);
    return () => clearTimeout(rest);
  }, [resting]);

  const submit = handleSubmit(({ email_code }) => {
    setFailure(null);
    // The codes of the e-mails sent before the latest verify too (mail is slow): one try, counted once.
    const earlier = proof.earlierTokens?.length ? { earlier_tokens: proof.earlierTokens } : {};
    verify.mutate(
      { token: proof.token, ...earlier, code: Number(email_code), profile: profileId },
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
        setResting(true);
        reset({ email_code: '' }, { keepErrors: false });
        // The box, not the button just rested: the keyboard's focus stays where the code goes.
        setFocus('email_code');
        onProof({ ...proof, token: answer.token, earlierTokens: [...(proof.earlierTokens ?? []), proof.token].slice(-4), message: rm.codeSentAgain(proof.email), verified: false });
      },
      onError: (e) => setFailure(showServerErrors(e, setError, [])),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Email verification code" className="flex flex-col gap-4">
      <ErrorBox message={failure} onDismiss={() => setFailure(null)} variant="registration" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <CodeField className="sm:w-48 [&_input]:text-xl [&_input]:tracking-[0.4em]" error={errors.email_code?.message ?? error} {...register('email_code')} />
        <Button type="submit" loading={verify.isPending} className="sm:mt-7">
          Verify
        </Button>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {/* Thumb-sized on a phone: these two are how a family gets unstuck at this step. */}
        <Button variant="link" className="min-h-11!" onClick={sendAgain} disabled={resend.isPending || resting}>
          {resting ? 'New code sent' : 'Send a new code'}
        </Button>
        {locked ? null : (
          <Button variant="link" className="min-h-11!" onClick={() => onProof(null)}>
            Use another email
          </Button>
        )}
      </div>
    </form>
  );
}

/** The way on for an address that already signs in here; the message above it says why. */
function ExistingAccount({ takeFocus, onOther }: { takeFocus: boolean; onOther: (() => void) | undefined }) {
  const openModal = useUiStore((s) => s.openModal);
  const signIn = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus) signIn.current?.focus();
  }, [takeFocus]);
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button ref={signIn} onClick={() => openModal('login')}>
        Sign in
      </Button>
      {onOther ? (
        <Button variant="ghost" onClick={onOther}>
          Use another email
        </Button>
      ) : null}
    </div>
  );
}
