import { z } from 'zod';
import { emailField, FORM_NAME_FORBIDDEN, passwordField } from './auth-schemas.ts';
import { messages } from './messages.ts';
import { ERROR_MESSAGES } from './error-codes.ts';
import { companyBrandSchema } from './company-config.ts';

export * from './family-roles.ts';
import { GUARDIAN_ROLES, roleLabels, type GuardianRole } from './family-roles.ts';

/** Days an invitation's link works. */
export const INVITATION_DAYS = 7;

export const guardianMessages = {
  forbidden: ERROR_MESSAGES.ROLE_FORBIDDEN,
  /** Our words: a guardian's save that would move the family's address, said under the field. */
  emailHolderOnly: "Only the account holder can change the family's e-mail address.",
  /** Our words: a payer's My Details, where the family's details would be. */
  familyDetailsHolderOnly: "The family's address, phone numbers and other details are kept by the account holder.",
  /** Our words: a viewer's page of a child's record, shown and not offered for change. */
  readOnly: 'Your family access shows these details. The account holder or a co-parent can change them.',
  invited: (email: string) => `We have sent an invitation to ${email}.`,
  invitationInvalid: ERROR_MESSAGES.INVITATION_INVALID,
  inviteSelf: ERROR_MESSAGES.INVITE_SELF,
  alreadyGuardian: ERROR_MESSAGES.ALREADY_GUARDIAN,
  roleChanged: (name: string, role: GuardianRole) => `${name} is now a ${roleLabels[role].toLowerCase()}.`,
  revoked: (name: string) => `${name} no longer has access to your family.`,
  invitationWithdrawn: 'The invitation was withdrawn.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  roleRequired: 'Choose what they can do',
} as const;

/** A guardian's names follow the rule of every other form's names (S9). */
const nameField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(60, message)
    .refine((v) => !FORM_NAME_FORBIDDEN.test(v), messages.nameForbidden);
const roleField = z.enum(GUARDIAN_ROLES, { error: guardianMessages.roleRequired });

export const inviteGuardianSchema = z.object({
  first_name: nameField(guardianMessages.firstNameRequired),
  last_name: nameField(guardianMessages.lastNameRequired),
  email: emailField,
  role: roleField,
});
export type InviteGuardianInput = z.input<typeof inviteGuardianSchema>;

export const updateGuardianSchema = z.object({ role: roleField });

export const guardianSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string(), role: z.enum(GUARDIAN_ROLES), since: z.string() });
export const invitationSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string(), role: z.enum(GUARDIAN_ROLES), expires_at: z.string() });
export type Guardian = z.infer<typeof guardianSchema>;
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/customer/family-access and the answer of every change to it. */
export const familyAccessAnswerSchema = z.object({ success: z.literal(true), message: z.string().optional(), guardians: z.array(guardianSchema), invitations: z.array(invitationSchema) });
export type FamilyAccessAnswer = z.infer<typeof familyAccessAnswerSchema>;

/** GET /api/customer/family-access/me: who is signed in, with the address they sign in with, and as what. */
export const ownAccessAnswerSchema = z.object({ success: z.literal(true), name: z.string(), email: z.string(), role: z.enum(['holder', ...GUARDIAN_ROLES]) });
export type OwnAccessAnswer = z.infer<typeof ownAccessAnswerSchema>;

export const invitationTokenParams = z.object({ token: z.string().min(1).max(200) });

/** What the invitation's page shows before the invitee answers. */
export const invitationInfoSchema = z.object({
  success: z.literal(true),
  company: z.string(),
  /** The company's CustomerID, as the link's id= names it: two companies may show the same name. */
  customer_id: z.number(),
  /** That company's look, for its invitation's page: opening the link enters no company, so the one this browser is in stays. */
  brand: companyBrandSchema,
  family: z.string(),
  invited_by: z.string(),
  email: z.string(),
  role: z.enum(GUARDIAN_ROLES),
  /** That company's word for a student, for what the role allows: the page is shown before its portal is entered. */
  student_term: z.string(),
  /** The address already signs in at this company: the invitee enters that password instead of choosing one. */
  has_sign_in: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/**
 * The existing sign-in's password, or a new sign-in's with its confirmation (the server then
 * checks the pair as any new password: newPasswordServerSchema).
 */
export const acceptInvitationSchema = z.object({ password: passwordField, confirm_password: z.string().max(200).optional() });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;
