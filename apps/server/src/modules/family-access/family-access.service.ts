import {
  guardianMessages,
  INVITATION_DAYS,
  roleLabels,
  type FamilyAccessAnswer,
  type GuardianRole,
  type InvitationInfo,
  type OwnAccessAnswer,
  type InviteGuardianInput,
  type AcceptInvitationInput,
} from '@portal/shared/guardian-schemas';
import type { Ctx, Guardian, RequestCtx } from '../../context.ts';
import { publicOrigin } from '../../config/env.ts';
import { isCompanyActive, type Company } from '../../domain/company.ts';
import { isUniqueViolationOf } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { createSignIn, hasSignIn, inviteeSignIn } from '../accounts/accounts.api.ts';
import { recordActivity } from '../activity/activity.api.ts';
import { companyBrand, findCompanyById } from '../company/company.api.ts';
import { renderMail } from '../messaging/messaging.api.ts';
import * as repo from './family-access.repository.ts';

type HolderCtx = RequestCtx<Company, number>;

const scopeOf = (ctx: HolderCtx) => ({ companyId: ctx.company.id, clientId: ctx.clientId });
const invalid = () => new AppError(422, 'INVITATION_INVALID', guardianMessages.invitationInvalid);
const notFound = () => new AppError(404, 'NOT_FOUND', 'Not found');
const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;

/** The family's guardians and its invitations still waiting for an answer. */
export async function listFamilyAccess(ctx: HolderCtx, message?: string): Promise<FamilyAccessAnswer> {
  const scope = scopeOf(ctx);
  const [guardians, invitations] = await Promise.all([repo.findGuardians(ctx.db, scope), repo.findPendingInvitations(ctx.db, scope, nowIso(ctx.clock.now()))]);
  return {
    success: true,
    ...(message ? { message } : {}),
    guardians: guardians.map((g) => ({ id: g.id, first_name: g.first_name, last_name: g.last_name, email: g.email, role: g.role, since: g.created_at })),
    invitations,
  };
}

/** Whoever is signed in, as themselves: a guardian's own name and sign-in address, or the holder's. */
export async function ownAccess(ctx: HolderCtx): Promise<OwnAccessAnswer> {
  const scope = scopeOf(ctx);
  const own = ctx.guardian ? await repo.findGuardianContact(ctx.db, scope, ctx.guardian.id) : await repo.findHolder(ctx.db, scope);
  if (!own) throw notFound();
  return { success: true, name: fullName(own).trim(), email: own.email, role: ctx.guardian?.role ?? 'holder' };
}

/**
 * Invites another adult to the family: an e-mailed link that works once, for INVITATION_DAYS.
 * Inviting the same address again replaces the unanswered invitation (the old link stops working).
 */
export async function inviteGuardian(ctx: HolderCtx, input: Required<InviteGuardianInput>): Promise<FamilyAccessAnswer> {
  const scope = scopeOf(ctx);
  const holder = await repo.findHolder(ctx.db, scope);
  if (!holder) throw notFound();
  if (holder.email === input.email) throw new AppError(422, 'INVITE_SELF', guardianMessages.inviteSelf);
  if (await repo.findGuardianByEmail(ctx.db, scope, input.email)) throw new AppError(409, 'ALREADY_GUARDIAN', guardianMessages.alreadyGuardian);
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    await repo.replaceInvitation(tx.db, {
      ...scope,
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role,
      tokenHash: hashToken(token),
      createdAt: nowIso(now),
      expiresAt: addMinutes(now, INVITATION_DAYS * 24 * 60).toISOString(),
    });
    await recordActivity(tx, { ...scope, kind: 'guardian', summary: `Invited ${input.first_name} ${input.last_name} (${input.email}) as ${roleLabels[input.role].toLowerCase()}` });
  });
  const company = ctx.company.settings;
  const name = company.CompanyDisplayName;
  const mail = renderMail(
    company,
    [
      `Hi ${input.first_name},`,
      `${fullName(holder)} has invited you to their family's ${name} Customer Hub as a ${roleLabels[input.role].toLowerCase()}, with your own sign-in.`,
      `The link works once and expires in ${INVITATION_DAYS} days. If you were not expecting it, you can ignore this e-mail.`,
    ],
    // The link names its company (`id`, as /ocr and /ob links do), so the page opens in the company's branding.
    { label: 'Accept the invitation', url: `${publicOrigin(ctx.env)}/join-family?token=${encodeURIComponent(token)}&id=${ctx.company.customerId}` },
  );
  // A reply reaches the holder who sent it.
  ctx.mailer.queue({ companyId: ctx.company.id, to: input.email, replyTo: holder.email, subject: `${fullName(holder)} invited you to ${name}`, ...mail, secrets: [token] });
  return listFamilyAccess(ctx, guardianMessages.invited(input.email));
}

export async function withdrawInvitation(ctx: HolderCtx, id: number): Promise<FamilyAccessAnswer> {
  if (!(await repo.deleteInvitation(ctx.db, scopeOf(ctx), id))) throw notFound();
  return listFamilyAccess(ctx, guardianMessages.invitationWithdrawn);
}

