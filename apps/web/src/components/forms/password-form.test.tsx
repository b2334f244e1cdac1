// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { messages } from '@portal/shared/messages';
import { ApiRequestError } from '@/lib/api-client';
import { useUiStore } from '@/lib/ui-store';
import { RegisterModal } from '@/features/auth/components/register-modal';
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

describe('PasswordForm: a confirmation that differs says so (decision 077)', () => {
  it('"Passwords do not match" under a confirmation that lacks the symbol the password has; the password field says what a weak password lacks', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<PasswordForm header={<h1>Set New Password</h1>} passwordLabel="Password" submitLabel="Set password" onSubmit={onSubmit} />);
    type('Password', 'abcdef1!');
    type('Confirm Password', 'abcdefg1');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(screen.queryByText(messages.confirmComplexity)).toBeNull();
    type('Password', 'abcdefgh');
    expect(await screen.findByText(messages.passwordComplexity)).toBeTruthy();
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('PasswordFields: the register form shows the same password fields as PasswordForm', () => {
  it('the hint, the show/hide toggles, the rules of group S with their messages, and the confirmation checked again as the password changes', async () => {
    useUiStore.setState({ modal: 'register' });
    render(<RegisterModal />);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText('At least 8 characters, with a number and a special character.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();

    type('Password', 'abcdefgh');
    fireEvent.blur(password);
    expect(await screen.findByText(messages.passwordComplexity)).toBeTruthy();
    type('Password', 'abcdef1!');
    type('Confirm Password', 'abcdef1?');
    fireEvent.blur(screen.getByLabelText('Confirm Password'));
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();
    // S16: changing the password checks the touched confirmation again.
    type('Password', 'abcdef1?');
    await waitFor(() => expect(screen.queryByText(messages.passwordsDoNotMatch)).toBeNull());
    useUiStore.setState({ modal: null });
  });
});
