// The financials module's one door: other modules, flows and the app import only this file.
export { financialsRoutes } from './financials.routes.ts';
export {
  addInvoiceLines,
  createInvoice,
  createReceipt,
  creditUnpaid,
  findInvoiceById,
  findInvoiceWithLine,
  numberReceipt,
  hasDebitScheduled,
  reopenClientDebitInvoices,
  unnumberedReceipt,
  openScheduledInvoice,
  cancelScheduledInvoice,
} from './financials.service.ts';
export type { InvoiceLineInput } from './financials.service.ts';
export { debitDate } from './financials.repository.ts';