/** A new role, in force from the guardian's next request. */
export async function changeRole(ctx: HolderCtx, id: number, role: GuardianRole): Promise<FamilyAccessAnswer> {
  const scope = scopeOf(ctx);
  const guardian = await repo.findGuardian(ctx.db, scope, id);
  if (!guardian) throw notFound();
  if (guardian.role !== role) {
    await ctx.transaction(async (tx) => {
      await repo.updateRole(tx.db, scope, id, role);
      await recordActivity(tx, {
        ...scope,
        kind: 'guardian',
        summary: `${fullName(guardian)} is now a ${roleLabels[role].toLowerCase()}`,
        changes: [{ field: 'Role', from: roleLabels[guardian.role], to: roleLabels[role] }],
      });
    });
  }
  return listFamilyAccess(ctx, guardianMessages.roleChanged(fullName(guardian), role));
}

/** Ends the guardian's access: their sessions end with it, so their next request is signed out. */
export async function revokeGuardian(ctx: HolderCtx, id: number): Promise<FamilyAccessAnswer> {
  const scope = scopeOf(ctx);
  const guardian = await repo.findGuardian(ctx.db, scope, id);
  if (!guardian) throw notFound();
  await ctx.transaction(async (tx) => {
    await repo.deleteGuardian(tx.db, scope, id);
    await recordActivity(tx, { ...scope, kind: 'guardian', summary: `Removed the access of ${fullName(guardian)}` });
  });
  return listFamilyAccess(ctx, guardianMessages.revoked(fullName(guardian)));
}

/** An invitation that can still be answered, with its company; anything else is the one refusal. */
async function usableInvitation(ctx: Ctx, token: string) {
  const invitation = await repo.findInvitationByHash(ctx.db, hashToken(token));
  if (!invitation || invitation.accepted_at !== null || invitation.expires_at <= nowIso(ctx.clock.now())) throw invalid();
  const company = await findCompanyById(ctx, invitation.company_id);
  if (!company || !isCompanyActive(company)) throw invalid();
  return { invitation, company };
}

/** What the invitation's page shows: who invites whom to what, and whether the address already signs in there. */
export async function describeInvitation(ctx: Ctx, token: string): Promise<InvitationInfo> {
  const { invitation, company } = await usableInvitation(ctx, token);
  const scope = { companyId: company.id, clientId: invitation.client_id };
  const holder = await repo.findHolder(ctx.db, scope);
  if (!holder) throw invalid();
  return {
    success: true,
    company: company.settings.CompanyDisplayName,
    customer_id: company.customerId,
    brand: companyBrand(company),
    family: `${holder.last_name} family`,
    invited_by: fullName(holder),
    email: invitation.email,
    role: invitation.role,
    student_term: company.settings.StudentTerm,
    has_sign_in: await hasSignIn(ctx, company.id, invitation.email),
  };
}

/**
 * Answers the invitation (decision 101): with the address's password where it already signs in at
 * the company, otherwise with a new one. The invitation is claimed once under a conditional update,
 * so two answers at once make one guardian; the caller signs the browser in as that guardian.
 */
export async function acceptInvitation(ctx: Ctx, token: string, answer: AcceptInvitationInput): Promise<{ company: Company; clientId: number; guardian: Guardian }> {
  try {
    return await claimInvitation(ctx, token, answer);
  } catch (err) {
    // A new address answering two families' invitations at once: the other answer made its sign-in
    // first, so this one is answered again with that sign-in's password (the same person's, typed twice).
    if (!isUniqueViolationOf(err, 'logins')) throw err;
    return claimInvitation(ctx, token, answer);
  }
}

async function claimInvitation(ctx: Ctx, token: string, answer: AcceptInvitationInput): Promise<{ company: Company; clientId: number; guardian: Guardian }> {
  const { invitation, company } = await usableInvitation(ctx, token);
  const signIn = await inviteeSignIn(ctx, company.id, invitation.email, answer);
  const now = nowIso(ctx.clock.now());
  const scope = { companyId: company.id, clientId: invitation.client_id };
  return ctx.transaction(async (tx) => {
    if (!(await repo.claimInvitation(tx.db, invitation.id, hashToken(token), now))) throw invalid();
    const loginId = signIn.loginId ?? (await createSignIn(tx, company.id, invitation.email, signIn.passwordHash));
    const id = await repo.upsertGuardian(tx.db, { ...scope, loginId, role: invitation.role, firstName: invitation.first_name, lastName: invitation.last_name, createdAt: now });
    const guardian: Guardian = { id, role: invitation.role, firstName: invitation.first_name, lastName: invitation.last_name };
    await recordActivity({ ...tx, guardian }, { ...scope, kind: 'guardian', summary: `${fullName(invitation)} accepted the invitation as ${roleLabels[invitation.role].toLowerCase()}` });
    return { company, clientId: invitation.client_id, guardian };
  });
}

/** A signed-in guardian's own name and address (Contact Us starts with them, so the office answers the one who asked). */
export async function guardianContact(ctx: Ctx, companyId: number, clientId: number, guardianId: number): Promise<{ name: string; email: string } | null> {
  const row = await repo.findGuardianContact(ctx.db, { companyId, clientId }, guardianId);
  return row ? { name: `${row.first_name} ${row.last_name}`.trim(), email: row.email } : null;
}
