// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { useLeaveGuard } from './leave-guard';

afterEach(cleanup);

/** A page with one field: typed in, it has unsaved edits; Save moves on to the list as a form's save does. */
function EditPage() {
  const [value, setValue] = useState('');
  const leave = useLeaveGuard(value !== '');
  const navigate = useNavigate();
  return (
    <>
      <label>
        Name
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <Link to="/list">All swimmers</Link>
      <button
        type="button"
        onClick={() => {
          leave.release();
          void navigate('/list');
        }}
      >
        Save
      </button>
      {leave.dialog}
    </>
  );
}

function open() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage /> },
      { path: '/list', element: <p>The list</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useLeaveGuard', () => {
  it('leaves at once with nothing typed', async () => {
    open();
    fireEvent.click(screen.getByRole('link', { name: 'All swimmers' }));
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('asks before unsaved edits are left: Keep editing stays with them, Leave goes', async () => {
    const router = open();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mia' } });
    fireEvent.click(screen.getByRole('link', { name: 'All swimmers' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(ask.textContent).toContain('Your changes on this page are not saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Mia');
    // The browser's own question when the tab is closed or reloaded.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'All swimmers' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('a save that moves on does not ask', async () => {
    open();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The list')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
