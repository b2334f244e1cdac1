import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGE_REPLY_MAX, messageReplyFormSchema, messageReplyMessages, type MessageReplyForm } from '@portal/shared/message-schemas';
import { TextareaField } from '@/components/forms/textarea-field';
import { useLeaveGuard } from '@/components/forms/leave-guard';
import { KeptDraftNote, useKeptDraft } from '@/components/forms/kept-draft';

const unsentReply = { title: 'Leave without sending?', description: 'Your reply has not been sent.' };
const REPLY_KEPT = ['body'] as const;
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { QueryError } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';

import { newIdempotencyKey, outcomeUnknown } from '@/lib/payment-attempt';
import { showServerErrors } from '@/lib/server-field-errors';
import { SendIcon } from 'lucide-react';
import { useMessageReplies } from '../api/get-message-replies';
import { useSendMessageReply } from '../api/send-message-reply';

interface MessageRepliesProps {
  messageId: number;
  companyName: string;
  /** An instant in the company's date format and time zone. */
  formatWhen: (instant: string) => string;
  /** The level of the thread's heading: one below the message's title. */
  headingLevel: 2 | 3;
}

/** A message's thread under it (decision 078): the family's replies, oldest first, and the form to send one. */
export function MessageReplies({ messageId, companyName, formatWhen, headingLevel }: MessageRepliesProps) {
  const thread = useMessageReplies(messageId);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const replies = thread.data?.replies ?? [];

  return (
    <section aria-labelledby={`replies-${messageId}`} className="rounded-2xl border border-line bg-surface px-5 py-5 shadow-sm sm:px-8 sm:py-6">
      <Heading id={`replies-${messageId}`} className="text-base font-semibold text-ink">
        {replies.length > 0 ? `Replies (${replies.length})` : 'Reply'}
      </Heading>
      {thread.isPending ? (
        <div className="flex justify-center py-6 text-primary-ink">
          <Spinner label="Loading replies" />
        </div>
      ) : thread.isLoadingError ? (
        <QueryError query={thread} />
      ) : (
        <>
          {replies.length > 0 ? (
            <ol aria-label="Replies" className="mt-4 space-y-3">
              {replies.map((r) => (
                <li key={r.CPMessageReplyID} className="rounded-xl border border-primary-line bg-primary-tint px-4 py-3">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                    <span className="text-sm font-semibold text-ink">{r.AuthorName}</span>
                    <time dateTime={r.CreatedTimestamp} className="text-xs text-muted">
                      {formatWhen(r.CreatedTimestamp)}
                    </time>
                  </p>
                  <p className="mt-1.5 text-[15px] leading-relaxed wrap-anywhere whitespace-pre-line text-ink">{r.Body}</p>
                </li>
              ))}
            </ol>
          ) : null}
          {thread.data.can_reply ? (
            <ReplyForm key={messageId} messageId={messageId} companyName={companyName} />
          ) : (
            <p className="mt-2 text-sm text-ink-soft">To answer this message, please contact {companyName} directly.</p>
          )}
        </>
      )}
    </section>
  );
}

function ReplyForm({ messageId, companyName }: { messageId: number; companyName: string }) {
  const send = useSendMessageReply();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  // One key per reply: the same words sent again (a lost answer) keep it, so the office gets them once.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const sending = useRef(false);
  const form = useForm<MessageReplyForm>({ resolver: zodResolver(messageReplyFormSchema), mode: 'onTouched', defaultValues: { body: '' } });
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isDirty },
  } = form;
  const draft = useKeptDraft(`reply:${messageId}`, form, REPLY_KEPT);
  // A reply put back that was on its way when the page closed goes again under its key: the office gets it once.
  const resumed = draft.restored?.sending ?? null;
  useEffect(() => {
    const body = messageReplyFormSchema.safeParse(form.getValues()).data?.body;
    if (resumed && body) attempt.current = { key: resumed, body };
  }, [resumed, form]);
  // A reply typed and not sent is asked about before the message is left.
  const leave = useLeaveGuard(isDirty, unsentReply);

  const submit = handleSubmit(async ({ body }) => {
    // A second press before the first answer sends nothing more.
    if (sending.current) return;
    sending.current = true;
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    draft.sending(attempt.current.key);
    try {
      await send.mutateAsync({ messageId, body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      // Still a sent form: leaving the emptied box does not mark it "Please write your reply".
      reset({ body: '' }, { keepIsSubmitted: true });
      setStatus(messageReplyMessages.sent);
    } catch (e) {
      // Refused, it was not sent; with no answer it may have been.
      if (!outcomeUnknown(e)) draft.sending(null);
      setError(showServerErrors(e, setFieldError, ['body']));
    } finally {
      sending.current = false;
    }
  });

  return (
    <form
      onSubmit={(e) => {
        // Every press starts afresh: the last answer never stands beside a new error.
        setStatus(null);
        setError(null);
        void submit(e);
      }}
      noValidate
      aria-label="Reply"
      className="mt-4 flex flex-col gap-3"
    >
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      {draft.restored ? <KeptDraftNote what="reply" restored={draft.restored} onDiscard={draft.discard} safeToResend /> : null}
      <TextareaField
        label="Your reply"
        rows={4}
        maxLength={MESSAGE_REPLY_MAX}
        hint={`Sent to ${companyName} by e-mail. They will answer at your e-mail address.`}
        error={errors.body?.message}
        {...register('body')}
      />
      {/* "Sent" above the button on a phone, where the thumb that pressed it is, not below it off the screen. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
        <StatusMessage message={status} onDismiss={() => setStatus(null)} className="sm:mr-auto" />
        <Button type="submit" loading={send.isPending} icon={<SendIcon aria-hidden="true" className="size-4" />} className="w-full sm:w-auto sm:min-w-36">
          Send reply
        </Button>
      </div>
      {leave.dialog}
    </form>
  );
}
