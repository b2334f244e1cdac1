// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { messages } from '@portal/shared/messages';
import { ApiRequestError } from '@/lib/api-client';
import { PasswordForm } from './password-form';

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PasswordForm: the one form of Login & Security, Set Password and the reset page', () => {
  it('without the current password, sends the pair alone and puts a server field message under its field', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiRequestError(422, { message: 'Too common', code: 'VALIDATION', errors: [{ field: 'password', message: 'Choose a less common password' }] });
    });
    render(<PasswordForm header={<h1>Set New Password</h1>} passwordLabel="Password" submitLabel="Set password" onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('Password', 'abcdef1!');
    type('Confirm Password', 'abcdef1!');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ password: 'abcdef1!', confirm_password: 'abcdef1!' }));
    expect(await screen.findByText('Choose a less common password')).toBeTruthy();
  });

  it('with the current password, asks for it first, checks the pair under the rules of group S, and offers Cancel', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const onCancel = vi.fn();
    render(<PasswordForm withCurrentPassword header={<h2>Update password</h2>} passwordLabel="New password" submitLabel="Save password" onCancel={onCancel} onSubmit={onSubmit} />);
    type('Current password', 'Old#pass1');
    type('New password', 'abcdef1!');
    type('Confirm Password', 'abcdef1?');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type('Confirm Password', 'abcdef1!');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ current_password: 'Old#pass1', password: 'abcdef1!', confirm_password: 'abcdef1!' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
