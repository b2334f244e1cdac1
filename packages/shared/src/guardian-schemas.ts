import { z } from 'zod';
import { emailField, passwordField } from './auth-schemas.ts';
import type { EndpointDefinition } from './endpoint.ts';
import { ERROR_MESSAGES } from './error-codes.ts';

/**
 * Family access (decision 101): the account holder signs in as the family's client; other adults
 * the holder invites sign in with their own e-mail and password, each with a role.
 */
export const GUARDIAN_ROLES = ['co-parent', 'payer', 'viewer'] as const;
export type GuardianRole = (typeof GUARDIAN_ROLES)[number];
/** Who is signed in: the holder, or an invited guardian in a role. */
export type FamilyRole = 'holder' | GuardianRole;

/**
 * What a customer endpoint touches, so one table says which role may call it. An endpoint says
 * its own (`access`); otherwise a read is `read` and any other call `family`.
 * - `read`: what every guardian sees (the portal's frame, students' names, notifications, messages);
 * - `family-read`: the children's records and schedules;
 * - `own`: the caller's own things (their password, read receipts, opt-outs, push devices);
 * - `family`: changes to the family (details, students, enrolments, bookings, agreements, replies);
 * - `money`: financials, billing details, the cart and payments;
 * - `holder`: family access itself, the family's data download and its deletion.
 */
export const ACCESS_KINDS = ['read', 'family-read', 'own', 'family', 'money', 'holder'] as const;
export type Access = (typeof ACCESS_KINDS)[number];

export const ROLE_ACCESS: Record<FamilyRole, readonly Access[]> = {
  holder: ACCESS_KINDS,
  'co-parent': ['read', 'family-read', 'own', 'family', 'money'],
  payer: ['read', 'own', 'money'],
  viewer: ['read', 'family-read', 'own'],
};

export function accessOf(endpoint: Pick<EndpointDefinition, 'method' | 'access'>): Access {
  return endpoint.access ?? (endpoint.method === 'GET' ? 'read' : 'family');
}

/** Whether someone signed in as `role` may call the endpoint (the server refuses the rest with 403 ROLE_FORBIDDEN). */
export function roleAllows(role: FamilyRole | undefined, endpoint: Pick<EndpointDefinition, 'method' | 'access'>): boolean {
  return ROLE_ACCESS[role ?? 'holder'].includes(accessOf(endpoint));
}

export const roleLabels: Record<FamilyRole, string> = { holder: 'Account holder', 'co-parent': 'Co-parent', payer: 'Payer', viewer: 'Viewer' };
export const roleDescriptions: Record<GuardianRole, string> = {
  'co-parent': 'Everything you can do, except managing family access.',
  payer: "Financials, billing details and payments; sees the students' names.",
  viewer: 'Sees schedules, students and messages; changes nothing and pays nothing.',
};

/** Days an invitation's link works. */
export const INVITATION_DAYS = 7;

export const guardianMessages = {
  forbidden: ERROR_MESSAGES.ROLE_FORBIDDEN,
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

const nameField = (message: string) => z.string({ error: message }).trim().min(1, message).max(60, message);
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

export const invitationTokenParams = z.object({ token: z.string().min(1).max(200) });

/** What the invitation's page shows before the invitee answers. */
export const invitationInfoSchema = z.object({
  success: z.literal(true),
  company: z.string(),
  family: z.string(),
  invited_by: z.string(),
  email: z.string(),
  role: z.enum(GUARDIAN_ROLES),
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
