import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

const PASSWORD_HINT = 'At least 8 characters, with a number and a special character.';

type PasswordPair = { password: string; confirm_password: string };

/**
 * The new password and its confirmation, as every form that sets a password shows them (the
 * register form, K13 Login & Security, L8 Set Password, M7 reset): show/hide toggles, the rules
 * of group S as the hint, each field's message under it, and the confirmation checked again
 * whenever the password changes once it has been touched (S16, D1 §5). The form's schema holds
 * the rules; this part holds what the customer sees of them.
 */
export function PasswordFields<T extends PasswordPair>({ form, passwordLabel }: { form: UseFormReturn<T, unknown, T>; passwordLabel: string }) {
  // Only the two fields every such form has are touched here.
  const {
    register,
    trigger,
    getFieldState,
    formState: { errors },
  } = form as unknown as UseFormReturn<PasswordPair, unknown, PasswordPair>;
  const password = register('password', {
    onChange: () => {
      if (getFieldState('confirm_password').isTouched) void trigger('confirm_password');
    },
  });
  return (
    <>
      <TextField label={passwordLabel} type="password" revealable autoComplete="new-password" hint={PASSWORD_HINT} error={errors.password?.message} {...password} />
      <TextField label="Confirm Password" type="password" revealable autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
    </>
  );
}
