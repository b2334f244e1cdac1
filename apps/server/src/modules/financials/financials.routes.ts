import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { InvoiceStatus } from '@portal/shared/constants';
import {
  balanceHistorySchema,
  financialsListQuerySchema,
  invoiceDetailSchema,
  invoiceListSchema,
  invoiceNumberParamsSchema,
  receiptNumberParamsSchema,
  upcomingPaymentsSchema,
  type UpcomingPayment,
} from '@portal/shared/financials-schemas';
import type { Ctx } from '../../context.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import * as service from './financials.service.ts';

const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** A PDF answer: the OpenAPI document describes it as a binary application/pdf body. */
const pdfAnswer = { description: 'The document as a PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary', description: 'The PDF file' }) } } };

/** Financials (I1–I17, U3). Every call needs a signed-in customer and ShowFinancialsTab. */
export async function financialsRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const customer = (req: Parameters<typeof requireCustomer>[0]) => {
    const who = requireCustomer(req);
    service.assertFinancialsOn(who.company);
    return who;
  };

  r.get(
    '/api/financials/invoices',
    { config: { auth: 'customer' }, schema: { tags: ['financials'], querystring: financialsListQuerySchema, response: { 200: invoiceListSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = customer(req);
      const { page, limit, search, sort } = req.query;
      const { rows, total } = await service.listInvoices(ctx, company.id, clientId, { search, sort, limit, offset: (page - 1) * limit });
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
        })),
      };
    },
  );

  r.get(
    '/api/financials/balance-history',
    { config: { auth: 'customer' }, schema: { tags: ['financials'], querystring: financialsListQuerySchema, response: { 200: balanceHistorySchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = customer(req);
      const { page, limit, search, sort } = req.query;
      const { rows, total } = await service.listPayments(ctx, company.id, clientId, { search, sort, limit, offset: (page - 1) * limit });
      return {
        current_page: page,
        total_pages: totalPages(total, limit),
        total_count: total,
        payments: rows.map((row) => ({ date: row.receipt_date, amount: row.amount_cents, invoiceNo: row.invoice_no, receiptNumber: row.receipt_no, method: row.method })),
      };
    },
  );

  r.get(
    '/api/financials/upcoming-payments',
    {
      config: { auth: 'customer' },
      schema: { tags: ['financials'], querystring: financialsListQuerySchema.omit({ search: true }), response: { 200: upcomingPaymentsSchema, ...errorResponses } },
    },
    async (req) => {
      const { company, clientId } = customer(req);
      const { page, limit, sort } = req.query;
      const { rows, total } = await service.listUpcomingPayments(ctx, company.id, clientId, { sort, limit, offset: (page - 1) * limit });
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
    },
  );

  r.get(
    '/api/financials/invoices/:invoiceNumber',
    { config: { auth: 'customer' }, schema: { tags: ['financials'], params: invoiceNumberParamsSchema, response: { 200: invoiceDetailSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = customer(req);
      return service.getInvoice(ctx, company, clientId, req.params.invoiceNumber);
    },
  );

  r.get(
    '/api/financials/invoices/:invoiceNumber/pdf',
    { config: { auth: 'customer' }, schema: { tags: ['financials'], params: invoiceNumberParamsSchema, response: { 200: pdfAnswer, ...errorResponses } } },
    async (req, reply) => {
      const { company, clientId } = customer(req);
      const pdf = await service.invoicePdf(ctx, company, clientId, req.params.invoiceNumber);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${safeFileName(req.params.invoiceNumber)}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf as unknown as string); // a Buffer goes out as it is; the schema only describes it
    },
  );

  r.get(
    '/api/financials/receipts/:receiptNumber/pdf',
    { config: { auth: 'customer' }, schema: { tags: ['financials'], params: receiptNumberParamsSchema, response: { 200: pdfAnswer, ...errorResponses } } },
    async (req, reply) => {
      const { company, clientId } = customer(req);
      const pdf = await service.receiptPdf(ctx, company, clientId, req.params.receiptNumber);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${safeFileName(req.params.receiptNumber)}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf as unknown as string); // a Buffer goes out as it is; the schema only describes it
    },
  );
}

const safeFileName = (no: string) => no.replace(/[^A-Za-z0-9._-]/g, '_');
