import { z } from 'zod';
import { companySettingsSchema } from '@portal/shared/company-config';
import { INVOICE_STATUSES, NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import { emailField, newPasswordField } from '@portal/shared/auth-schemas';
import { GUARDIAN_ROLES } from '@portal/shared/family-roles';
import { formConfigurationSchema } from '@portal/shared/form-config';
import { bundleBookingSchema, bundleFinancialsSchema } from './bundle-financials.ts';
import { bundlePaymentsSchema } from './bundle-payments.ts';
import { studentDetailsShape } from './bundle-students.ts';
import { isBundleDate, isBundleInstant, TIME_PATTERN } from './bundle-dates.ts';
import { bundleBarcodeSchema } from './bundle-barcodes.ts';
import { bundleClientDetailsShape } from './bundle-client-details.ts';

/**
 * The sections of a company bundle and the items in them, each checked on its own; what items
 * say about each other is checked in bundle-references.ts. Unknown fields are refused (strict
 * objects) so a misspelt field cannot be silently dropped.
 */

const key = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Use 1–64 letters, digits, "_", "-" or "."');
const text = z.string().trim().min(1, 'Required');
const bundleDate = z.string().refine(isBundleDate, 'Expected a date: yyyy-MM-dd, today, today+N or today-N');
const bundleInstant = z.string().refine(isBundleInstant, 'Expected an instant: ISO-8601 with a zone (2026-03-01T09:30:00Z) or company time (2026-03-01T09:30, today-2T09:30)');
const time = z.string().regex(TIME_PATTERN, 'Expected a time HH:mm (24-hour)');
// PostgreSQL `integer` columns hold up to 2^31 − 1 (about 21 million in currency units).
const cents = z.number().int('Use whole cents').min(0).max(2_147_483_647);

const listItemSchema = z.strictObject({
  name: text,
  active: z.boolean().default(true),
  ocr_field_value_id: z.number().int().nullable().optional(),
});

/** Lists the company config exposes; venues and lesson formats have their own sections. */
export const BUNDLE_LIST_NAMES = ['medical_conditions', 'referral_sources', 'school', 'date_ranges', 'standards'] as const;

const listsSchema = z.strictObject(
  Object.fromEntries(BUNDLE_LIST_NAMES.map((n) => [n, z.array(listItemSchema).default([])])) as Record<(typeof BUNDLE_LIST_NAMES)[number], z.ZodDefault<z.ZodArray<typeof listItemSchema>>>,
);

const venueSchema = z.strictObject({ key, name: text, address: z.string().default(''), active: z.boolean().default(true) });

const lessonFormatSchema = z.strictObject({
  key,
  name: text,
  duration_minutes: z.number().int().positive(),
  active: z.boolean().default(true),
});

const agreementSchema = z.strictObject({
  key,
  name: text,
  /** The current version's text. */
  text: text,
  requires_signature: z.boolean().default(false),
  required: z.boolean().default(true),
  active: z.boolean().default(true),
  /** Texts published before the current one, oldest first: the current text is version N + 1. */
  earlier_versions: z
    .array(z.strictObject({ text, published_at: bundleInstant.optional() }))
    .max(100)
    .default([]),
  /**
   * The registration profiles that show this agreement (R68, decision 040), each with its own
   * Required (the agreement's `required` unless given). A profile no agreement names shows the
   * company's agreements.
   */
  profiles: z
    .array(z.strictObject({ id: z.number().int().positive(), required: z.boolean().optional() }))
    .max(100)
    .default([]),
});

export const GENDERS = ['Male', 'Female', 'Not_Specified', 'Other'] as const;

const studentSchema = z.strictObject({
  key,
  first_name: text,
  last_name: text,
  dob: bundleDate.optional(),
  gender: z.enum(GENDERS).optional(),
  standard: z.string().default(''),
  ...studentDetailsShape,
});

const invoiceSchema = z.strictObject({
  invoice_no: text,
  invoice_date: bundleDate,
  payment_date: bundleDate,
  total_cents: cents,
  balance_due_cents: cents,
  status: z.enum(INVOICE_STATUSES),
});

export const SIGN_IN_ACTION_TYPES = ['AcceptAgreement', 'UpdateProfile', 'UpdateStudent', 'ChangePassword'] as const;

const signInActionSchema = z.strictObject({
  type: z.enum(SIGN_IN_ACTION_TYPES),
  agreement: key.optional(),
  student: key.optional(),
});

/** An existing argon2 hash, stored as is. */
const argon2Hash = z.string().regex(/^\$argon2(id|i|d)\$/, 'Expected an argon2 hash ($argon2id$…)');

const clientSchema = z.strictObject({
  key,
  first_name: text,
  last_name: text,
  /** Defaults to the customer's sign-in e-mail. */
  email: emailField.optional(),
  address1: z.string().default(''),
  suburb: z.string().default(''),
  state: z.string().default(''),
  postcode: z.string().default(''),
  // My details: phones, gender, billing address, notes, custom field answers (decision 020).
  ...bundleClientDetailsShape,
  students: z.array(studentSchema).default([]),
  barcodes: z.array(bundleBarcodeSchema).default([]),
  invoices: z.array(invoiceSchema).default([]),
  sign_in_actions: z.array(signInActionSchema).default([]),
  /** Agreements this client accepted before the import, each at a version (the current one unless given). */
  agreements_signed: z.array(z.strictObject({ agreement: key, version: z.number().int().positive().optional(), signed_at: bundleInstant.optional() })).default([]),
  /**
   * Other adults with family access (decision 101): each signs in with their own address, a
   * customer's of this bundle (its password) or a new sign-in with `password`.
   */
  guardians: z
    .array(z.strictObject({ email: emailField, first_name: text, last_name: text, role: z.enum(GUARDIAN_ROLES), password: newPasswordField.optional(), password_hash: argon2Hash.optional() }))
    .default([]),
});

const customerSchema = z
  .strictObject({
    email: emailField,
    /** Plain text, hashed with argon2id on import; must meet the portal's password rules. */
    password: newPasswordField.optional(),
    /** An existing argon2 hash, stored as is. */
    password_hash: argon2Hash.optional(),
    clients: z.array(clientSchema).min(1, 'A customer needs at least one client account'),
  })
  .superRefine((c, ctx) => {
    // Neither: the account has no password yet; it is set through "Forgot password", and a
    // ChangePassword sign-in action is queued for it.
    if (c.password !== undefined && c.password_hash !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Give either password or password_hash, not both' });
    }
  });

const enrolmentSchema = z.strictObject({
  /** "clientKey/studentKey", or a student key that is unique in the bundle. */
  student: z.string().min(1),
  start_date: bundleDate,
  end_date: bundleDate.optional(),
  status: z.enum(['active', 'temporary']).default('active'),
  /** Absences notified for sessions of this enrolment (decision 023). */
  absences: z
    .array(
      z.strictObject({
        /** The session: its date, or its week as in cancelled_weeks (0 = the first on or after the import day). */
        date: bundleDate.optional(),
        week: z.number().int().optional(),
        reason: text,
        /** Whether the absence earned a make-up credit (expiring after classes_setup.MakeupExpiryDays). */
        makeup_credit: z.boolean().default(false),
        /** The credit was used: the class key and session date of the make-up booked. */
        makeup_booked: z.strictObject({ class: key, date: bundleDate.optional(), week: z.number().int().optional() }).optional(),
      }),
    )
    .default([]),
});

/**
 * Either explicit dates or weekly sessions around the import day. One object with a refine
 * rather than a union, so a bad date inside still reports its own path.
 */
const sessionsSchema = z
  .strictObject({
    dates: z.array(bundleDate).min(1).optional(),
    weeks_before: z.number().int().min(0).max(104).optional(),
    weeks_after: z.number().int().min(0).max(104).optional(),
    /** Weeks whose session is cancelled: 0 = the first session on or after the import day, -1 the one before. */
    cancelled_weeks: z.array(z.number().int()).optional(),
  })
  .superRefine((s, ctx) => {
    const weekly = s.weeks_after !== undefined || s.weeks_before !== undefined || s.cancelled_weeks !== undefined;
    if (s.dates !== undefined && weekly) {
      ctx.addIssue({ code: 'custom', path: ['dates'], message: 'Give either dates or weeks_before/weeks_after, not both' });
    } else if (s.dates === undefined && s.weeks_after === undefined) {
      ctx.addIssue({ code: 'custom', path: ['weeks_after'], message: 'Give dates: [...] or weeks_after (with optional weeks_before)' });
    }
  });

const classSchema = z.strictObject({
  key,
  name: text,
  lesson_format: key.optional(),
  venue: key.optional(),
  court: z.string().default(''),
  day_of_week: z.number().int().min(1).max(7),
  start_time: time,
  /** Defaults to the lesson format's duration. */
  duration_minutes: z.number().int().positive().optional(),
  standard: z.string().default(''),
  capacity: z.number().int().positive().default(8),
  staff: z.string().default(''),
  min_age: z.number().int().min(0).max(120).optional(),
  max_age: z.number().int().min(0).max(120).optional(),
  /** Per session. */
  price_cents: cents.default(0),
  /** Per session for a casual enrolment; defaults to price_cents. */
  casual_price_cents: cents.optional(),
  /** Students waiting for a place, first in line first. */
  waitlist: z.array(z.string().min(1)).default([]),
  /** The registration profiles (OCRProfileIDs) that offer the class (decision 134); none: every profile. */
  profiles: z.array(z.number().int().positive()).max(100).default([]),
  sessions: sessionsSchema,
  cancelled: z.array(bundleDate).default([]),
  enrolments: z.array(enrolmentSchema).default([]),
});

const categoryKeys = NOTIFICATION_CATEGORIES.map((c) => c.key) as [string, ...string[]];

const notificationSchema = z.strictObject({
  title: text,
  content: text,
  category: z.enum(categoryKeys),
  created_at: bundleInstant,
  tag_data: z.record(z.string(), z.unknown()).optional(),
  // Keys are checked against the clients in bundle-references.ts, with the index in the path.
  to: z.union([z.literal('all'), z.array(z.string()).min(1)], { error: 'Expected "all" or a non-empty list of client keys' }),
  read_by: z.array(key).default([]),
});

const messageSchema = z.strictObject({
  title: text,
  body: text,
  published_at: bundleInstant,
  /** A client key; absent means every customer of the company. */
  to: key.optional(),
  read_by: z.array(key).default([]),
});

const companySchema = z.strictObject({
  code: z.string().regex(/^[A-Z0-9]{2,20}$/, 'Use 2–20 upper-case letters or digits'),
  customer_id: z.number().int().positive(),
  /** Defaults to customer_id. */
  company_details_id: z.number().int().positive().optional(),
  trading_name: text,
  application: z.string().min(1).default('CustomerHub'),
  config: companySettingsSchema,
});

export const bundleSectionsSchema = z.strictObject({
  /** Format version; only 1 exists. */
  version: z.literal(1).default(1),
  company: companySchema,
  /** Which customer and student fields the forms show (decision 019); none means the default forms (U16). */
  form_configuration: formConfigurationSchema.optional(),
  lists: listsSchema.default(listsSchema.parse({})),
  venues: z.array(venueSchema).default([]),
  lesson_formats: z.array(lessonFormatSchema).default([]),
  agreements: z.array(agreementSchema).default([]),
  customers: z.array(customerSchema).default([]),
  classes: z.array(classSchema).default([]),
  notifications: z.array(notificationSchema).default([]),
  messages: z.array(messageSchema).default([]),
  /** Invoice lines, receipts, instalment plans (decision 025). */
  financials: bundleFinancialsSchema.default(bundleFinancialsSchema.parse({})),
  /** Court bookings of the company's clients (decision 025). */
  bookings: z.array(bundleBookingSchema).default([]),
  /** Discount codes and customer credits (decision 024). */
  payments: bundlePaymentsSchema.default(bundlePaymentsSchema.parse({})),
});

export type BundleSections = z.output<typeof bundleSectionsSchema>;
