// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ApiRequestError } from '@/lib/api-client';
import { LoginForm } from './login-form';

afterEach(cleanup);

async function submitWith(error: ApiRequestError) {
  render(
    <LoginForm
      onSubmit={async () => {
        throw error;
      }}
    />,
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm and the server’s field errors', () => {
  it('shows each field error under its field, marked invalid, and no duplicate in the error box', async () => {
    await submitWith(
      new ApiRequestError(400, {
        message: 'Email is invalid',
        code: 'VALIDATION',
        errors: [
          { field: 'email', message: 'Email is invalid' },
          { field: 'password', message: 'Password must be at most 128 characters' },
        ],
      }),
    );
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Email is invalid')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Email is invalid');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('Password must be at most 128 characters');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText('Email is invalid')).toHaveLength(1);
  });

  it('keeps a message for a field the form does not have in the error box', async () => {
    await submitWith(new ApiRequestError(400, { message: 'client_id must be a number', code: 'VALIDATION', errors: [{ field: 'client_id', message: 'client_id must be a number' }] }));
    expect(await screen.findByText('client_id must be a number')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows an answer without field errors in the error box as before', async () => {
    await submitWith(new ApiRequestError(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  });
});
