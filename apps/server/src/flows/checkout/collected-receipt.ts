import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { recordActivity } from '../../modules/activity/activity.api.ts';
import { createReceipt } from '../../modules/financials/financials.api.ts';
import { notifyClient, queueFamilyMail } from '../../modules/messaging/messaging.api.ts';

/**
 * Money taken without the family at the page arrived for one invoice (an instalment charged,
 * decision 105; a direct debit collected, decision 104): in the caller's transaction a receipt
 * pays the invoice, the family is told and its receipt e-mail written. Answers the e-mail's
 * outbox id, to deliver after the commit, or null.
 */
export async function receiptForCollection(
  ctx: Ctx,
  company: Company,
  input: {
    clientId: number;
    invoiceNo: string;
    amountCents: number;
    method: string;
    reference: string;
    date: string;
    at: string;
    title: string;
    content: (receiptNo: string) => string;
    summary: (receiptNo: string) => string;
  },
): Promise<number | null> {
  const receipt = await createReceipt(ctx, {
    company,
    clientId: input.clientId,
    date: input.date,
    method: input.method,
    reference: input.reference,
    amountCents: input.amountCents,
    allocations: [{ invoiceNo: input.invoiceNo, amountCents: input.amountCents }],
  });
  const content = input.content(receipt.receiptNo);
  await notifyClient(ctx.db, {
    companyId: company.id,
    clientId: input.clientId,
    category: 'invoices',
    title: input.title,
    content,
    tagData: { kind: 'payment', invoice_nos: [input.invoiceNo], receipt_no: receipt.receiptNo },
    createdAt: input.at,
  });
  await recordActivity(ctx, { companyId: company.id, clientId: input.clientId, kind: 'payment', summary: input.summary(receipt.receiptNo) });
  return queueFamilyMail(ctx, company, input.clientId, {
    category: 'invoices',
    subject: `${company.settings.fin_setup.ReceiptTitle} ${receipt.receiptNo} from ${company.settings.CompanyDisplayName}`,
    paragraphs: [content],
  });
}
