import { z } from 'zod';
import { idField } from './api-schemas.ts';
import { signInActionSchema } from './customer-schemas.ts';

export const signInActionMessages = {
  /** The answer to a customer call made while sign-in actions are pending (decision 021). */
  pending: 'Please complete the steps on the sign-in page first.',
  updateProfileTitle: 'Update Your Details',
  profileUpdated: 'Profile updated',
  updateStudentTitle: (studentTerm: string) => `Update ${studentTerm}`,
  setPasswordTitle: 'Set Password',
} as const;

/** ocr-sign-in-actions (R21, L13): an existing client signing in during registration. */
export const ocrSignInActionsSchema = z.object({
  client_id: idField,
  profile_id: idField.nullish(),
  from_ocr: z.boolean().default(true),
});
export const ocrSignInActionsAnswerSchema = z.object({ success: z.literal(true), actions: z.array(signInActionSchema) });
export type OcrSignInActionsAnswer = z.infer<typeof ocrSignInActionsAnswerSchema>;
