import { notificationSubjectOf } from '@portal/shared/notification-subject';
import { paths } from '@/config/paths';

/** Where a notification leads, and what its link says. */
export interface NotificationLink {
  to: string;
  label: string;
}

/**
 * The portal page a notification's TagData names (decision 079): the invoice, the family's
 * enrolments, make-ups, the class page with the held waitlist place, bookings or students; null
 * for a notification about nothing in particular (news, an event). `studentsWord` is the
 * company's word for its students, plural ("Swimmers").
 */
export function notificationLink(tagData: Readonly<Record<string, unknown>> | null, studentsWord: string): NotificationLink | null {
  const subject = notificationSubjectOf(tagData);
  switch (subject?.kind) {
    case 'invoice':
      return { to: paths.invoice(subject.invoice_no), label: `View invoice ${subject.invoice_no}` };
    case 'payment': {
      const [only, ...more] = subject.invoice_nos;
      return only !== undefined && more.length === 0 ? { to: paths.invoice(only), label: `View invoice ${only}` } : { to: paths.invoicesAndReceipts, label: 'View invoices and receipts' };
    }
    case 'enrolment':
      return { to: paths.viewEnrollments, label: 'View enrollments' };
    case 'makeup':
      return { to: paths.makeups, label: 'View make-ups' };
    case 'waitlist_offer':
      return { to: paths.classes, label: 'View the held place' };
    case 'booking':
      return { to: paths.bookingsView, label: 'View bookings' };
    case 'student':
      return { to: subject.student_id ? paths.student(subject.student_id) : paths.students, label: `View ${studentsWord}` };
    case undefined:
      return null;
  }
}
