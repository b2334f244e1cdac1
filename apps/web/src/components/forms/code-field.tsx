import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerCodeFormSchema } from '@portal/shared/auth-schemas';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';

/** The form of one code box (`email_code`), checked as the server checks it; `focus` puts the cursor in the box. */
export function useCodeForm(focus: boolean) {
  const form = useForm<{ email_code: string }>({ resolver: zodResolver(registerCodeFormSchema), mode: 'onTouched', defaultValues: { email_code: '' } });
  const { setFocus } = form;
  useEffect(() => {
    if (focus) setFocus('email_code');
  }, [focus, setFocus]);
  return form;
}

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
