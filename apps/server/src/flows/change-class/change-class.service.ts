import { clockTime, formatDate } from '@portal/shared/date-time-text';
import { makeupsGivenBackText } from '@portal/shared/class-change-text';
import type { ClassChangeAnswer } from '@portal/shared/class-schemas';
import { formatCents, taxOf, taxRatePpm } from '@portal/shared/pricing/money';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { publicOrigin } from '../../config/env.ts';
import { nowIso } from '../../lib/time.ts';
import { companyToday } from '../checkout/payment-steps.ts';
import { moveToClass } from '../../modules/classes/classes.api.ts';
import { createInvoice, findInvoiceWithLine } from '../../modules/financials/financials.api.ts';
import { findClientEmail, isEmailOptedOut, mailGuardians, notifyClient, renderMail } from '../../modules/messaging/messaging.api.ts';
import { findCustomerCreditByDescription, insertCustomerCredit } from '../../modules/payments/payments.api.ts';
import { recordActivity } from '../../modules/activity/activity.api.ts';

const WEEKDAYS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/**
 * A family moves a child to another class (issue 22 §5, decision 096), in one transaction: the
 * move under both classes' locks, then what it costs: a difference to pay becomes an invoice due
 * today (paid like any other, from Financials or the link in the answer), one in the family's
 * favour a customer credit its next checkout can use. The family is told by notification, and by
 * e-mail once it is committed.
 */
export async function changeClass(ctx: Ctx, company: Company, clientId: number, body: { student_id: number; from_class_id: number; to_class_id: number }): Promise<ClassChangeAnswer> {
  const fin = company.settings.fin_setup;
  const symbol = company.settings.localization.CurrencySymbol;
  const rate = taxRatePpm(fin.TaxRatePercent);
  /** What a price difference is as money that changes hands: with tax added where prices exclude it. */
  const withTax = (cents: number) => (fin.TaxInclusive ? cents : cents + taxOf(cents, rate, false));
  const now = ctx.clock.now();
  const { answer, mail } = await ctx.transaction(async (tx): Promise<{ answer: ClassChangeAnswer; mail: { title: string; content: string } | null }> => {
    const move = await moveToClass(tx, company, clientId, body);
    const { option } = move;
    const base = { success: true as const, ClassID: option.ClassID, Name: option.Name, StartDate: option.StartDate, replayed: move.replayed };
    const from = formatDate(option.StartDate, company.settings.localization.DateFormat);
    const what = `${move.studentName}: ${move.fromName} to ${option.Name} from ${from}`;
    if (move.replayed) {
      // Asked again (the answer lost): what the move cost when it was made, so the family is still offered to pay it.
      const invoice = await findInvoiceWithLine(tx, company.id, clientId, `Class change, ${what}`);
      const credit = invoice ? undefined : await findCustomerCreditByDescription(tx.db, company.id, clientId, `Class change, ${what}`);
      return { answer: { ...base, ChargeCents: invoice?.totalCents ?? 0, CreditCents: credit?.amount_cents ?? 0, invoiceNo: invoice?.invoiceNo ?? null, MakeupsGivenBack: [] }, mail: null };
    }

    const diff = option.PriceDifferenceCents;
    let invoiceNo: string | null = null;
    let charge = 0;
    let credit = 0;
    if (diff > 0) {
      charge = withTax(diff);
      const made = await createInvoice(tx, {
        company,
        clientId,
        invoiceDate: companyToday(company, now),
        dueDate: companyToday(company, now),
        lines: [
          {
            type: 'Class',
            breakdownKey: null,
            description: `Class change, ${what}`,
            quantity: 1,
            unitPriceCents: diff,
            amountCents: diff,
            taxCents: taxOf(diff, rate, fin.TaxInclusive),
            totalCents: charge,
          },
        ],
      });
      invoiceNo = made.invoiceNo;
    } else if (diff < 0) {
      credit = withTax(-diff);
      await insertCustomerCredit(tx.db, { companyId: company.id, clientId, description: `Class change, ${what}`, cents: credit, createdAt: nowIso(now) });
    }
    const money =
      charge > 0
        ? `The new class costs ${formatCents(charge, symbol)} more: invoice ${invoiceNo} is due today.`
        : credit > 0
          ? `The new class costs ${formatCents(credit, symbol)} less: this is a credit on your account for your next payment.`
          : 'The price stays the same.';
    const title = `Class changed: ${move.studentName} to ${option.Name}`;
    const given = makeupsGivenBackText(
      option.Name,
      move.makeupsGivenBack.map((d) => formatDate(d, company.settings.localization.DateFormat)),
    );
    const makeups = given ? ` ${given}` : '';
    const content = `${move.studentName} moves from ${move.fromName} to ${option.Name} (${WEEKDAYS[option.Day - 1] ?? ''} ${clockTime(option.Time)}) from ${from}. ${money}${makeups}`;
    await notifyClient(tx.db, { companyId: company.id, clientId, category: 'classes', title, content, tagData: { kind: 'student', student_id: body.student_id }, createdAt: nowIso(now) });
    await recordActivity(tx, { companyId: company.id, clientId, kind: 'enrolment', summary: `Changed class: ${what}. ${money}` });
    return { answer: { ...base, ChargeCents: charge, CreditCents: credit, invoiceNo, MakeupsGivenBack: move.makeupsGivenBack }, mail: { title, content } };
  });

  const action = { label: 'View your classes', url: `${publicOrigin(ctx.env)}/hub/students` };
  if (mail) await mailGuardians(ctx, company, clientId, { category: 'classes', subject: mail.title, content: mail.content, action });
  if (mail && !(await isEmailOptedOut(ctx, company.id, clientId, 'classes'))) {
    const client = await findClientEmail(ctx, company.id, clientId);
    if (client?.email) {
      ctx.mailer.queue({ companyId: company.id, to: client.email, subject: mail.title, ...renderMail(company.settings, [`Hi ${client.first_name},`, mail.content], action) });
    }
  }
  return answer;
}
