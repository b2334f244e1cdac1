// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { FormFieldDescriptor } from '@portal/shared/form-engine/form-types';
import { DetailsSummary } from './details-summary';

afterEach(() => cleanup());

const field = (name: string, label: string, kind: FormFieldDescriptor['kind']): FormFieldDescriptor => ({ name, id: 1, label, kind, required: false, readOnly: false, custom: false, inputs: [] });
const address = field('address', 'Address', 'address');
const billing = field('billingAddress', 'Billing address', 'billingAddress');

const shownFor = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('DetailsSummary (N24, K6)', () => {
  it('an address left empty is "Not provided", though its State menu starts on the company’s state', () => {
    render(<DetailsSummary record={{ State: 'NSW', BillingState: 'NSW', BillingAddrSame: false }} descriptors={[address, billing]} />);
    // Before, the summary read "NSW" as the family's address.
    expect(shownFor('Address')).toBe('Not provided');
    expect(shownFor('Billing address')).toBe('Not provided');
  });

  it('an address given is shown in lines, its state with its suburb', () => {
    render(<DetailsSummary record={{ Address1: '12 Beach Rd', Suburb: 'Bondi', State: 'NSW', Postcode: '2026' }} descriptors={[address]} />);
    expect(screen.getByText('12 Beach Rd')).toBeTruthy();
    expect(screen.getByText('Bondi NSW 2026')).toBeTruthy();
  });
});
