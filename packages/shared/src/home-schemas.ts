import { z } from 'zod';
import { INVOICE_STATUSES } from './constants.ts';
import { pagedShape } from './api-schemas.ts';

export const upcomingClassSchema = z.object({
  date: z.string(),
  student_name: z.string(),
  lesson_format_id: z.number().nullable(),
  lesson_format: z.string(),
  venue_id: z.number().nullable(),
  venue: z.string(),
  court: z.string(),
  profile_picture: z.string().nullable(),
  student_id: z.number(),
  class_id: z.number(),
  session_id: z.number(),
  standard: z.string(),
  /** The place the session is in: the term's own, a casual visit, or a make-up booked into it. */
  kind: z.enum(['term', 'casual', 'makeup']),
  /** The child is notified absent from the session: still listed, marked Absent (as its Enrollments page marks it). */
  absent: z.boolean(),
});
export type UpcomingClass = z.infer<typeof upcomingClassSchema>;

export const homeInvoiceSchema = z.object({
  InvoiceNo: z.string(),
  InvoiceDate: z.string(),
  PaymentDate: z.string(),
  Total: z.number().int(),
  balance_due: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  /** A Debit Scheduled invoice's collection: the day its direct debit's provider takes the money, once set; null before it is asked, and for any other invoice. */
  DebitDate: z.string().nullable(),
});
export type HomeInvoice = z.infer<typeof homeInvoiceSchema>;

/** get-upcoming-classes. */
export const upcomingClassesPageSchema = z.object({ ...pagedShape, upcoming_classes: z.array(upcomingClassSchema) });
export type UpcomingClassesPage = z.infer<typeof upcomingClassesPageSchema>;

/** get-outstanding-invoices. */
export const outstandingInvoicesPageSchema = z.object({ ...pagedShape, invoices: z.array(homeInvoiceSchema) });
export type OutstandingInvoicesPage = z.infer<typeof outstandingInvoicesPageSchema>;

/** get-amount-owed: every invoice the family can pay online (Unpaid, Overdue), Overdue first; amounts in cents (decision 072). */
export const amountOwedSchema = z.object({ totalCents: z.number().int(), overdueCents: z.number().int(), invoices: z.array(homeInvoiceSchema) });
export type AmountOwed = z.infer<typeof amountOwedSchema>;
