import type { EndpointDefinition } from './endpoint.ts';

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
 * - `family-details`: the family's own details (the holder's name, address, phones and notes), read
 *   by those who may change them (decision 124);
 * - `own`: the caller's own things (their password, read receipts, opt-outs, push devices);
 * - `family`: changes to the family (details, students, enrolments, bookings, agreements, replies);
 * - `money`: financials, billing details, the cart and payments;
 * - `holder`: family access itself, the family's data download and its deletion.
 */
export const ACCESS_KINDS = ['read', 'family-read', 'family-details', 'own', 'family', 'money', 'holder'] as const;
export type Access = (typeof ACCESS_KINDS)[number];

export const ROLE_ACCESS: Record<FamilyRole, readonly Access[]> = {
  holder: ACCESS_KINDS,
  'co-parent': ['read', 'family-read', 'family-details', 'own', 'family', 'money'],
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

/** What a notice of each category is about, so a guardian hears only of what their role sees: a payer of money, a viewer of the children. */
const CATEGORY_ACCESS: Record<string, Access> = { classes: 'family-read', absences: 'family-read', bookings: 'family-read', invoices: 'money', news: 'read' };

export function roleHears(role: FamilyRole, category: string): boolean {
  return ROLE_ACCESS[role].includes(CATEGORY_ACCESS[category] ?? 'read');
}

/** The notice categories a role does not hear of: left out of its bell, its list and its e-mail. */
export function categoriesUnheard(role: FamilyRole): string[] {
  return Object.keys(CATEGORY_ACCESS).filter((category) => !roleHears(role, category));
}

export const roleLabels: Record<FamilyRole, string> = { holder: 'Account holder', 'co-parent': 'Co-parent', payer: 'Payer', viewer: 'Viewer' };
/**
 * What each guardian role may do, read by the holder inviting and by the one invited (so said of
 * neither "you"), in the company's own word for a student (its StudentTerm, "Student" when unset).
 */
export function roleDescription(role: GuardianRole, studentTerm: string): string {
  const students = `${(studentTerm.trim() || 'Student').toLowerCase()}s`;
  const descriptions: Record<GuardianRole, string> = {
    'co-parent': 'Everything the account holder can do, except managing family access.',
    payer: `Financials, billing details and payments; sees the ${students}' names and the messages.`,
    viewer: `Sees schedules, ${students} and messages; changes nothing and pays nothing.`,
  };
  return descriptions[role];
}
