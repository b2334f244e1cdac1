// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NEW_INVOICE_NO } from '@portal/shared/payment-schemas';
import { useCartStore } from '@/lib/cart-store';
import { DiscountCodeForm } from './discount-and-credits';

afterEach(cleanup);
beforeEach(() => useCartStore.getState().clear());

describe('DiscountCodeForm', () => {
  it('Apply pressed twice at once applies the code and asks for nothing more; Apply on an empty box with no code asks for one', () => {
    render(<DiscountCodeForm quote={undefined} invoiceNos={[]} />);
    const apply = screen.getByRole('button', { name: 'Apply' });
    fireEvent.click(apply);
    expect(screen.getByText('Please enter a discount code')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: ' SUMMER10 ' } });
    fireEvent.click(apply);
    fireEvent.click(apply);
    expect(useCartStore.getState().discountCodes).toEqual([{ invoiceNo: NEW_INVOICE_NO, discountCode: 'SUMMER10' }]);
    expect(screen.queryByText('Please enter a discount code')).toBeNull();
    expect(screen.getByText('SUMMER10')).toBeTruthy();
  });
});
