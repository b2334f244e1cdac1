import { DELETION_GRACE_DAYS, deletionMessages, type DeletionRequestAnswer } from '@portal/shared/deletion-schemas';
import { formatDate } from '@portal/shared/date-time-text';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { addMinutes, companyTimeZone, nowIso } from '../../lib/time.ts';
import { findClientEmail, renderMail } from '../messaging/messaging.api.ts';
import { recordActivity } from '../activity/activity.api.ts';
import { forgetClientAtProcessors } from '../payments/payments.api.ts';
import * as repo from './erasure.repository.ts';

/** What the family reads before asking (decision 097). */
const ERASED = [
  'Your details, your sign-in and your saved card or bank details',
  "Your children's details, pictures, skills and certificates",
  'Your form answers, messages, notifications, barcodes and calendar link',
];
const KEPT = ['Invoices, receipts and payments, which the company must keep by law', 'Attendance and signed agreements, kept without your names'];

type Row = NonNullable<Awaited<ReturnType<typeof repo.findOpenRequest>>>;
const answer = (row: Row | undefined): DeletionRequestAnswer => ({
  request: row ? { requestedAt: row.requested_at, eraseAfter: row.erase_after, confirmed: row.confirmed_at !== null } : null,
  erased: ERASED,
  kept: KEPT,
});

export async function deletionStatus(ctx: Ctx, company: Company, clientId: number): Promise<DeletionRequestAnswer> {
  return answer(await repo.findOpenRequest(ctx.db, { companyId: company.id, clientId }));
}

/**
 * "Ask to delete my account" (issue 24): the request is recorded (one open at a time), the
 * company's contact address and the family are told by e-mail; the account is erased by the
 * hourly job 30 days on, or as soon as the company confirms.
 */
export async function requestDeletion(ctx: Ctx, company: Company, clientId: number): Promise<DeletionRequestAnswer> {
  const now = ctx.clock.now();
  const eraseAfter = addMinutes(now, DELETION_GRACE_DAYS * 24 * 60);
  try {
    await repo.insertRequest(ctx.db, { companyId: company.id, clientId, requestedAt: nowIso(now), eraseAfter: nowIso(eraseAfter) });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'CONFLICT', deletionMessages.alreadyRequested);
    throw err;
  }
  await recordActivity(ctx, { companyId: company.id, clientId, kind: 'account', summary: 'Asked for the account to be deleted' });
  const client = await findClientEmail(ctx, company.id, clientId);
  const when = formatDate(eraseAfter, company.settings.localization.DateFormat, companyTimeZone(company.settings.localization));
  if (company.settings.ContactEmail) {
    ctx.mailer.queue({
      companyId: company.id,
      to: company.settings.ContactEmail,
      // The office answers the family from its own mail program.
      ...(client?.email ? { replyTo: client.email } : {}),
      subject: 'A family has asked to delete its account',
      ...renderMail(company.settings, [
        `${client ? `${client.first_name} (${client.email})` : 'A family'}, client ${clientId}, has asked for their account to be deleted.`,
        `Their details will be erased on ${when}, or as soon as you confirm. Invoices, receipts and payments are kept.`,
      ]),
    });
  }
  if (client?.email) {
    ctx.mailer.queue({
      companyId: company.id,
      to: client.email,
      subject: 'We have your request to delete your account',
      ...renderMail(company.settings, [
        `Hi ${client.first_name},`,
        `We will erase your account and your children's details on ${when}, or sooner once ${company.settings.CompanyDisplayName} confirms. Invoices, receipts and payments are kept, as the law requires.`,
        'Changed your mind? Withdraw the request from Login & Security before then.',
      ]),
    });
  }
  return deletionStatus(ctx, company, clientId);
}

export async function withdrawDeletion(ctx: Ctx, company: Company, clientId: number): Promise<DeletionRequestAnswer> {
  if (!(await repo.withdrawRequest(ctx.db, { companyId: company.id, clientId }, nowIso(ctx.clock.now())))) throw notFound(deletionMessages.nothingToWithdraw);
  await recordActivity(ctx, { companyId: company.id, clientId, kind: 'account', summary: 'Withdrew the request to delete the account' });
  return deletionStatus(ctx, company, clientId);
}

/** The hourly job: every request due is carried out, each in its own transaction, once across processes. */
export async function eraseDueAccounts(ctx: Ctx, at = ctx.clock.now()): Promise<number> {
  let erased = 0;
  for (const due of await repo.findDueRequests(ctx.db, nowIso(at))) {
    // What the card processor keeps of the family first (a network call, outside the transaction):
    // its customer there is named by a row the erasure deletes. Unreachable, the family waits for the next run.
    try {
      await forgetClientAtProcessors(ctx, due.company_id, due.client_id);
    } catch (err) {
      ctx.log.warn({ err }, `erasure of client ${due.client_id} waits: the card processor did not answer`);
      continue;
    }
    const done = await ctx.transaction(async (tx) => {
      if (!(await repo.markErased(tx.db, due.id, nowIso(at)))) return false;
      await repo.eraseFamily(tx.db, { companyId: due.company_id, clientId: due.client_id }, nowIso(at));
      return true;
    });
    if (done) erased += 1;
  }
  return erased;
}

/** `npm run portal -- confirm-deletion CODE CLIENT`: the company confirms a family's request; answers what to print. */
export async function confirmDeletionCommand(db: Ctx['db'], code: string, clientId: number): Promise<{ ok: boolean; message: string }> {
  const company = await db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirst();
  if (!company) return { ok: false, message: `No company has the code ${code}.` };
  if (!(await repo.confirmRequest(db, { companyId: company.id, clientId }, nowIso()))) return { ok: false, message: `Client ${clientId} of ${code} has no open request to delete their account.` };
  return { ok: true, message: `Confirmed: client ${clientId} of ${code} is erased at the next hourly run (invoices, receipts and payments are kept).` };
}
