import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-link';

const enrolment = { kind: 'enrolment' };
const invoice = { kind: 'invoice', invoice_no: 'INV-1' };

describe('notificationLink (decision 079)', () => {
  it('leads a family member only to pages their access reaches: a payer to the invoice, not the classes; a viewer the other way round', () => {
    expect(notificationLink(enrolment, 'Swimmers')?.label).toBe('View enrollments');
    expect(notificationLink(enrolment, 'Swimmers', 'co-parent')?.label).toBe('View enrollments');
    expect(notificationLink(enrolment, 'Swimmers', 'payer')).toBeNull();
    expect(notificationLink({ kind: 'makeup' }, 'Swimmers', 'payer')).toBeNull();
    expect(notificationLink(invoice, 'Swimmers', 'payer')?.label).toBe('View invoice INV-1');
    expect(notificationLink(invoice, 'Swimmers', 'viewer')).toBeNull();
    expect(notificationLink(enrolment, 'Swimmers', 'viewer')?.label).toBe('View enrollments');
  });
});
