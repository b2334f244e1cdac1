// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import { useUiStore } from '@/lib/ui-store';
import { server, installMockServer } from '@/test/msw';
import { ForgotPasswordModal } from './forgot-password-modal';

installMockServer();

beforeEach(() => useUiStore.setState({ modal: 'forgot-password' }));
afterEach(() => cleanup());

describe('ForgotPasswordModal', () => {
  it('M5: a server error about the e-mail reads "Email is invalid" and no "Email Sent" follows', async () => {
    let asked = 0;
    server.use(
      http.post('/api/customer/forget-password', () => {
        asked++;
        return HttpResponse.json<ApiError>({ message: 'Email must be valid', code: 'VALIDATION', errors: [{ field: 'email', message: 'Email must be valid' }] }, { status: 400 });
      }),
    );
    render(<ForgotPasswordModal />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'parent@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is invalid');
    expect(asked).toBe(1);
    expect(screen.queryByRole('dialog', { name: 'Email Sent' })).toBeNull();
  });
});
