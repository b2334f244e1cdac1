import { useId } from 'react';
import type { PaymentMethod } from '@portal/shared/payment-schemas';
import type { RegistrationPaymentOption } from '@portal/shared/registration-schemas';
import { cn } from '@/lib/cn';

/** The spec's payment options and their values (T24, N27). */
const OPTIONS: { method: PaymentMethod; value: RegistrationPaymentOption; label: string }[] = [
  { method: 'card', value: 'credit_card', label: 'Credit/Debit Card' },
  { method: 'direct_debit', value: 'direct_debit', label: 'Direct Debit' },
];

/**
 * Card or direct debit, where both are offered (N27): nothing is chosen at first, and "Please
 * select an option" stands under the choice until one is; `invalid` shows it as an error (a
 * payment was tried without one).
 */
export function PaymentOptionField({ value, onChange, invalid = false }: { value: PaymentMethod | null; onChange: (method: PaymentMethod) => void; invalid?: boolean }) {
  const id = useId();
  const showError = invalid && value === null;
  return (
    <fieldset
      aria-describedby={value === null ? `${id}-hint` : undefined}
      data-invalid={showError ? true : undefined}
      className={cn('space-y-1 rounded-2xl border bg-surface px-4 py-3 shadow-xs', showError ? 'border-danger' : 'border-line')}
    >
      <legend className="px-1 text-sm font-semibold text-ink">Payment option</legend>
      {OPTIONS.map((option) => (
        <label key={option.value} className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input
            type="radio"
            name={id}
            value={option.value}
            checked={value === option.method}
            aria-describedby={value === null ? `${id}-hint` : undefined}
            onChange={() => onChange(option.method)}
            className="size-5 shrink-0 accent-primary"
          />
          {option.label}
        </label>
      ))}
      {value === null ? (
        <p id={`${id}-hint`} className={cn('text-sm', showError ? 'font-medium text-danger' : 'text-muted')}>
          Please select an option
        </p>
      ) : null}
    </fieldset>
  );
}
