import { ROLE_ACCESS, type Access, type FamilyRole } from '@portal/shared/family-roles';
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
 * for a notification about nothing in particular (news, an event). `studentWord` is the
 * company's word for a student ("Swimmer"). A family member whose access does not
 * reach that page (a payer and the classes, a viewer and the invoices) is offered no link to it.
 */
export function notificationLink(tagData: Readonly<Record<string, unknown>> | null, studentWord: string, role?: FamilyRole): NotificationLink | null {
  const link = linkOf(tagData, studentWord);
  return link && ROLE_ACCESS[role ?? 'holder'].includes(link.access) ? { to: link.to, label: link.label } : null;
}

function linkOf(tagData: Readonly<Record<string, unknown>> | null, studentWord: string): (NotificationLink & { access: Access }) | null {
  const subject = notificationSubjectOf(tagData);
  switch (subject?.kind) {
    case 'invoice':
      return { to: paths.invoice(subject.invoice_no), label: `View invoice ${subject.invoice_no}`, access: 'money' };
    case 'payment': {
      const [only, ...more] = subject.invoice_nos;
      return only !== undefined && more.length === 0
        ? { to: paths.invoice(only), label: `View invoice ${only}`, access: 'money' }
        : { to: paths.invoicesAndReceipts, label: 'View invoices and receipts', access: 'money' };
    }
    case 'enrolment':
      // About one child: that child's classes, not the first child's.
      return { to: subject.student_id ? `${paths.student(subject.student_id)}?tab=Enrollments` : paths.viewEnrollments, label: 'View enrollments', access: 'family-read' };
    case 'makeup':
      return { to: paths.makeups, label: 'View make-ups', access: 'family-read' };
    case 'waitlist_offer':
      return { to: paths.classes, label: 'View the held place', access: 'family' };
    case 'booking':
      return { to: paths.bookingsView, label: 'View bookings', access: 'family-read' };
    case 'student':
      return { to: subject.student_id ? paths.student(subject.student_id) : paths.students, label: subject.student_id ? `View ${studentWord}` : `View ${studentWord}s`, access: 'family-read' };
    case undefined:
      return null;
  }
}
