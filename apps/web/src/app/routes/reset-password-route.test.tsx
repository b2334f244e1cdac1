// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { delay, http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { ChangingPasswordAnswer } from '@portal/shared/customer-schemas';
import { paths } from '@/config/paths';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { formTestConfig } from '@/test/form-config';
import { SetPasswordForm } from '@/features/sign-in-actions/components/set-password-form';
import { server, installMockServer } from '@/test/msw';
import ResetPasswordRoute from './reset-password-route';

installMockServer();
afterEach(() => cleanup());

const TOKEN = 'reset-token-abc';
// The server's own refusal of a reset (customer.service.ts).
const EXPIRED = 'This password reset link is invalid or has expired';

/** The reset page's server: the link is good, and each reset it receives is refused with `refusal` after a moment. */
function serveReset(refusal: ApiError | null) {
  const resets: unknown[] = [];
  server.use(
    http.get<never, never, ChangingPasswordAnswer>('/api/customer/check-if-changing-password/:token', () => HttpResponse.json({ success: true, isChangingPassword: true })),
    http.post('/api/customer/reset-password/:token', async ({ request }) => {
      resets.push(await request.json());
      await delay(100);
      return refusal ? HttpResponse.json(refusal, { status: 422 }) : HttpResponse.json({ success: true });
    }),
  );
  return resets;
}

function renderPage(node: React.ReactNode, url = `${paths.resetPassword}?token=${TOKEN}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, formTestConfig());
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={paths.resetPassword} element={node} />
          <Route path="*" element={node} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('the reset page and the set-password form', () => {
  it('M13: a refused reset shows the server’s message in the error box; loading stops and the form stays', async () => {
    const resets = serveReset({ code: 'RESET_LINK_INVALID', message: EXPIRED });
    renderPage(<ResetPasswordRoute />);
    await screen.findByRole('heading', { name: 'Set New Password' });
    type('Password', 'abcdef1!');
    type('Confirm Password', 'abcdef1!');
    const submit = screen.getByRole('button', { name: 'Set password' });
    fireEvent.click(submit);
    await waitFor(() => expect(submit.getAttribute('aria-busy')).toBe('true'));
    expect((await screen.findByRole('alert')).textContent).toContain(EXPIRED);
    expect(submit.getAttribute('aria-busy')).toBeNull();
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Success' })).toBeNull();
    expect(resets).toEqual([{ password: 'abcdef1!', confirm_password: 'abcdef1!' }]);
  });

  it('S12: a blank new password on the reset page says "Password is required" and sends nothing', async () => {
    const resets = serveReset(null);
    renderPage(<ResetPasswordRoute />);
    await screen.findByRole('heading', { name: 'Set New Password' });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Password', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(resets).toEqual([]);
  });

  it('S12: a blank new password on the Set Password form says "Password is required" and sends nothing', async () => {
    const sets: unknown[] = [];
    server.use(
      http.post('/api/customer/set-password', async ({ request }) => {
        sets.push(await request.json());
        return HttpResponse.json({ success: true });
      }),
    );
    renderPage(<SetPasswordForm onDone={() => {}} />, '/hub/sign-in-actions');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Password', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(sets).toEqual([]);
  });
});
