import { useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { agreementMessages as am, type Agreement } from '@portal/shared/agreement-schemas';
import { registrationMessages as rm, type registrationAgreementSchema } from '@portal/shared/registration-schemas';
import { CaptchaCheck } from '@/components/forms/captcha-check';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { AgreementText } from '@/components/ui/agreement-text';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { SignaturePad } from '@/components/ui/signature-pad';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useVerifyCaptcha } from '../api/verify-captcha';
import { StepCard, type StepCardProps } from './step-card';

/** One agreement's answer as the submission sends it. */
export type AgreementAnswer = z.input<typeof registrationAgreementSchema>;

export interface AgreementsStepProps {
  agreements: readonly Agreement[];
  /** The EmailMarketingAgreement question, the company's name in place; empty when the profile asks none. */
  marketingQuestion: string;
  showCaptcha: boolean;
  registrationToken: string;
  agreed: Record<number, boolean>;
  onAgreedChange: (agreementId: number, agreed: boolean) => void;
  marketing: boolean | null;
  onMarketingChange: (answer: boolean) => void;
  step: StepCardProps['step'];
  signerName?: string;
  submitting: boolean;
  /** Submit sends the registration; with a checkout after this page it is Next (N30). */
  submitLabel?: string;
  /** The submission's refusal, for the error box. */
  error: string | null;
  onDismissError: () => void;
  /** `captchaLapsed` is for a submission refused because the captcha's mark lapsed: the step asks for a new one. */
  onSubmit: (answers: AgreementAnswer[], captchaLapsed: () => void) => void;
  /** The registration itself lapsed (its message): the flow sends the visitor back to prove the address again. */
  onExpired: (message: string) => void;
  onBack: () => void;
  /** The signatures given when the page was last sent (the family came back from the checkout): shown again, not asked for again. */
  initialSignatures?: Record<number, string | null>;
}

type CaptchaState = 'unsolved' | 'verifying' | 'verified';

/** What each agreement still needs before the registration can be sent (N25, S52). */
function agreementErrors(agreements: readonly Agreement[], agreed: Record<number, boolean>, signatures: Record<number, string | null>) {
  const errors: Record<number, { agree?: string; signature?: string }> = {};
  for (const a of agreements) {
    const ticked = agreed[a.AgreementID] === true;
    const e: { agree?: string; signature?: string } = {};
    if (a.pivot.Required && !ticked) e.agree = am.mustAgree(a.Name);
    if (a.RequiresSignature && (ticked || a.pivot.Required) && !signatures[a.AgreementID]) e.signature = am.signatureRequired(a.Name);
    if (e.agree || e.signature) errors[a.AgreementID] = e;
  }
  return errors;
}

/**
 * N25–N29: every agreement with its text, its tick and, where it asks, a drawn signature; the
 * e-mail marketing question; the captcha when the profile shows one. Submit sends the
 * registration; the messages appear once it was tried and then follow each change.
 */
