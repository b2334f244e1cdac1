import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_LIMITS, contactFormSchema, contactMessages, type ContactForm, type ContactFormState } from '@portal/shared/contact-schemas';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { MessageModal } from '@/components/ui/message-modal';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/forms/textarea-field';
import { outcomeUnknown } from '@/lib/payment-attempt';
import { ApiRequestError } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-field-errors';
import { SendIcon } from 'lucide-react';
import { useSendContactMessage } from '../api/send-contact-message';
import { getContactFormQueryOptions } from '../api/get-contact-form';
import { CaptchaCheck, useCaptchaAnswer } from '@/components/forms/captcha-check';
import { unsentMessage, useLeaveGuard } from '@/components/forms/leave-guard';
import { KeptDraftNote, useKeptDraft } from '@/components/forms/kept-draft';

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
/** What a reload keeps of a message not sent: the rest is filled in again from the account. */
const KEPT = ['subject', 'message'] as const;
const empty: ContactForm = { name: '', email: '', phone: '', subject: '', message: '' };

/** A message the server took, with what was sent. */
type Answered = { values: ContactForm; message: string };

/**
 * The Contact Us form (P3, P5): filled in for a signed-in customer, a proof-of-work check for a
 * guest when the company asks for one, the success modal when the office has the message.
 */
export function ContactForm({ state, onSent }: { state: ContactFormState; onSent?: () => void }) {
  const send = useSendContactMessage();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  // The captcha's answer, waited for when Send comes while the widget still verifies.
  const captcha = useCaptchaAnswer((payload) => {
    if (payload) setCaptchaError(undefined);
  });
  const [captchaError, setCaptchaError] = useState<string | undefined>(undefined);
  const [captchaRound, setCaptchaRound] = useState(0);
  const initial: ContactForm = state.prefill ? { ...empty, ...state.prefill } : empty;
  const form = useForm<ContactForm>({ resolver: zodResolver(contactFormSchema), mode: 'onTouched', defaultValues: initial });
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const draft = useKeptDraft('contact', form, KEPT);
  // A message typed and not sent is asked about before the page is left.
  const leave = useLeaveGuard(isDirty, unsentMessage);

  // A sign-in on this page brings the customer's details, into the boxes not typed in; a session that ended
  // elsewhere (the form now a guest's) keeps everything typed, the message above all.
  const prefillKey = JSON.stringify(state.prefill);
  useEffect(() => {
    const prefill = JSON.parse(prefillKey) as ContactFormState['prefill'];
    if (prefill) reset({ ...empty, ...prefill }, { keepDirtyValues: true });
  }, [prefillKey, reset]);

  /** The server's answer to the message just sent, kept until the submission has ended. */
  const answered = useRef<Answered | null>(null);
  const deliver = handleSubmit(async (values) => {
    setError(null);
    const solution = state.captcha_required ? await captcha.answer() : undefined;
    if (state.captcha_required && !solution) {
      setCaptchaError(contactMessages.captchaRequired);
      return;
    }
    draft.sending('1');
    try {
      const answer = await send.mutateAsync({ ...values, ...(solution ? { captcha: solution } : {}) });
      answered.current = { values, message: answer.message };
    } catch (e) {
      // Refused, it was not sent; with no answer it may have been.
      if (!outcomeUnknown(e)) draft.sending(null);
      if (e instanceof ApiRequestError && e.code.startsWith('CAPTCHA_')) {
        setCaptchaError(e.message);
        // Signed out meanwhile (in another tab): the server asks a guest's check, which the form shows once asked again.
        if (!state.captcha_required) void queryClient.invalidateQueries({ queryKey: getContactFormQueryOptions().queryKey });
      } else setError(showServerErrors(e, setFieldError, FIELDS));
    } finally {
      // A solution is good for one message, sent or not: the next try solves a new one.
      if (state.captcha_required) setCaptchaRound((n) => n + 1);
    }
  });
  // Emptied and the dialog opened once the form counts as submitted: a box left now (the one that had
  // the focus, as the dialog takes it, or later) is checked only when changed, never shown "required" at once.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    answered.current = null;
    await deliver(event);
    // Set by the submission awaited just now (TypeScript still reads the null set before it).
    const done = answered.current as Answered | null;
    if (!done) return;
    reset({ ...done.values, subject: '', message: '' }, { keepIsSubmitted: true });
    setSent(done.message);
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Contact Us">
        <ErrorBox message={error} onDismiss={() => setError(null)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" autoComplete="name" maxLength={CONTACT_LIMITS.name} error={errors.name?.message} {...register('name')} />
          <TextField label="Email" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        </div>
        <TextField
          label={
            <>
              Phone <span className="font-normal text-muted">(optional)</span>
            </>
          }
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={CONTACT_LIMITS.phone}
          error={errors.phone?.message}
          {...register('phone')}
        />
        {draft.restored ? <KeptDraftNote what="message" restored={draft.restored} onDiscard={draft.discard} /> : null}
        <TextField label="Subject" maxLength={CONTACT_LIMITS.subject} error={errors.subject?.message} {...register('subject')} />
        <TextareaField label="Message" rows={6} maxLength={CONTACT_LIMITS.message} error={errors.message?.message} {...register('message')} />
        {state.captcha_required ? <CaptchaCheck resetKey={captchaRound} error={captchaError} onSolved={captcha.onSolved} /> : null}
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} icon={<SendIcon aria-hidden="true" className="size-4" />} className="w-full sm:w-auto sm:min-w-40">
            Send message
          </Button>
        </div>
      </form>
      {leave.dialog}
      <MessageModal
        open={sent !== null}
        tone="success"
        title="Message sent"
        message={sent}
        onClose={() => {
          setSent(null);
          onSent?.();
        }}
      />
    </>
  );
}
