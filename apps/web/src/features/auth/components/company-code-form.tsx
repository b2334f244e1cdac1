import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CompanyCodeInput } from '@portal/shared/auth-schemas';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { showServerErrors } from '@/lib/server-field-errors';
import { lazyResolver } from '@/lib/lazy-resolver';

const resolver = lazyResolver<CompanyCodeInput, { company_code: string }>(async () => {
  const [{ zodResolver }, { companyCodeSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@portal/shared/auth-schemas')]);
  return zodResolver(companyCodeSchema);
});

/** `focus`: the box takes the focus as the form appears (the landing's Forgot password? before any company). */
export function CompanyCodeForm({ onSubmit, focus = false }: { onSubmit: (code: string) => Promise<void>; focus?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyCodeInput, unknown, { company_code: string }>({
    resolver,
    mode: 'onTouched',
    defaultValues: { company_code: '' },
  });

  useEffect(() => {
    if (focus) setFocus('company_code');
  }, [focus, setFocus]);

  const submit = handleSubmit(async ({ company_code }) => {
    setError(null);
    try {
      await onSubmit(company_code);
    } catch (e) {
      setError(showServerErrors(e, setFieldError, ['company_code']));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <TextField
        label="Company Code"
        autoComplete="organization"
        autoCapitalize="characters"
        spellCheck={false}
        hint="You’ll find it in the welcome e-mail or on your school’s website."
        error={errors.company_code?.message}
        {...register('company_code')}
      />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        Find company
      </Button>
    </form>
  );
}
