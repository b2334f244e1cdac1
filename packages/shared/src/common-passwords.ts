import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';
import { messages as m } from './messages.ts';
import { newPasswordSchema, registerSchema } from './auth-schemas.ts';
import { changePasswordSchema } from './my-details-schemas.ts';

/**
 * The most common passwords of the public breach corpora (zxcvbn's ranked list, about 49,000
 * entries). Kept out of the form schemas the landing page loads: the server checks it, and a
 * page that wants to check early imports this module lazily.
 */
let common: Set<string> | undefined;

/**
 * Whether a password is on the list, ignoring case and symbols appended at the end: the
 * composition rule turns "password1" into "Password1!", which is just as guessable.
 */
export function isCommonPassword(value: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  const lower = value.toLowerCase();
  return common.has(lower) || common.has(lower.replace(/[^a-z0-9]+$/, ''));
}

const refuseCommon = (value: { password: string }, ctx: z.RefinementCtx) => {
  if (isCommonPassword(value.password)) ctx.addIssue({ code: 'custom', message: m.passwordCommon, path: ['password'] });
};

/** The new-password form with the list check: what the server parses. */
export const newPasswordServerSchema = newPasswordSchema.superRefine(refuseCommon);
/** The register form with the list check: what the server parses. */
export const registerServerSchema = registerSchema.superRefine(refuseCommon);
/** The change-password form (current password, new one) with the list check: what the server parses. */
export const changePasswordServerSchema = changePasswordSchema.superRefine(refuseCommon);
