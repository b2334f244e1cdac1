// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { SearchBox, SortToggle, useListParams } from './list-controls';

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

describe('useListParams and the browser’s history', () => {
  function List() {
    const { page, sort, update } = useListParams();
    const navigate = useNavigate();
    return (
      <>
        <p>
          Page {page}, {sort}
        </p>
        <button onClick={() => update({ page: page + 1 })}>Next page</button>
        <button onClick={() => update({ sort: sort === 'desc' ? 'asc' : 'desc', page: 1 })}>Sort</button>
        <button onClick={() => void navigate(-1)}>Back</button>
      </>
    );
  }
  const routes = [
    { path: '/hub', element: <p>Home</p> },
    { path: '/hub/invoices', element: <List /> },
  ];

  it('takes Back to the page before, not out of the list; a new order replaces the place it was in', async () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/hub', '/hub/invoices'], initialIndex: 1 })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 3, desc')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    // Back from page 3 left the invoices for the home page.
    expect(await screen.findByText('Page 2, desc')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
    expect(await screen.findByText('Page 1, asc')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Page 1, desc')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home')).toBeTruthy();
  });
});

describe('the upcoming payments’ order', () => {
  function Upcoming() {
    const { sort, update } = useListParams('asc');
    const location = useLocation();
    return (
      <>
        <p>{`${sort} ${location.search}`}</p>
        <SortToggle sort={sort} dates="ahead" onChange={(next) => update({ sort: next, page: 1 })} />
      </>
    );
  }

  it('opens on the soonest charge first, and says so in words of what is to come', async () => {
    render(<RouterProvider router={createMemoryRouter([{ path: '/up', element: <Upcoming /> }], { initialEntries: ['/up'] })} />);
    expect(screen.getByText('asc')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Date: soonest first. Show latest first' });
    expect(toggle.textContent).toBe('Soonest first');
    fireEvent.click(toggle);
    expect(await screen.findByText('desc ?sort=desc')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Date: latest first. Show soonest first' }).textContent).toBe('Latest first');
  });
});