export function AgreementsStep(props: AgreementsStepProps) {
  const { agreements, marketingQuestion, showCaptcha, registrationToken, agreed, onAgreedChange, marketing, onMarketingChange } = props;
  const [signatures, setSignatures] = useState<Record<number, string | null>>(() => props.initialSignatures ?? {});
  // Ticked and not signed as the step opens: a reload or a step back kept the ticks, never the signatures.
  const [signAgain] = useState(() => new Set(agreements.filter((a) => a.RequiresSignature && agreed[a.AgreementID] && !props.initialSignatures?.[a.AgreementID]).map((a) => a.AgreementID)));
  const [tried, setTried] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState>('unsolved');
  const [captchaError, setCaptchaError] = useState<string | undefined>(undefined);
  const [captchaRound, setCaptchaRound] = useState(0);
  const verify = useVerifyCaptcha();
  const marketingId = useId();
  const agreeErrorId = useId();
  const fields = useRef<HTMLDivElement>(null);
  // Bumped by a failed Submit: the first control still to answer takes focus once its message shows.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = fields.current?.querySelector<HTMLElement>('[data-invalid]');
    first?.querySelector<HTMLElement>('input, canvas, [tabindex], button')?.focus();
  }, [focusRequest]);

  const errors = tried ? agreementErrors(agreements, agreed, signatures) : {};
  const marketingError = tried && marketingQuestion !== '' && marketing === null ? rm.selectOption : undefined;

  const solved = (payload: string | undefined) => {
    if (!payload) return;
    setCaptcha('verifying');
    verify.mutate(
      { payload, registrationToken },
      {
        onSuccess: (answer) => {
          if (answer.verified) {
            setCaptcha('verified');
            setCaptchaError(undefined);
          } else {
            setCaptcha('unsolved');
            setCaptchaError(rm.captchaFailed);
            setCaptchaRound((n) => n + 1);
          }
        },
        onError: (e) => {
          if (e instanceof ApiRequestError && e.code === 'REGISTRATION_EXPIRED') {
            setCaptcha('unsolved');
            props.onExpired(e.message);
            return;
          }
          // N29: a failing verification call is only logged; the visitor can tick the box again.
          console.error('Captcha verification failed', e);
          setCaptcha('unsolved');
          setCaptchaRound((n) => n + 1);
        },
      },
    );
  };

  const submit = () => {
    setTried(true);
    const blocking = Object.keys(agreementErrors(agreements, agreed, signatures)).length > 0 || (marketingQuestion !== '' && marketing === null);
    let captchaMissing = false;
    if (showCaptcha && captcha !== 'verified') {
      captchaMissing = true;
      if (!captchaError || captchaError === rm.captchaRequired) setCaptchaError(rm.captchaRequired);
    }
    if (blocking || captchaMissing) {
      setFocusRequest((n) => n + 1);
      return;
    }
    props.onSubmit(
      agreements.map((a) => ({ agreementID: a.AgreementID, agreed: agreed[a.AgreementID] === true, signature: agreed[a.AgreementID] ? (signatures[a.AgreementID] ?? null) : null })),
      captchaLapsed,
    );
  };

  // The server no longer holds the captcha's mark: a new round, unsolved, asked for again.
  const captchaLapsed = () => {
    setCaptcha('unsolved');
    setCaptchaError(rm.captchaRequired);
    setCaptchaRound((n) => n + 1);
  };

  return (
    <StepCard
      title="Agreements"
      description={`Please read and accept the following before you ${props.submitLabel === 'Next' ? 'go on to the checkout' : 'submit your registration'}.`}
      step={props.step}
      onBack={props.onBack}
      backDisabled={props.submitting}
      action={
        <Button size="lg" onClick={submit} loading={props.submitting} disabled={captcha === 'verifying'} className="sm:min-w-36">
          {props.submitLabel ?? 'Submit'}
        </Button>
      }
    >
      <div ref={fields} className="flex flex-col gap-6">
        <ErrorBox message={props.error} onDismiss={props.onDismissError} variant="registration" />
        {agreements.map((a) => {
          const e = errors[a.AgreementID] ?? {};
          return (
            <section key={a.AgreementID} aria-labelledby={`agreement-${a.AgreementID}`} className="flex flex-col gap-4 rounded-xl border border-line p-4 sm:p-5">
              <h2 id={`agreement-${a.AgreementID}`} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-ink">
                {a.Name}
                {a.pivot.Required ? null : <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-soft">Optional</span>}
              </h2>
              <AgreementText text={a.AgreementText} />
              {a.RequiresSignature ? (
                <div data-invalid={e.signature ? true : undefined}>
                  {signAgain.has(a.AgreementID) && !signatures[a.AgreementID] ? (
                    <p className="mb-2 rounded-lg border border-primary-line bg-primary-tint px-3.5 py-2 text-sm text-ink">{rm.signAgain(a.Name)}</p>
                  ) : null}
                  <SignaturePad
                    initial={props.initialSignatures?.[a.AgreementID] ?? null}
                    onChange={(signature) => setSignatures((s) => ({ ...s, [a.AgreementID]: signature }))}
                    signerHint={props.signerName}
                    error={e.signature}
                  />
                </div>
              ) : null}
              <div data-invalid={e.agree ? true : undefined}>
                <CheckboxField
                  label={am.agreeLabel(a.Name)}
                  checked={agreed[a.AgreementID] === true}
                  aria-invalid={e.agree ? true : undefined}
                  aria-describedby={e.agree ? `${agreeErrorId}-${a.AgreementID}` : undefined}
                  onChange={(ev) => onAgreedChange(a.AgreementID, ev.target.checked)}
                />
                {e.agree ? (
                  <p id={`${agreeErrorId}-${a.AgreementID}`} className="text-sm font-medium text-danger">
                    {e.agree}
                  </p>
                ) : null}
              </div>
            </section>
          );
        })}
        {marketingQuestion ? (
          <div data-invalid={marketingError ? true : undefined} className="rounded-xl border border-line p-4 sm:p-5">
            <fieldset aria-describedby={marketingError ? `${marketingId}-error` : undefined} className="flex flex-col gap-3">
              <legend className="mb-3 text-base font-semibold text-ink">{marketingQuestion}</legend>
              <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
                {[
                  { value: true, label: 'Yes' },
                  { value: false, label: 'No' },
                ].map((option) => (
                  <label
                    key={option.label}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border px-3.5 text-sm font-medium text-ink has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/25',
                      marketing === option.value ? 'border-primary bg-primary-tint' : marketingError ? 'border-danger' : 'border-line-strong',
                    )}
                  >
                    <input
                      type="radio"
                      name={marketingId}
                      aria-describedby={marketingError ? `${marketingId}-error` : undefined}
                      className="size-4 shrink-0 accent-primary"
                      checked={marketing === option.value}
                      onChange={() => onMarketingChange(option.value)}
                    />
                    {option.label}
                  </label>
                ))}
              </div>
              {marketingError ? (
                <p id={`${marketingId}-error`} className="text-sm font-medium text-danger">
                  {marketingError}
                </p>
              ) : null}
            </fieldset>
          </div>
        ) : null}
        {showCaptcha ? (
          <div data-invalid={tried && captcha !== 'verified' && captchaError ? true : undefined}>
            <CaptchaCheck resetKey={captchaRound} error={captchaError} onSolved={solved} />
          </div>
        ) : null}
      </div>
    </StepCard>
  );
}
