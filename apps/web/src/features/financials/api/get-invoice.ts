import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceDetail } from '@portal/shared/financials-schemas';
import { api } from '@/lib/api-client';

export function getInvoice(invoiceNumber: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return api<InvoiceDetail>(`/api/financials/invoices/${encodeURIComponent(invoiceNumber)}`, { signal });
}

export function getInvoiceQueryOptions(invoiceNumber: string) {
  return queryOptions({ queryKey: ['financials', 'invoice', invoiceNumber], queryFn: ({ signal }) => getInvoice(invoiceNumber, signal), retry: false });
}

export function useInvoice(invoiceNumber: string) {
  return useQuery(getInvoiceQueryOptions(invoiceNumber));
}

/** Downloads are plain links: the browser sends the session cookie and saves the file. */
export const invoicePdfUrl = (invoiceNumber: string) => `/api/financials/invoices/${encodeURIComponent(invoiceNumber)}/pdf`;
export const receiptPdfUrl = (receiptNumber: string) => `/api/financials/receipts/${encodeURIComponent(receiptNumber)}/pdf`;
