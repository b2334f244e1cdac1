import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { InvoiceStatus } from '@portal/shared/constants';
import type { UpcomingPayment } from '@portal/shared/financials-schemas';
import { financialEndpoints as endpoints } from '@portal/shared/endpoints/financials';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import * as service from './financials.service.ts';

const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** A PDF answer: the OpenAPI document describes it as a binary application/pdf body. */
const pdfAnswer = { description: 'The document as a PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary', description: 'The PDF file' }) } } };

const safeFileName = (no: string) => no.replace(/[^A-Za-z0-9._-]/g, '_');

function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${safeFileName(name)}.pdf"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

/** Financials (I1–I17, U3). Every call needs a signed-in customer and ShowFinancialsTab (the endpoints' switch). */
export async function financialsRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.invoices, async ({ ctx, query: { page, limit, search, sort } }) => {
    const { rows, total } = await service.listInvoices(ctx, ctx.company.id, ctx.clientId, { search, sort, limit, offset: (page - 1) * limit });
    return {
      current_page: page,
      total_pages: totalPages(total, limit),
      total_count: total,
      invoices: rows.map((row) => ({
        date: row.invoice_date,
        invoiceNumber: row.invoice_no,
        dueDate: row.payment_date,
        total: row.total_cents,
        balanceDue: row.balance_due_cents,
        status: row.status as InvoiceStatus,
        debitDate: row.debit_date,
      })),
    };
  });

  route(app, base, endpoints.balanceHistory, async ({ ctx, query: { page, limit, search, sort } }) => {
    const { rows, total, summary } = await service.listBalanceHistory(ctx, ctx.company.id, ctx.clientId, { search, sort, limit, offset: (page - 1) * limit });
    return {
      summary,
      current_page: page,
      total_pages: totalPages(total, limit),
      total_count: total,
      entries: rows.map((row) => ({
        type: row.type,
        date: row.date,
        amount: row.amount_cents,
        invoiceNo: row.invoice_no,
        receiptNumber: row.receipt_no,
        method: row.method,
        balance: row.balance_cents,
      })),
    };
  });

  route(app, base, endpoints.upcomingPayments, async ({ ctx, query: { page, limit, sort } }) => {
    const { rows, total } = await service.listUpcomingPayments(ctx, ctx.company.id, ctx.clientId, { sort, limit, offset: (page - 1) * limit });
    return {
      current_page: page,
      total_pages: totalPages(total, limit),
      total_count: total,
      payments: rows.map((row) => ({
        nextCharge: row.next_charge,
        amount: row.amount_cents,
        period: row.period as UpcomingPayment['period'],
        remainingCharges: row.remaining_charges,
        notes: row.notes,
      })),
    };
  });

  route(app, base, endpoints.invoice, ({ ctx, params }) => service.getInvoice(ctx, ctx.company, ctx.clientId, params.invoiceNumber));

  route(app, base, endpoints.invoicePdf, async ({ ctx, params, reply }) => sendPdf(reply, params.invoiceNumber, await service.invoicePdf(ctx, ctx.company, ctx.clientId, params.invoiceNumber)), {
    responses: { 200: pdfAnswer },
  });

  route(app, base, endpoints.receiptPdf, async ({ ctx, params, reply }) => sendPdf(reply, params.receiptNumber, await service.receiptPdf(ctx, ctx.company, ctx.clientId, params.receiptNumber)), {
    responses: { 200: pdfAnswer },
  });
}
