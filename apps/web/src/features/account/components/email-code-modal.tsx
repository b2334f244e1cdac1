import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeCodeFormSchema, myDetailsMessages as dm } from '@portal/shared/my-details-schemas';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { showServerErrors } from '@/lib/server-field-errors';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { CodeField } from '@/components/forms/code-field';

/**
 * K9: the code step of an e-mail change. The code is required ("Code is required") and travels
 * as a number with the token update-details answered (S17).
 */
export function EmailCodeModal({ token, message, onClose, onConfirmed }: { token: string; message: string; onClose: () => void; onConfirmed: (message: string) => void }) {
  const confirm = useConfirmEmailChange();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<{ email_code: string }>({ resolver: zodResolver(emailChangeCodeFormSchema), mode: 'onTouched', defaultValues: { email_code: '' } });

  const submit = handleSubmit(({ email_code }) => {
    setError(null);
    confirm.mutate(
      { email_token: token, email_code: Number(email_code) },
      {
        onSuccess: (answer) => onConfirmed(answer.message || dm.emailChanged),
        onError: (e) => setError(showServerErrors(e, setFieldError, ['email_code'])),
      },
    );
  });

  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title="Confirm your new email" description={message} size="sm">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorBox message={error} onDismiss={() => setError(null)} />
        <CodeField data-autofocus error={errors.email_code?.message} {...register('email_code')} />
        <Button type="submit" size="lg" fullWidth loading={confirm.isPending}>
          Confirm email
        </Button>
        <Button variant="ghost" fullWidth onClick={onClose} disabled={confirm.isPending}>
          Not now
        </Button>
      </form>
    </Modal>
  );
}
