import type { Generated } from 'kysely';
/** Tables of migration 040 (decision 103): a company's card processor and what the portal keeps of it. */
export interface ProcessorCredentialsTable {
  company_id: number;
  provider: string;
  /** Encrypted with PROCESSOR_KEYS_SECRET (lib/secret-box.ts); never answered, logged or exported. */
  secret_key: string;
  webhook_secret: string;
  /** The browser's key: public by design. */
  publishable_key: string;
  updated_at: string;
}
export interface ProcessorCustomersTable {
  company_id: number;
  provider: string;
  client_id: number;
  customer_id: string;
  created_at: string;
}
export interface ProcessorChargesTable {
  company_id: number;
  provider: string;
  idempotency_key: string;
  customer_id: string;
  /** Null until the processor's answer arrives (a lost answer leaves it to be found by listing). */
  charge_id: string | null;
  created_at: string;
}
export interface ProcessorEventsTable {
  company_id: number;
  provider: string;
  event_id: string;
  type: string;
  received_at: string;
}

/** Tables of migration 041 (decision 104): direct debit through a processor. */
export type MandateStatus = 'pending' | 'pending_submission' | 'submitted' | 'active' | 'failed' | 'cancelled' | 'expired' | 'abandoned';
export interface DirectDebitMandatesTable {
  company_id: number;
  provider: string;
  /** The processor's request the family's hosted set-up answers (GoCardless's billing request). */
  request_id: string;
  client_id: number;
  /** Null until the family finished the processor's pages. */
  mandate_id: string | null;
  status: MandateStatus;
  created_at: string;
  updated_at: string;
}
export type CollectionStatus = 'asked' | 'pending_submission' | 'submitted' | 'confirmed' | 'paid_out' | 'failed' | 'cancelled' | 'charged_back';
export interface DirectDebitCollectionsTable {
  company_id: number;
  provider: string;
  idempotency_key: string;
  client_id: number;
  invoice_id: number;
  /** 1 for the invoice's first collection; a new one after a failure the processor did not retry. */
  attempt: number;
  /** Times the provider was asked to collect this payment again after it failed (the company's DirectDebitRetries). */
  retries: Generated<number>;
  mandate_id: string;
  amount_cents: number;
  /** Null until the processor's answer arrives (a lost answer is asked again under the same key). */
  payment_id: string | null;
  status: CollectionStatus;
  charge_date: string | null;
  /** The bank's reason, as the family is told it, once a collection failed. */
  failure: string | null;
  created_at: string;
  updated_at: string;
}

/** Tables of migration 042 (decision 105): classes paid in instalments. */
export interface InstalmentPlansTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  /** The checkout that paid the deposit. */
  payment_id: number;
  method: 'card' | 'direct_debit';
  /** What the plan pays for, as the family reads it: each child and class ("Noah Mitchell: Dolphin – Monday, 9 sessions from …"). */
  what: string;
  /** The saved card later instalments are charged to (card plans). */
  card_token: string | null;
  /** The company's retry terms when the family agreed to the plan: a declined instalment is charged again `retries` times, `retry_days` apart. */
  retries: number;
  retry_days: number;
  /** The places the plan holds (JSON array of enrolment ids), released when it is cancelled. */
  enrolment_ids: string;
  /** Its row in Upcoming Payments (payment_plans), kept to what is still to come. */
  payment_plan_id: number | null;
  status: 'active' | 'completed' | 'cancelled';
  created_at: string;
  updated_at: string;
}
export interface InstalmentsTable {
  company_id: number;
  plan_id: number;
  /** 1 is the deposit, paid at the checkout. */
  seq: number;
  invoice_id: number;
  due_date: string;
  amount_cents: number;
  status: 'scheduled' | 'paid' | 'failed' | 'cancelled';
  /** Charges tried (card plans): the next is `next_attempt`, the company's RetryDays after a decline. */
  attempts: Generated<number>;
  next_attempt: string | null;
  /** The key of the charge asked for, written before asking: a lost answer is asked again under it, never a new charge. */
  charge_key: string | null;
  charge_id: string | null;
  updated_at: string;
}

export interface ProcessorTables {
  processor_credentials: ProcessorCredentialsTable;
  processor_customers: ProcessorCustomersTable;
  processor_charges: ProcessorChargesTable;
  processor_events: ProcessorEventsTable;
  direct_debit_mandates: DirectDebitMandatesTable;
  direct_debit_collections: DirectDebitCollectionsTable;
  instalment_plans: InstalmentPlansTable;
  instalments: InstalmentsTable;
}
