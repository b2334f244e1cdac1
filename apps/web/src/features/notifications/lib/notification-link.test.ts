import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-link';

const enrolment = { kind: 'enrolment' };
const invoice = { kind: 'invoice', invoice_no: 'INV-1' };

describe('notificationLink (decision 079)', () => {
  it('leads a family member only to pages their access reaches: a payer to the invoice, not the classes; a viewer the other way round', () => {
    expect(notificationLink(enrolment, 'Swimmer')?.label).toBe('View enrollments');
    expect(notificationLink(enrolment, 'Swimmer', 'co-parent')?.label).toBe('View enrollments');
    expect(notificationLink(enrolment, 'Swimmer', 'payer')).toBeNull();
    expect(notificationLink({ kind: 'makeup' }, 'Swimmer', 'payer')).toBeNull();
    expect(notificationLink(invoice, 'Swimmer', 'payer')?.label).toBe('View invoice INV-1');
    expect(notificationLink(invoice, 'Swimmer', 'viewer')).toBeNull();
    expect(notificationLink(enrolment, 'Swimmer', 'viewer')?.label).toBe('View enrollments');
  });

  it('names one student’s page as one, and the list as many (a class change’s link said "View Swimmers" and opened one child)', () => {
    expect(notificationLink({ kind: 'student', student_id: 5 }, 'Swimmer')).toEqual({ to: '/hub/students/5', label: 'View Swimmer' });
    expect(notificationLink({ kind: 'student' }, 'Swimmer')).toEqual({ to: '/hub/students', label: 'View Swimmers' });
  });

  it('leads a notice about one child’s class to that child’s classes (a lane change for Noah opened Ella’s)', () => {
    expect(notificationLink({ kind: 'enrolment', student_id: 4 }, 'Swimmer')).toEqual({ to: '/hub/students/4?tab=Enrollments', label: 'View enrollments' });
    expect(notificationLink(enrolment, 'Swimmer')).toEqual({ to: '/hub/classes/view-enrollments', label: 'View enrollments' });
  });
});
