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

export interface ProcessorTables {
  processor_credentials: ProcessorCredentialsTable;
  processor_customers: ProcessorCustomersTable;
  processor_charges: ProcessorChargesTable;
  processor_events: ProcessorEventsTable;
}
