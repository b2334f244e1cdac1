import { defineEndpoint } from '../endpoint';
import {
  balanceHistorySchema,
  financialsListQuerySchema,
  invoiceDetailSchema,
  invoiceListSchema,
  invoiceNumberParamsSchema,
  receiptNumberParamsSchema,
  upcomingPaymentsSchema,
} from '../financials-schemas';

const tags = ['financials'];
/** Every financials call is the signed-in customer's own, and only while the company shows financials (I1). */
const common = { auth: 'customer', access: 'money', switches: ['ShowFinancialsTab'], tags } as const;

/** Financials (I1–I17, U3): invoices, the balance history, upcoming payments and the PDFs. */
export const financialEndpoints = {
  invoices: defineEndpoint({ ...common, method: 'GET', path: '/api/financials/invoices', query: financialsListQuerySchema, response: invoiceListSchema }),
  balanceHistory: defineEndpoint({ ...common, method: 'GET', path: '/api/financials/balance-history', query: financialsListQuerySchema, response: balanceHistorySchema }),
  upcomingPayments: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/api/financials/upcoming-payments',
    query: financialsListQuerySchema.omit({ search: true }),
    response: upcomingPaymentsSchema,
  }),
  invoice: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/api/financials/invoices/:invoiceNumber',
    params: invoiceNumberParamsSchema,
    response: invoiceDetailSchema,
    errors: ['INVOICE_NOT_OPENABLE'],
  }),
  invoicePdf: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/api/financials/invoices/:invoiceNumber/pdf',
    params: invoiceNumberParamsSchema,
    errors: ['INVOICE_NOT_OPENABLE'],
    description: 'The invoice as an application/pdf download, for a link.',
  }),
  receiptPdf: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/api/financials/receipts/:receiptNumber/pdf',
    params: receiptNumberParamsSchema,
    description: 'The receipt as an application/pdf download, for a link.',
  }),
};
