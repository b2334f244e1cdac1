import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { cardFormSchema, formatExpiryInput, fullExpiryYear, type CardForm as CardFormValues } from '@portal/shared/payment-schemas';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { formatCardNumberInput } from '@/lib/card-number';
import { LockIcon } from 'lucide-react';

/** Short where the brand's name would crowd a phone's field ("Amex"), read in full. */
const SHORT_BRANDS: Record<string, string> = { 'American Express': 'Amex', 'Diners Club': 'Diners' };

function BrandName({ brand }: { brand: string }) {
  const short = SHORT_BRANDS[brand];
  if (!short) return brand;
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{brand}</span>
    </>
  );
}

/** A field of the expiry and security code pair: its label at the foot of the row they share. */
const pairedField = 'row-span-3 grid grid-rows-subgrid [&>label]:self-end';

export type CardDetails = { name: string; number: string; expiry: string; cvc: string };

/**
 * Card details for the gateway: name, number (grouped as the card prints it while typed, its brand
 * named beside it, digits only when sent), expiry MM/YYYY with the slash put in
 * after the month (K16, S18), a year of two digits read as 20YY, and security code. The parent sends them to the gateway's own
 * tokenisation route; they never reach the portal's API.
 */
export function CardForm({
  submitLabel,
  onSubmit,
  busy,
  children,
  footer,
  onInvalid,
}: {
  submitLabel: ReactNode;
  onSubmit: (card: CardDetails) => void | Promise<void>;
  /** Told when the button was pressed with card details that do not pass (a page checks its own fields with them). */
  onInvalid?: () => void;
  busy?: boolean;
  /** Extra fields under the card (a save-for-next-time box). */
  children?: ReactNode;
  /** Beside the submit button (Cancel). */
  footer?: ReactNode;
}) {
  const { register, handleSubmit, setValue, getValues, formState } = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', number: '', expiry: '', cvc: '' },
  });
  const errors = formState.errors;
  // Registered in the order they show: a Pay pressed with every field empty focuses the first.
  const name = register('name');
  const number = register('number');
  const expiry = register('expiry');
  const cvc = register('cvc');
  const [brand, setBrand] = useState<string | null>(null);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(
        (values) => onSubmit({ name: values.name.trim(), number: values.number.replace(/\s/g, ''), expiry: fullExpiryYear(values.expiry.trim()), cvc: values.cvc.trim() }),
        () => onInvalid?.(),
      )}
      className="space-y-4"
      aria-label="Card details"
    >
      <TextField label="Name on card" autoComplete="cc-name" data-autofocus error={errors.name?.message} {...name} />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={errors.number?.message}
        suffix={brand ? <BrandName brand={brand} /> : ''}
        {...number}
        onChange={(event) => {
          const input = event.target;
          const inputType = (event.nativeEvent as Partial<InputEvent>).inputType;
          const next = formatCardNumberInput(input.value, input.selectionStart ?? input.value.length, getValues('number'), inputType);
          setValue('number', next.value, { shouldValidate: formState.touchedFields.number === true });
          input.value = next.value;
          if (input.ownerDocument.activeElement === input) input.setSelectionRange(next.caret, next.caret);
          setBrand(next.brand);
        }}
      />
      {/* Label, box and message of the two fields share rows: a label that wraps on a narrow phone leaves both boxes level. */}
      <div className="grid grid-cols-2 gap-x-4">
        <TextField
          className={pairedField}
          label="Expiry (MM/YYYY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YYYY"
          maxLength={7}
          error={errors.expiry?.message}
          {...expiry}
          onChange={(event) => {
            const next = formatExpiryInput(event.target.value, getValues('expiry'));
            setValue('expiry', next, { shouldValidate: formState.touchedFields.expiry === true });
            event.target.value = next;
          }}
          onBlur={(event) => {
            // "12/30" as the card prints it reads "12/2030" once the field is left.
            const full = fullExpiryYear(event.target.value);
            if (full !== event.target.value) {
              setValue('expiry', full);
              event.target.value = full;
            }
            void expiry.onBlur(event);
          }}
        />
        <TextField className={pairedField} label="Security code" inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" maxLength={4} error={errors.cvc?.message} {...cvc} />
      </div>
      {children}
      <div className="flex flex-wrap items-center gap-3 pt-2">
        {/* Full width on a phone, as every other form's main button there. */}
        <Button type="submit" loading={busy} icon={<LockIcon aria-hidden="true" className="size-4" />} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
        {footer}
      </div>
    </form>
  );
}
