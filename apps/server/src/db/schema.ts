import type { ColumnType, Generated, Selectable } from 'kysely';
import type { BookingsFinancialsTables } from './schema-bookings-financials.ts';
import type { ProcessorTables } from './schema-processors.ts';

/** Booleans are stored as 0/1 and instants as ISO-8601 UTC text on both engines. */
type Bool = number;

export interface CompaniesTable {
  id: Generated<number>;
  customer_id: number;
  company_details_id: number;
  code: string;
  trading_name: string;
  application: string;
  settings: string;
  /** Incremented by every change of `settings`; the session lookup reads it instead of the text. */
  settings_version: Generated<number>;
  created_at: string;
}
export interface ListItemsTable {
  id: Generated<number>;
  company_id: number;
  list_name: string;
  /** Migration 046: an active name once per list, case and surrounding spaces aside (index list_items_active_name, decision 131). */
  display_name: string;
  ocr_field_value_id: number | null;
  active: Bool;
  sort_order: number;
}
export interface VenuesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  address: string;
  active: Bool;
}
export interface LessonFormatsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  duration_minutes: number;
  active: Bool;
}
export interface LoginsTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}
export interface ClientsTable {
  id: Generated<number>;
  company_id: number;
  login_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_mobile: Generated<string>;
  address1: Generated<string>;
  suburb: Generated<string>;
  state: Generated<string>;
  postcode: Generated<string>;
  created_at: string;
  // The rest of the customer record (migration 008, K25); '' means empty.
  reg_id: Generated<string>;
  gender_type: Generated<string>;
  gender_other: Generated<string>;
  phone_home: Generated<string>;
  phone_work: Generated<string>;
  phone_mobile2: Generated<string>;
  email2: Generated<string>;
  fax: Generated<string>;
  address2: Generated<string>;
  billing_addr_same: Generated<Bool>;
  billing_address1: Generated<string>;
  billing_address2: Generated<string>;
  billing_suburb: Generated<string>;
  billing_state: Generated<string>;
  billing_postcode: Generated<string>;
  notes: Generated<string>;
  updated_at: string | null;
  /** The answer to the e-mail marketing question of online registration (N26, migration 024); null until asked. */
  marketing_opt_in: Bool | null;
  /** Moves on with each save of My details (migration 052, decision 145). */
  details_version: Generated<number>;
}
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  kind: 'company' | 'customer';
  company_id: number;
  client_id: number | null;
  created_at: string;
  expires_at: string;
  /** The invited guardian signed in (migration 036); null for the account holder and company sessions. */
  guardian_id: number | null;
}
export interface StudentsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  first_name: string;
  last_name: string;
  dob: string | null;
  gender: string;
  standard: string;
  profile_picture: string | null;
  created_at: string;
  // The whole record (E29, migration 007-b); ids of list items are the company's own.
  reg_id: string | null;
  gender_other: string | null;
  phone_mobile: string | null;
  email: string | null;
  addr_same_as_client: Generated<Bool>;
  address1: string | null;
  address2: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  standard_id: number | null;
  medical_condition_ids: string | null;
  additional_medical_conditions: string | null;
  referral_source_id: number | null;
  school_id: number | null;
  venue_id: number | null;
  notes: string | null;
  pending_days: string | null;
  /** JSON: [{ CustomFieldID, CustomFieldItemID, FieldValue }]. */
  custom_field_values: string | null;
  updated_at: string | null;
  /** Moves on with each save of the student form (migration 052, decision 145). */
  details_version: Generated<number>;
}
/** One re-encoded JPEG per student (decision 019); `version` names it in profile_picture. */
export interface StudentPicturesTable {
  student_id: number;
  company_id: number;
  image: Buffer;
  version: string;
  updated_at: string;
}
export interface StudentSkillSetsTable {
  id: Generated<number>;
  company_id: number;
  student_id: number;
  name: string;
  notes: Generated<string>;
  /** JSON: [{ name, achieved_on }]. */
  skills: Generated<string>;
  sort_order: Generated<number>;
}
export interface StudentCertificatesTable {
  id: Generated<number>;
  company_id: number;
  student_id: number;
  name: string;
  issued_on: string;
  description: Generated<string>;
}
/** The registration profiles that offer a class; a class with none is offered under every profile (migration 048). */
export interface ClassProfilesTable {
  company_id: number;
  class_id: number;
  profile_id: number;
}
export interface ClassesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  lesson_format_id: number | null;
  venue_id: number | null;
  court: string;
  day_of_week: number;
  start_time: string;
  duration_minutes: number;
  standard: string;
  capacity: number;
  // Migration 011 (classes).
  staff: Generated<string>;
  min_age: number | null;
  max_age: number | null;
  price_cents: Generated<number>;
  casual_price_cents: number | null;
  /** Ongoing enrolments that are active or held (kept by the classes service; the search sorts by it). */
  enrolled_count: Generated<number>;
  last_date: string | null;
  // Migration 011-d: kept with last_date by the classes service.
  first_date: string | null;
  venue_name: Generated<string>;
}
export interface ClassSessionsTable {
  id: Generated<number>;
  company_id: number;
  class_id: number;
  date: string;
  start_time: string;
  status: string;
}
export interface EnrolmentsTable {
  id: Generated<number>;
  company_id: number;
  class_id: number;
  student_id: number | null;
  start_date: string;
  end_date: string | null;
  status: string;
  // Migration 011 (classes): ongoing, casual (one session) or temporary (a make-up, one session).
  kind: Generated<'ongoing' | 'casual' | 'temporary'>;
  /** While status is 'held': the instant the hold lapses. */
  hold_until: string | null;
  created_at: string | null;
  /** Migration 044: a new family's registration holding a place before its students exist (student_id null until submitted). */
  registration_id: number | null;
  /** Migration 045: what the family paid for the place at the checkout, net of its discounts (decision 120); null for a place taken otherwise. */
  paid_cents: number | null;
  /** Migration 050: while held from a cart, the browser's cart that holds it (decision 137). */
  cart_id: string | null;
}
export interface InvoicesTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  invoice_no: string;
  invoice_date: string;
  payment_date: string;
  total_cents: number;
  balance_due_cents: number;
  status: string;
  /** Migration 013: the tax of the invoice's lines, and free notes. */
  tax_cents: Generated<number>;
  notes: Generated<string>;
}
export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  content: string;
  category: string;
  tag_data: string | null;
  created_at: string;
}
export interface NotificationContactsTable {
  id: Generated<number>;
  company_id: number;
  notification_id: number;
  client_id: number;
  status: 'New' | 'Read';
  created_at: string;
  read_at: string | null;
}
export interface NotificationOptOutsTable {
  company_id: number;
  client_id: number;
  category: string;
  email: Bool;
  in_app: Bool;
}
export interface MessagesTable {
  id: Generated<number>;
  company_id: number;
  client_id: number | null;
  title: string;
  body: string;
  published_at: string;
}
export interface MessageReadsTable {
  id: Generated<number>;
  company_id: number;
  message_id: number;
  client_id: number;
  read_at: string;
}
/** A family's reply to a message (migration 028, decision 078). */
export interface MessageRepliesTable {
  id: Generated<number>;
  company_id: number;
  message_id: number;
  client_id: number;
  body: string;
  /** The writer's key: the same request sent again finds this reply. */
  idempotency_key: string;
  created_at: string;
}
export interface AgreementsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  text: string;
  requires_signature: Bool;
  required: Bool;
  active: Bool;
  /** The current version; every version's text is kept in agreement_versions. */
  version: Generated<number>;
  text_sha256: Generated<string>;
  published_at: Generated<string>;
}
/** The agreements a registration profile shows, with the profile's own Required (migration 023). */
export interface AgreementProfilesTable {
  company_id: number;
  profile_id: number;
  agreement_id: number;
  required: Bool;
  sort_order: number;
}
export interface AgreementVersionsTable {
  id: Generated<number>;
  company_id: number;
  agreement_id: number;
  version: number;
  name: string;
  text: string;
  text_sha256: string;
  requires_signature: Bool;
  published_at: string;
}
export interface AgreementSignaturesTable {
  id: Generated<number>;
  company_id: number;
  agreement_id: number;
  client_id: number;
  /** The drawn signature: a PNG, base64, checked and re-encoded on the server. */
  signature: string | null;
  signed_at: string;
  version: Generated<number>;
  text_sha256: Generated<string>;
  ip_address: Generated<string>;
  user_agent: Generated<string>;
  /** The name of the guardian who signed (migration 036). */
  signed_by: Generated<string>;
}
export interface SignInActionsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  type: string;
  agreement_id: number | null;
  student_id: number | null;
  created_at: string;
  completed_at: string | null;
}
export interface PasswordResetTokensTable {
  id: Generated<number>;
  company_id: number;
  login_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/** A 6-digit code mailed to an address, by purpose: 'register', or 'email-change' of a client (migration 020). */
export interface EmailCodesTable {
  id: Generated<number>;
  company_id: number;
  purpose: string;
  email: string;
  client_id: number | null;
  token_hash: string;
  code_hash: string;
  payload: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface OutboxTable {
  id: Generated<number>;
  company_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** pending: written, not yet taken; sending: taken by a process for delivery. */
  status: 'pending' | 'sending' | 'sent' | 'logged' | 'failed';
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** While `sending`: until when the process that took it owns it (migration 019); after that the minute job takes it again. */
  lease_until: string | null;
  /** Where the recipient's reply goes (migration 028): kept so a delivery after a restart still sets it. */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface BarcodesTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  code: string;
  label: string;
  /** A bwip-js symbology id: code128, qrcode, … (BARCODE_SYMBOLOGIES). */
  symbology: Generated<string>;
  /** Set when the barcode is a student's rather than the client's own. */
  student_id: number | null;
}
/** A class-session share: its token's hash, the class and the dates it shows, until it expires. */
export interface ClassSessionLinksTable {
  id: Generated<number>;
  company_id: number;
  token_hash: string;
  class_id: number;
  from_date: string;
  to_date: string;
  created_at: string;
  expires_at: string;
  /** When the company withdrew the link (migration 020-b); its page then says so. */
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}
/** A solved captcha challenge, kept until it expires so it is accepted once. */
/** An online registration under way (migration 024, decision 047). */
export interface RegistrationsTable {
  id: Generated<number>;
  company_id: number;
  profile_id: number;
  token_hash: string;
  email: string;
  email_verified_at: string;
  captcha_verified_until: string | null;
  submitted_at: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  client_id: number | null;
  created_at: string;
  expires_at: string;
  /** Migration 025: the card tokenised for this registration, and when the registration was completed (null while it pays). */
  card_token: string | null;
  completed_at: string | null;
  /** Migration 047: the Registration ID drawn for its form, once; null until the form asks. */
  reg_id: string | null;
}
/** Migration 026: the client a company's guest bookings are made under, and each guest's details (decision 050). */
export interface GuestClientsTable {
  company_id: number;
  client_id: number;
}
export interface GuestBookingsTable {
  id: Generated<number>;
  company_id: number;
  idempotency_key: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  booking_id: number | null;
  cancel_token_hash: string | null;
  created_at: string;
  confirmed_at: string | null;
  /** The hash of the captcha the attempt was admitted with (migration 030); null before it. */
  captcha_hash: string | null;
}
/** Secrets shared by every process of one database (migration 027): the captcha's signing key. */
export interface ServerSecretsTable {
  name: string;
  value: string;
}
/** A captcha challenge already spent (decision 052), kept until it expires. */
export interface CaptchaSolutionsTable {
  id: Generated<number>;
  company_id: number;
  challenge_hash: string;
  expires_at: string;
  /** The attempts it admitted (migration 030): more than one where a guest booking's card was declined. */
  uses: Generated<number>;
}
/** One document per company (decision 019): formConfigurationSchema as JSON text. */
export interface FormConfigurationsTable {
  company_id: number;
  configuration: string;
  updated_at: string;
}

/** A customer's answer to one of the company's custom fields (migration 008). */
export interface ClientCustomFieldValuesTable {
  company_id: number;
  client_id: number;
  custom_field_id: number;
  custom_field_item_id: number | null;
  field_value: string | null;
}
/** The last registration id handed out per company and type (migration 008). */
export interface RegIdSequencesTable {
  company_id: number;
  type: string;
  last_value: number;
}
// Migration 011 (classes).
export interface AbsencesTable {
  id: Generated<number>;
  company_id: number;
  session_id: number;
  student_id: number;
  client_id: number;
  reason: string;
  notified_at: string;
}
export interface MakeupCreditsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  student_id: number;
  absence_id: number | null;
  lesson_format_id: number | null;
  expires_on: string;
  created_at: string;
  used_at: string | null;
  used_enrolment_id: number | null;
}
export interface WaitlistEntriesTable {
  id: Generated<number>;
  company_id: number;
  class_id: number;
  student_id: number;
  client_id: number;
  status: 'waiting' | 'offered' | 'enrolled' | 'expired' | 'left';
  created_at: string;
  offered_at: string | null;
  offer_expires_at: string | null;
  closed_at: string | null;
}
export interface CalendarFeedsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

// Checkout and payment (migration 012, decision 024).
export interface GatewayCardsTable {
  id: Generated<number>;
  company_id: number;
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: string;
  created_at: string;
  /** The client who tokenised the card (migration 016); only they can pay with it or save it. */
  client_id: number | null;
}
export interface GatewayChargesTable {
  id: Generated<number>;
  company_id: number;
  charge_id: string;
  idempotency_key: string;
  request_hash: string;
  token: string;
  amount_cents: number;
  currency: string;
  description: string;
  status: string;
  decline_code: string | null;
  refunded_cents: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface PaymentsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  idempotency_key: string;
  request_hash: string;
  status: 'processing' | 'requires_action' | 'completed' | 'failed';
  amount_cents: number;
  processor: string;
  reference: string | null;
  request: string;
  quote: string;
  result: string | null;
  lease_until: string;
  created_at: string;
  updated_at: string;
}
/** A charge the reconciliation refunds, claimed by one process until `lease_until` (migration 031). */
export interface ChargeRefundsTable {
  company_id: number;
  charge_id: string;
  lease_until: string;
  refunded_at: string | null;
}
/** A family's request to delete its account (migration 032, decision 097). */
export interface DeletionRequestsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  requested_at: string;
  erase_after: string;
  confirmed_at: string | null;
  withdrawn_at: string | null;
  erased_at: string | null;
}
/** One change to a family's data (migration 033, decision 098); `changes` is JSON: [{ field, from, to }]. */
export interface ActivityLogTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  at: string;
  actor: string;
  kind: string;
  summary: string;
  changes: string | null;
  /** The guardian who made it, by name, when not the account holder (migration 036). */
  by_name: string | null;
}
/** The waiting room of a registration's opening (migration 034, decision 099); its row is the admissions' lock. */
export interface WaitingRoomsTable {
  id: Generated<number>;
  company_id: number;
  profile_id: number;
  opens_at: string;
  admitted: Generated<number>;
}
/** A browser's place in a waiting room: its ticket (hashed), its order, its turn. */
export interface WaitingRoomPlacesTable {
  id: Generated<number>;
  room_id: number;
  ticket_hash: string;
  joined_at: string;
  place_key: number;
  seen_at: string;
  email: string | null;
  admitted_at: string | null;
  turn_ends_at: string | null;
  ended_at: string | null;
  /** The joining network address, hashed (migration 053): live places per address are bounded. */
  address_hash: string | null;
}
/** The server's VAPID key pair for web push (migration 035, decision 100): one row, id 1. */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: string;
}
/** A device's push subscription; `categories` is ",classes,invoices," (each key between commas). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  categories: string;
  device: string;
  created_at: string;
  last_push_at: string | null;
  guardian_id: number | null;
  /** `web` (a browser's Push API subscription) or `fcm` (the native app's token, migration 037). */
  channel: Generated<'web' | 'fcm'>;
}
/** A push queued for a subscription with a notification: queued, sending (under a lease), sent or failed. */
export interface PushDeliveriesTable {
  id: Generated<number>;
  company_id: number;
  subscription_id: number;
  title: string;
  body: string;
  url: string;
  created_at: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  lease_until: string | null;
  sent_at: string | null;
  error: string | null;
}
/** An adult the account holder let in to the family, with their own sign-in (migration 036, decision 101). */
export interface GuardiansTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  login_id: number;
  role: 'co-parent' | 'payer' | 'viewer';
  first_name: string;
  last_name: string;
  created_at: string;
}
export interface GuardianInvitationsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: 'co-parent' | 'payer' | 'viewer';
  token_hash: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}
