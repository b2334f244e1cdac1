export const HOME_PAGE_SIZE = 6;
export const BELL_PAGE_SIZE = 5;
export const POLL_INTERVAL_MS = 60_000;
export const BADGE_CAP = 99;
export const PASSWORD_MIN = 8;
export const MOBILE_MAX_WIDTH = 640;
export const MODAL_MOBILE_MAX_WIDTH = 480;
export const ERROR_BOX_MS = 5_000;
export const REGISTRATION_ERROR_BOX_MS = 6_000;
export const STATUS_MESSAGE_MS = 6_000;
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
export const REDIRECT_COUNTDOWN_S = 5;
export const MIN_OCR_VERSION = 2;
export const COLOR_SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
export const INVOICE_STATUSES = ['Scheduled', 'Debit Scheduled', 'Paid', 'Unpaid', 'Overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The open invoices a family pays online: Unpaid and Overdue, never Scheduled or Debit Scheduled (decision 072). */
export const ONLINE_PAYABLE_INVOICE_STATUSES = ['Overdue', 'Unpaid'] as const satisfies readonly InvoiceStatus[];
/** Opt-out categories a customer can switch off (U14). */
export const NOTIFICATION_CATEGORIES = [
  { key: 'classes', label: 'Class changes and cancellations' },
  { key: 'absences', label: 'Absences and make-ups' },
  { key: 'invoices', label: 'Invoices and payments' },
  { key: 'bookings', label: 'Bookings' },
  { key: 'news', label: 'News and announcements' },
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number]['key'];

/** Social sites a company can link from the welcome landing (kept here, free of zod, for the web). */
export const SOCIAL_SITES = ['facebook', 'instagram', 'linkedin', 'pinterest', 'tiktok', 'x', 'youtube'] as const;
