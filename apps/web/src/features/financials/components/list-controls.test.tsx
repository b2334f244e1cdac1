// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SearchBox } from './list-controls';

afterEach(cleanup);

function box() {
  return screen.getByRole('searchbox', { name: 'Search invoices' }) as HTMLInputElement;
}

describe('SearchBox and the address it searches (I13)', () => {
  it('keeps what the parent typed when its own last search reaches the address late', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox list="invoices" value="Overdue" label="Search invoices" onSearch={onSearch} />);
    fireEvent.change(box(), { target: { value: 'Paid' } });
    fireEvent.submit(box());
    expect(onSearch).toHaveBeenLastCalledWith('Paid');
    // On a busy phone the parent types the next term before the address shows the last one.
    fireEvent.change(box(), { target: { value: 'Unpaid' } });
    rerender(<SearchBox list="invoices" value="Paid" label="Search invoices" onSearch={onSearch} />);
    expect(box().value).toBe('Unpaid');
    fireEvent.submit(box());
    expect(onSearch).toHaveBeenLastCalledWith('Unpaid');
  });

  it('follows the address again once its own search has arrived: Back to that search shows it', () => {
    const { rerender } = render(<SearchBox list="invoices" value="" label="Search invoices" onSearch={() => {}} />);
    fireEvent.change(box(), { target: { value: 'Paid' } });
    fireEvent.submit(box());
    rerender(<SearchBox list="invoices" value="Paid" label="Search invoices" onSearch={() => {}} />);
    rerender(<SearchBox list="invoices" value="" label="Search invoices" onSearch={() => {}} />);
    expect(box().value).toBe('');
    rerender(<SearchBox list="invoices" value="Paid" label="Search invoices" onSearch={() => {}} />);
    expect(box().value).toBe('Paid');
  });

  it('shows the term of an address reached another way (Back, a link)', () => {
    const { rerender } = render(<SearchBox list="invoices" value="Paid" label="Search invoices" onSearch={() => {}} />);
    expect(box().value).toBe('Paid');
    rerender(<SearchBox list="invoices" value="INV-10236" label="Search invoices" onSearch={() => {}} />);
    expect(box().value).toBe('INV-10236');
    rerender(<SearchBox list="invoices" value="" label="Search invoices" onSearch={() => {}} />);
    expect(box().value).toBe('');
  });
});
