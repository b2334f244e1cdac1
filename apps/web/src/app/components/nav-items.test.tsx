import { describe, expect, it } from 'vitest';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { barcodeItem } from './nav-items';

const user = (change: Partial<CustomerUser>) => ({ ClientID: 1, total_barcodes: 2, Role: 'holder', ...change }) as CustomerUser;

describe('barcodeItem (Q1, decision 101)', () => {
  it('offers Barcodes to a family with some, and only to a role that may read them', () => {
    expect(barcodeItem(user({}))?.label).toBe('Barcodes');
    expect(barcodeItem(user({ Role: 'viewer' }))?.label).toBe('Barcodes');
    expect(barcodeItem(user({ total_barcodes: 0 }))).toBeNull();
    // A payer's access is the invoices and payments: the page answered "Your family access does not allow this."
    expect(barcodeItem(user({ Role: 'payer' }))).toBeNull();
  });
});
