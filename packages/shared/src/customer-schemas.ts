import { z } from 'zod';

export const customerUserSchema = z.object({ ClientID: z.number(), FirstName: z.string(), LastName: z.string(), total_barcodes: z.number() });
export type CustomerUser = z.infer<typeof customerUserSchema>;

export const SIGN_IN_ACTION_TYPES = ['AcceptAgreement', 'UpdateProfile', 'UpdateStudent', 'ChangePassword'] as const;
export const signInActionSchema = z.object({
  id: z.number(),
  type: z.enum(SIGN_IN_ACTION_TYPES),
  agreement_id: z.number().nullable(),
  student_id: z.number().nullable(),
});
export type SignInAction = z.infer<typeof signInActionSchema>;

export const clientAccountSchema = z.object({ ClientID: z.number(), FirstName: z.string(), LastName: z.string() });
export type ClientAccount = z.infer<typeof clientAccountSchema>;

/** get-clients: the accounts these credentials may sign in to. */
export const clientsAnswerSchema = z.object({ success: z.literal(true), clients: z.array(clientAccountSchema) });
export type ClientsAnswer = z.infer<typeof clientsAnswerSchema>;

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
