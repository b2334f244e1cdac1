import { z } from 'zod';
import { messages as m } from './messages.ts';
import { PASSWORD_MIN } from './constants.ts';

/** No spaces, an @, and a dot in the domain (S1). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters, digits and these symbols only (U12). */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';
const symbolClass = PASSWORD_SYMBOLS.replace(/[\\\]^-]/g, '\\$&');
const PASSWORD_ALLOWED = new RegExp(`^[A-Za-z0-9${symbolClass}]+$`);
const HAS_SYMBOL = new RegExp(`[${symbolClass}]`);

export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid)
  .transform((v) => v.toLowerCase());

/** Longer than any real password; keeps a 1 MB body away from argon2. */
const PASSWORD_MAX = 128;

export const passwordField = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(PASSWORD_MAX, m.passwordRequired);

export function isComplexPassword(value: string): boolean {
  return PASSWORD_ALLOWED.test(value) && /[0-9]/.test(value) && HAS_SYMBOL.test(value);
}

export const newPasswordField = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN, m.passwordMin)
  .max(PASSWORD_MAX, m.passwordMax)
  .refine((v) => v.length > PASSWORD_MAX || isComplexPassword(v), m.passwordComplexity);

/** The confirmation on its own: required, and no longer than a password; checkConfirmation says the rest. */
export const confirmPasswordField = z.string({ error: m.confirmRequired }).min(1, m.confirmRequired).max(PASSWORD_MAX, m.confirmMax);

/**
 * The confirmation beside its password (S13–S15, X5; decision 077): one that differs from a
 * password typed says "Passwords do not match", whatever else it lacks, since the parent mistyped
 * one of the two; one that matches, or comes before any password, has the password's length and
 * complexity rules in "Confirm Password" words. The password's own problems show on its field.
 */
export function checkConfirmation(v: { password: string; confirm_password: string }, ctx: z.RefinementCtx): void {
  const confirm = v.confirm_password;
  // Empty or too long: the field has said so.
  if (confirm === '' || confirm.length > PASSWORD_MAX) return;
  const say = (message: string) => ctx.addIssue({ code: 'custom', path: ['confirm_password'], message });
  // With no password yet there is nothing to differ from: the confirmation's own rules apply.
  if (v.password !== '' && confirm !== v.password) say(m.passwordsDoNotMatch);
  else if (confirm.length < PASSWORD_MIN) say(m.confirmMin);
  else if (!isComplexPassword(confirm)) say(m.confirmComplexity);
}

/** Register modal names: the six forbidden characters of D1 (X3). */
const REGISTER_NAME_FORBIDDEN = /[\\<>=,"]/;
/** Names on every other form: the four of D2; a comma or " is allowed there (X3). */
export const FORM_NAME_FORBIDDEN = /[\\<>=]/;
function registerName(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(100, required)
    .refine((v) => !REGISTER_NAME_FORBIDDEN.test(v), m.nameForbidden);
}

export const loginSchema = z.object({ email: emailField, password: passwordField });
export type LoginInput = z.input<typeof loginSchema>;

export const companyCodeSchema = z.object({
  company_code: z.string({ error: m.companyCodeRequired }).trim().min(1, m.companyCodeRequired),
});
export type CompanyCodeInput = z.input<typeof companyCodeSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

const passwordPair = z.object({ password: newPasswordField, confirm_password: confirmPasswordField });

export const newPasswordSchema = passwordPair.superRefine(checkConfirmation);
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

export const registerSchema = passwordPair
  .extend({
    first_name: registerName(m.firstNameRequired),
    last_name: registerName(m.lastNameRequired),
    email: emailField,
  })
  .superRefine(checkConfirmation);
export type RegisterInput = z.input<typeof registerSchema>;

/** The 6-digit code, sent as a JSON number (S17, X25); blank or missing is "Code is required". */
export const codeField = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number({ error: m.codeRequired }).int(m.codeRequired).min(0, m.codeRequired).max(999_999, m.codeRequired));

export const registerCodeFormSchema = z.object({
  email_code: z
    .string()
    .trim()
    .min(1, m.codeRequired)
    // S19: a code is digits only.
    .regex(/^[0-9]+$/, m.numbersOnly),
});
