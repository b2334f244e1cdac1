// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider } from 'react-router';
import { BackCloses } from './back-closes';

afterEach(cleanup);

function Page() {
  const [open, setOpen] = useState(true);
  return open ? (
    <div role="dialog" aria-label="Reason for absence">
      <BackCloses onClose={() => setOpen(false)} />
      <Link to="/checkout">Go to checkout</Link>
    </div>
  ) : (
    <p>The page, its dialog closed</p>
  );
}

const pages = () =>
  createMemoryRouter(
    [
      { path: '/home', element: <p>Home</p> },
      { path: '/classes', element: <Page /> },
      { path: '/checkout', element: <p>Checkout</p> },
    ],
    { initialEntries: ['/home', '/classes'], initialIndex: 1 },
  );

describe('BackCloses', () => {
  it('Back closes the open dialog and stays on its page; the next Back leaves the page', async () => {
    const router = pages();
    render(<RouterProvider router={router} />);
    await act(() => router.navigate(-1));
    expect(screen.getByText('The page, its dialog closed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/classes');
    await act(() => router.navigate(-1));
    expect(screen.getByText('Home')).toBeTruthy();
  });

  it('a link in the dialog moves on as it says', async () => {
    const router = pages();
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: 'Go to checkout' }));
    expect(await screen.findByText('Checkout')).toBeTruthy();
  });

  it('outside the portal’s data router (a plain router) it does nothing and breaks nothing', () => {
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('dialog', { name: 'Reason for absence' })).toBeTruthy();
  });
});
