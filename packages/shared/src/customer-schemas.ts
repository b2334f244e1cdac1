import { z } from 'zod';
import { GUARDIAN_ROLES } from './family-roles.ts';
import { codeField, emailField, forgotPasswordSchema, loginSchema } from './auth-schemas.ts';
import { idField } from './api-schemas.ts';
import { isSafeInternalPath } from './safe-path.ts';

/** The signed-in user; `Role` says whether they hold the family or were invited to it (decision 101). */
export const customerUserSchema = z.object({
  ClientID: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  total_barcodes: z.number(),
  Role: z.enum(['holder', ...GUARDIAN_ROLES]).optional(),
  /** How many other accounts the same sign-in opens at the company ("Switch account"); absent when none. */
  OtherAccounts: z.number().optional(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

export const SIGN_IN_ACTION_TYPES = ['AcceptAgreement', 'UpdateProfile', 'UpdateStudent', 'ChangePassword'] as const;
export const signInActionSchema = z.object({
  id: z.number(),
  type: z.enum(SIGN_IN_ACTION_TYPES),
  agreement_id: z.number().nullable(),
  student_id: z.number().nullable(),
});
export type SignInAction = z.infer<typeof signInActionSchema>;

export const clientAccountSchema = z.object({ ClientID: z.number(), FirstName: z.string(), LastName: z.string(), Role: z.enum(GUARDIAN_ROLES).optional() });
export type ClientAccount = z.infer<typeof clientAccountSchema>;

/** get-clients: the accounts these credentials may sign in to. */
export const clientsAnswerSchema = z.object({ success: z.literal(true), clients: z.array(clientAccountSchema) });
export type ClientsAnswer = z.infer<typeof clientsAnswerSchema>;

/** switch-account: another account of the signed-in sign-in, without its password again. */
export const switchAccountRequestSchema = z.object({ client_id: idField });

/** customer/login. */
export const loginAnswerSchema = z.object({
  success: z.literal(true),
  actions: z.array(signInActionSchema),
  user: customerUserSchema,
  server_redirect: z.string().optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** register: step one answers the token for the e-mailed code; step two signs the customer in. */
export const registerAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  emailToken: z.string().optional(),
  user: customerUserSchema.optional(),
  actions: z.array(signInActionSchema).optional(),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** check-if-changing-password. */
export const changingPasswordAnswerSchema = z.object({ success: z.literal(true), isChangingPassword: z.boolean() });
export type ChangingPasswordAnswer = z.infer<typeof changingPasswordAnswerSchema>;

/** get-sign-in-actions. */
export const signInActionsAnswerSchema = z.object({ success: z.literal(true), actions: z.array(signInActionSchema) });
export type SignInActionsAnswer = z.infer<typeof signInActionsAnswerSchema>;

/** customer/me: who is signed in. */
export const meAnswerSchema = z.object({ success: z.literal(true), user: customerUserSchema, actions: z.array(signInActionSchema) });
export type MeAnswer = z.infer<typeof meAnswerSchema>;

/** customer/session: whether this browser is signed in (a guest is an answer, not an error): no user and no actions for a guest. */
export const sessionAnswerSchema = meAnswerSchema.extend({ signedIn: z.boolean(), user: customerUserSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

// Requests. get-clients takes the sign-in form as it is (loginSchema).

/** Only a same-site path may come back as a redirect target; anything else is dropped, not refused. */
const safeRedirectField = z
  .string()
  .max(500)
  .optional()
  .transform((v) => (isSafeInternalPath(v) ? v : undefined));

/** The sign-in with the account chosen (client_id) when the address has several. */
export const customerLoginRequestSchema = loginSchema.extend({ client_id: idField.optional(), server_redirect: safeRedirectField });
export type CustomerLoginRequest = z.input<typeof customerLoginRequestSchema>;

// The register call has two steps on one path: the envelope only tells them apart, and
// the route parses each step with its own schema (the form's registerServerSchema, then this one).
export const registerRequestSchema = z.looseObject({ email_code: z.unknown().optional(), email_token: z.unknown().optional() });
export const registerCodeSchema = z.object({ email: emailField, email_code: codeField, email_token: z.string().min(10).max(200) });
export type RegisterCodeRequest = z.input<typeof registerCodeSchema>;

/** The reset link is built from `url` (a trusted origin's reset page). */
export const forgetPasswordRequestSchema = forgotPasswordSchema.extend({ url: z.string().max(2000).optional() });
export type ForgetPasswordRequest = z.input<typeof forgetPasswordRequestSchema>;

/** The reset token in the path of check-if-changing-password and reset-password. */
export const resetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
