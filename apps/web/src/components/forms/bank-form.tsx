import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BANK_CODE_LABELS, bankDetailsSchemaFor, type BankDetailsRequest, type BankFormat } from '@portal/shared/payment-schemas';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

/**
 * Bank details for direct debit in the company's format (K17): account name, the format's bank
 * code (BSB, sort code, routing number) and account number, checked as the server checks them.
 */
export function BankForm({
  format,
  busy,
  submitLabel,
  onSubmit,
  footer,
}: {
  format: BankFormat;
  busy: boolean;
  submitLabel: ReactNode;
  onSubmit: (values: BankDetailsRequest) => void;
  footer?: ReactNode;
}) {
  const schema = bankDetailsSchemaFor(format);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: { AccountName: '', BankCode: '', AccountNumber: '' } });
  const errors = formState.errors;
  return (
    <form noValidate onSubmit={handleSubmit((v) => onSubmit(v))} className="space-y-4" aria-label="Bank details">
      <TextField label="Account name" autoComplete="name" data-autofocus error={errors.AccountName?.message} {...register('AccountName')} />
      <TextField label={BANK_CODE_LABELS[format]} inputMode="numeric" error={errors.BankCode?.message} {...register('BankCode')} />
      <TextField label="Account number" inputMode="numeric" error={errors.AccountNumber?.message} {...register('AccountNumber')} />
      <div className="flex flex-wrap gap-3 pt-2">
        <Button type="submit" loading={busy} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
        {footer}
      </div>
    </form>
  );
}
