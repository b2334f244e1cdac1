/**
 * What a notification is about, carried in its TagData (decision 079): a kind and the ids the
 * portal needs to link to that page. Producers write one of these; the portal reads it back with
 * `notificationSubjectOf`, and a notification without one (news, an event) links nowhere.
 * Written without zod so the notifications page, which validates nothing, stays without it.
 */
export type NotificationSubject =
  | { kind: 'invoice'; invoice_no: string }
  /** A payment for invoices, with its receipt when one was issued. */
  | { kind: 'payment'; invoice_nos: string[]; receipt_no: string | null }
  | { kind: 'enrolment'; class_id?: number; student_id?: number }
  | { kind: 'makeup'; student_id?: number }
  | { kind: 'waitlist_offer'; class_id: number; waitlist_id: number }
  | { kind: 'booking'; booking_id?: number }
  | { kind: 'student'; student_id?: number };

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const optionalId = (v: unknown) => v === undefined || isId(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** The subject a notification's TagData names, or null where it names none or names it badly. */
export function notificationSubjectOf(tagData: Readonly<Record<string, unknown>> | null | undefined): NotificationSubject | null {
  if (!tagData) return null;
  const t = tagData;
  switch (t.kind) {
    case 'invoice':
      return isText(t.invoice_no) ? { kind: 'invoice', invoice_no: t.invoice_no } : null;
    case 'payment':
      return Array.isArray(t.invoice_nos) && t.invoice_nos.every(isText) && (t.receipt_no === null || t.receipt_no === undefined || isText(t.receipt_no))
        ? { kind: 'payment', invoice_nos: t.invoice_nos, receipt_no: t.receipt_no ?? null }
        : null;
    case 'enrolment':
      return optionalId(t.class_id) && optionalId(t.student_id) ? { kind: 'enrolment', ...ids(t, 'class_id', 'student_id') } : null;
    case 'makeup':
      return optionalId(t.student_id) ? { kind: 'makeup', ...ids(t, 'student_id') } : null;
    case 'waitlist_offer':
      return isId(t.class_id) && isId(t.waitlist_id) ? { kind: 'waitlist_offer', class_id: t.class_id, waitlist_id: t.waitlist_id } : null;
    case 'booking':
      return optionalId(t.booking_id) ? { kind: 'booking', ...ids(t, 'booking_id') } : null;
    case 'student':
      return optionalId(t.student_id) ? { kind: 'student', ...ids(t, 'student_id') } : null;
    default:
      return null;
  }
}

/** The named ids that are present (each already checked to be one). */
function ids<K extends string>(tagData: Readonly<Record<string, unknown>>, ...names: K[]): Partial<Record<K, number>> {
  return Object.fromEntries(names.filter((n) => isId(tagData[n])).map((n) => [n, tagData[n]])) as Partial<Record<K, number>>;
}
