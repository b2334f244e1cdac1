import type { Generated } from 'kysely';

/** Tables of migration 013 (decision 025); money in integer cents, dates yyyy-MM-dd, times HH:mm. */
export interface InvoiceLinesTable {
  id: Generated<number>;
  company_id: number;
  invoice_id: number;
  sort_order: number;
  line_type: string;
  breakdown_key: string | null;
  description: string;
  quantity: number;
  unit_price_cents: number;
  amount_cents: number;
  tax_cents: number;
  total_cents: number;
}
export interface ReceiptsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  receipt_no: string;
  receipt_date: string;
  amount_cents: number;
  method: string;
  reference: string;
  created_at: string;
}
export interface ReceiptAllocationsTable {
  id: Generated<number>;
  company_id: number;
  receipt_id: number;
  invoice_id: number;
  amount_cents: number;
}
export interface PaymentPlansTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  next_charge: string;
  amount_cents: number;
  period: string;
  remaining_charges: number;
  notes: string;
}
export interface BookingsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  /** The VenueID of the company's ob_venues. */
  venue_id: number;
  court: string;
  booking_type_id: number;
  date: string;
  start_time: string;
  end_time: string;
  duration_minutes: number;
  price_cents: number;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  hold_token: string | null;
  hold_expires_at: string | null;
  invoice_id: number | null;
  created_at: string;
  cancelled_at: string | null;
  /** Migration 050: while held from a cart, the browser's cart that holds it (decision 137). */
  cart_id: string | null;
}
export interface BookingSlotsTable {
  company_id: number;
  venue_id: number;
  court: string;
  date: string;
  /** Minute of the day the 5-minute unit starts at. */
  slot: number;
  booking_id: number;
}
export interface DocumentNumbersTable {
  company_id: number;
  kind: string;
  last_value: number;
  /** Digits a number of the series is zero-padded to; 0 pads nothing (migration 049). */
  width: Generated<number>;
}

export interface BookingsFinancialsTables {
  invoice_lines: InvoiceLinesTable;
  receipts: ReceiptsTable;
  receipt_allocations: ReceiptAllocationsTable;
  payment_plans: PaymentPlansTable;
  bookings: BookingsTable;
  booking_slots: BookingSlotsTable;
  document_numbers: DocumentNumbersTable;
}
