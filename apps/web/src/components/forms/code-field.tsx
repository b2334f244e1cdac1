import { cn } from '@/lib/cn';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/**
 * The box for a 6-digit code mailed to the customer (registration, e-mail change, online
 * registration): numeric keyboard, the browser's one-time-code autofill, large spaced digits.
 */
export function CodeField({ className, ...props }: Omit<TextFieldProps, 'label' | 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return (
    <TextField
      label="Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className={cn('[&_input]:text-center [&_input]:text-2xl [&_input]:font-semibold [&_input]:tracking-[0.5em]', className)}
      {...props}
    />
  );
}
