import { z } from 'zod';
import { checkConfirmation, codeField, confirmPasswordField, newPasswordField } from './auth-schemas.ts';
import { idField } from './api-schemas.ts';
import { GENDER_TYPES } from './form-engine/form-types.ts';
import { messages as m } from './messages.ts';

/**
 * My details, the e-mail change and Login & Security (K6–K13, K25, R12, R13, R20, R94;
 * decision 020). The customer form itself is the form engine's (form-engine/form-schema.ts); these are the
 * answers around it and the calls the spec leaves without a shape.
 */

/** Texts of these screens that the spec leaves to us. */
export const myDetailsMessages = {
  profileUpdated: 'Profile updated',
  codeSent: (email: string) => `We have sent a 6-digit code to ${email}. Enter it to confirm your new email address.`,
  emailChanged: 'Your email address has been changed',
  emailChangeSameAddress: 'This is already your email address',
  regIdLocked: 'Registration ID cannot be changed',
  passwordChanged: 'Your password has been changed',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordUnchanged: 'The new password must be different from your current password',
  codeInvalid: 'The code is incorrect or has expired',
  codeTooManyTries: 'Too many incorrect codes. Please change your email again to get a new code.',
} as const;

const nullableText = z.string().nullable();
const locationSchema = z.object({ Suburb: nullableText, State: nullableText, Postcode: nullableText });

export const customFieldValueSchema = z.object({
  CustomFieldID: z.number().int(),
  CustomFieldItemID: z.number().int().nullable(),
  FieldValue: z.string().nullable(),
});

/**
 * The customer record with the second document's field names (K25). Each custom field's value
 * is also under custom_field_{id}, as the form keys it (T43).
 */
export const customerRecordSchema = z.looseObject({
  ClientID: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  RegID: nullableText,
  GenderType: z.enum(GENDER_TYPES).nullable(),
  GenderOther: nullableText,
  /** The first letter of GenderType (S30). */
  Gender: z.enum(['M', 'F', 'N', 'O']).nullable(),
  PhoneHome: nullableText,
  PhoneWork: nullableText,
  PhoneMobile: nullableText,
  PhoneMobile2: nullableText,
  Email: z.string(),
  Email2: nullableText,
  Fax: nullableText,
  Address1: nullableText,
  Address2: nullableText,
  Suburb: nullableText,
  State: nullableText,
  Postcode: nullableText,
  location: locationSchema,
  BillingAddrSame: z.boolean(),
  BillingAddress1: nullableText,
  BillingAddress2: nullableText,
  BillingSuburb: nullableText,
  BillingState: nullableText,
  BillingPostcode: nullableText,
  billing_location: locationSchema,
  Notes: nullableText,
  CustomFieldValues: z.array(customFieldValueSchema),
  /** A new address waiting for its code (decision 020); null when none is. */
  PendingEmail: nullableText,
  /** The version of the details (decision 145): a save names it in If-Match. */
  Version: z.number().int(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/** GET /api/customer/get-details: the signed-in customer's record (K6; path not given by the spec). */
export const customerDetailsAnswerSchema = z.object({ success: z.literal(true), client: customerRecordSchema });
export type CustomerDetailsAnswer = z.infer<typeof customerDetailsAnswerSchema>;

const formText = z.union([z.string(), z.number()]).nullish();
/**
 * What update-details takes (R12): the customer form's values under the record's names. The
 * company's form configuration decides which of them count and their rules (K7, S60); this
 * describes them for the API document and refuses nothing the form engine would take.
 */
export const updateDetailsBodySchema = z.looseObject({
  /** Only the signed-in customer's own id; any other is not found. */
  ClientID: idField.optional(),
  FirstName: formText,
  LastName: formText,
  RegID: formText,
  GenderType: formText,
  GenderOther: formText,
  PhoneHome: formText,
  PhoneWork: formText,
  PhoneMobile: formText,
  PhoneMobile2: formText,
  Email: formText,
  Email2: formText,
  Fax: formText,
  Address1: formText,
  Address2: formText,
  Suburb: formText,
  State: formText,
  Postcode: formText,
  BillingAddrSame: z.boolean().nullish(),
  BillingAddress1: formText,
  BillingAddress2: formText,
  BillingSuburb: formText,
  BillingState: formText,
  BillingPostcode: formText,
  Notes: formText,
  // Empty values come as "" (S27) or, from older clients, null.
  CustomFieldValues: z
    .union([
      z.array(z.looseObject({ CustomFieldID: z.number(), CustomFieldItemID: z.union([z.number(), z.literal('')]).nullish(), FieldValue: z.union([z.string(), z.number()]).nullish() })).max(200),
      z.literal(''),
    ])
    .optional(),
});

/** update-details: the saved record; emailToken when a new e-mail address waits for its code (K8, K9). */
export const updateDetailsAnswerSchema = z.object({
  success: z.literal(true),
  updatedClient: customerRecordSchema,
  emailToken: z.string().optional(),
  message: z.string(),
});
export type UpdateDetailsAnswer = z.infer<typeof updateDetailsAnswerSchema>;

/** POST /api/customer/confirm-email-change (R94): the e-mailed code, as a number, with its token (K9, S17). */
export const confirmEmailChangeSchema = z.object({ email_token: z.string().min(10).max(200), email_code: codeField });
export type ConfirmEmailChangeInput = z.input<typeof confirmEmailChangeSchema>;
export const confirmEmailChangeAnswerSchema = z.object({ success: z.literal(true), updatedClient: customerRecordSchema, message: z.string() });
export type ConfirmEmailChangeAnswer = z.infer<typeof confirmEmailChangeAnswerSchema>;

/** The code field of the e-mail change step: required, digits only (S17). */
export const emailChangeCodeFormSchema = z.object({
  email_code: z
    .string()
    .trim()
    .min(1, m.codeRequired)
    // S19: a code is digits only, as registration's (auth-schemas.ts).
    .regex(/^[0-9]{1,6}$/, m.numbersOnly),
});

/** GET /api/customer/generate-reg-id (R20, T32, U24). */
export const REG_ID_TYPES = ['customer', 'student'] as const;
export const generateRegIdQuerySchema = z.object({ type: z.enum(REG_ID_TYPES).default('customer') });
export const generateRegIdAnswerSchema = z.object({ success: z.literal(true), reg_id: z.string() });
export type GenerateRegIdAnswer = z.infer<typeof generateRegIdAnswerSchema>;

/** POST /api/customer/change-password (R13, U12): the current password, then the new one twice (S10–S15). */
export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: myDetailsMessages.currentPasswordRequired }).min(1, myDetailsMessages.currentPasswordRequired).max(128, myDetailsMessages.currentPasswordWrong),
    password: newPasswordField,
    confirm_password: confirmPasswordField,
  })
  .superRefine(checkConfirmation);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
