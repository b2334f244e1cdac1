// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useSearchParamState } from './use-search-param';

const FILTERS = ['All', 'New', 'Read'] as const;

function Filter() {
  const [filter, setFilter] = useSearchParamState('status', FILTERS, 'All');
  const location = useLocation();
  return (
    <>
      <p>Showing {filter}</p>
      <p>Address {`${location.pathname}${location.search}`}</p>
      {FILTERS.map((f) => (
        <button key={f} type="button" onClick={() => setFilter(f)}>
          {f}
        </button>
      ))}
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/hub/notifications', element: <Filter /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

afterEach(cleanup);

describe('useSearchParamState', () => {
  it('reads the filter from the address, so a reload or a shared link shows the same list', () => {
    renderAt('/hub/notifications?status=New');
    expect(screen.getByText('Showing New')).toBeTruthy();
  });

  it('writes the choice to the address and keeps the other parameters; the default is left out', () => {
    renderAt('/hub/notifications?id=42');
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(screen.getByText('Showing Read')).toBeTruthy();
    expect(screen.getByText('Address /hub/notifications?id=42&status=Read')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByText('Address /hub/notifications?id=42')).toBeTruthy();
  });

  it('treats an unknown value as the default', () => {
    renderAt('/hub/notifications?status=<script>');
    expect(screen.getByText('Showing All')).toBeTruthy();
  });
});
