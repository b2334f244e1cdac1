import { describe, expect, it } from 'vitest';
import type { CompanyBundleInput } from '../modules/import/import.api.ts';
import { demoBundles } from './demo-bundles.ts';

/**
 * A customer credit is money off what the family pays; a make-up credit is a lesson to book.
 * The demo names each so a newcomer does not take one for the other.
 */
describe('the demo customer credits', () => {
  const credits = (demoBundles() as CompanyBundleInput[]).flatMap((b) => b.payments?.credits ?? []);

  it('are named as money, never as a make-up lesson', () => {
    expect(credits.length).toBeGreaterThan(0);
    for (const credit of credits) expect(credit.description).not.toMatch(/make-?up|lesson/i);
  });

  it('include the overpayment refund parent@ holds', () => {
    expect(credits).toContainEqual(expect.objectContaining({ client: 'sarah', description: 'Account credit – overpayment refund', amount_cents: 1500 }));
  });
});
