import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceDetail } from '@portal/shared/financials-schemas';
import { call, endpointUrl } from '@/lib/call';
import { financialEndpoints } from '@portal/shared/endpoints/financials';

export function getInvoice(invoiceNumber: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return call(financialEndpoints.invoice, { params: { invoiceNumber }, signal });
}

export function getInvoiceQueryOptions(invoiceNumber: string) {
  return queryOptions({ queryKey: ['financials', 'invoice', invoiceNumber], queryFn: ({ signal }) => getInvoice(invoiceNumber, signal), retry: false });
}

export function useInvoice(invoiceNumber: string) {
  return useQuery(getInvoiceQueryOptions(invoiceNumber));
}

/** Downloads are plain links: the browser sends the session cookie and saves the file. */
export const invoicePdfUrl = (invoiceNumber: string) => endpointUrl(financialEndpoints.invoicePdf, { params: { invoiceNumber } });
export const receiptPdfUrl = (receiptNumber: string) => endpointUrl(financialEndpoints.receiptPdf, { params: { receiptNumber } });
