import type { Company } from './company.ts';

/** A company session with its company and, when asked for, the customer session of the same company. */
export interface SessionsRow {
  session_id: number;
  expires_at: string;
  id: number;
  customer_id: number;
  company_details_id: number;
  code: string;
  trading_name: string;
  application: string;
  settings_version: number;
  customer_session_id: number | null;
  customer_client_id: number | null;
  customer_expires_at: string | null;
  /** The invited guardian signed in, with their role and name; null for the account holder (decision 101). */
  customer_guardian_id: number | null;
  customer_role: 'co-parent' | 'payer' | 'viewer' | null;
  customer_guardian_first_name: string | null;
  customer_guardian_last_name: string | null;
  /** 1 while the customer session's client has sign-in actions pending. */
  customer_actions: number;
}

/** How the auth plugin finds the sessions behind a request's cookies (given it by app.ts). */
export type SessionLookup = (companyToken: string, customerToken: string | undefined) => Promise<{ row: SessionsRow; company: Company } | undefined>;