/** What an invited guardian has read (migration 038): a notification contact's or a message's id by kind. */
export interface GuardianReadsTable {
  company_id: number;
  guardian_id: number;
  kind: 'notification' | 'message';
  item_id: number;
  read_at: string;
}
/** A category whose e-mail a guardian switched off (migration 039). */
export interface GuardianOptOutsTable {
  company_id: number;
  guardian_id: number;
  category: string;
}
export interface PaymentMethodsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  kind: 'card' | 'bank';
  gateway_token: string;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  bank_format: string | null;
  account_name: string | null;
  bank_code_masked: string | null;
  account_number_masked: string | null;
  /** Migration 041: the bank's name of a provider's mandate (GoCardless). */
  bank_name: Generated<string | null>;
  created_at: string;
  updated_at: string;
}
export interface DiscountCodesTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  max_uses_per_client: number | null;
  eligible_kinds: string | null;
  eligible_class_ids: string | null;
  minimum_spend_cents: Generated<number>;
  active: Generated<Bool>;
}
export interface DiscountCodeUsesTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  discount_code_id: number;
  payment_id: number;
  invoice_no: string;
  discount_cents: number;
  created_at: string;
}
export interface CustomerCreditsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  description: string;
  amount_cents: number;
  remaining_cents: number;
  created_at: string;
}
export interface CreditUsesTable {
  id: Generated<number>;
  company_id: number;
  credit_id: number;
  payment_id: number;
  amount_cents: number;
  created_at: string;
}

export interface Database extends BookingsFinancialsTables, ProcessorTables {
  companies: CompaniesTable;
  list_items: ListItemsTable;
  venues: VenuesTable;
  lesson_formats: LessonFormatsTable;
  logins: LoginsTable;
  guardians: GuardiansTable;
  guardian_invitations: GuardianInvitationsTable;
  guardian_reads: GuardianReadsTable;
  guardian_opt_outs: GuardianOptOutsTable;
  clients: ClientsTable;
  sessions: SessionsTable;
  students: StudentsTable;
  classes: ClassesTable;
  class_profiles: ClassProfilesTable;
  class_sessions: ClassSessionsTable;
  enrolments: EnrolmentsTable;
  invoices: InvoicesTable;
  notifications: NotificationsTable;
  notification_contacts: NotificationContactsTable;
  notification_opt_outs: NotificationOptOutsTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  message_replies: MessageRepliesTable;
  agreements: AgreementsTable;
  agreement_versions: AgreementVersionsTable;
  agreement_profiles: AgreementProfilesTable;
  agreement_signatures: AgreementSignaturesTable;
  sign_in_actions: SignInActionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_codes: EmailCodesTable;
  outbox: OutboxTable;
  barcodes: BarcodesTable;
  form_configurations: FormConfigurationsTable;
  student_pictures: StudentPicturesTable;
  student_skill_sets: StudentSkillSetsTable;
  student_certificates: StudentCertificatesTable;
  // My details (migration 008).
  client_custom_field_values: ClientCustomFieldValuesTable;
  reg_id_sequences: RegIdSequencesTable;
  class_session_links: ClassSessionLinksTable;
  captcha_solutions: CaptchaSolutionsTable;
  server_secrets: ServerSecretsTable;
  // Migration 024 (online registration).
  registrations: RegistrationsTable;
  guest_clients: GuestClientsTable;
  guest_bookings: GuestBookingsTable;
  // Migration 011 (classes).
  absences: AbsencesTable;
  makeup_credits: MakeupCreditsTable;
  waitlist_entries: WaitlistEntriesTable;
  calendar_feeds: CalendarFeedsTable;
  // Checkout and payment (migration 012).
  gateway_cards: GatewayCardsTable;
  gateway_charges: GatewayChargesTable;
  payments: PaymentsTable;
  charge_refunds: ChargeRefundsTable;
  deletion_requests: DeletionRequestsTable;
  activity_log: ActivityLogTable;
  waiting_rooms: WaitingRoomsTable;
  waiting_room_places: WaitingRoomPlacesTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  payment_methods: PaymentMethodsTable;
  discount_codes: DiscountCodesTable;
  discount_code_uses: DiscountCodeUsesTable;
  customer_credits: CustomerCreditsTable;
  credit_uses: CreditUsesTable;
}

export type CompanyRow = Selectable<CompaniesTable>;
