// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import type { ApiError } from '@portal/shared/api-schemas';
import type { ConfirmEmailAnswer, SendCodeAnswer, VerifyCodeAnswer, verifyCodeRequestSchema } from '@portal/shared/registration-schemas';
import { useUiStore } from '@/lib/ui-store';
import { server, installMockServer } from '@/test/msw';
import type { EmailProof } from '../lib/registration-state';
import { EmailCheck } from './email-check';

installMockServer();
afterEach(() => cleanup());

const EMAIL = 'priya@example.com';
const TOKEN = 'registration-token-123';

function Harness({ knownEmail = null }: { knownEmail?: string | null }) {
  const [proof, setProof] = useState<EmailProof | null>(null);
  return <EmailCheck profileId={3} knownEmail={knownEmail} proof={proof} onProof={setProof} />;
}

function renderCheck(knownEmail: string | null = null) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness knownEmail={knownEmail} />
    </QueryClientProvider>,
  );
}

function serveNewAddress() {
  server.use(
    http.post<never, { email: string }, ConfirmEmailAnswer>('/api/ocr/confirm-email', () => HttpResponse.json({ success: true, existing_client: false })),
    http.post<never, { email: string }, SendCodeAnswer>('/api/ocr/send-code', async ({ request }) => {
      const { email } = await request.json();
      return HttpResponse.json({ success: true, token: TOKEN, message: `We have sent a 6-digit code to ${email}.` });
    }),
  );
}

async function sendCode() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: `  ${EMAIL} ` } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByRole('form', { name: 'Email verification code' });
}

describe('EmailCheck', () => {
  it('N22: the address is checked first; the code box shows the server’s message and asks for the code ("Code is required")', async () => {
    serveNewAddress();
    renderCheck();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await sendCode();
    expect(screen.getByRole('status').textContent).toBe(`We have sent a 6-digit code to ${EMAIL}.`);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('N22: a wrong code shows the server’s message under the code box; the right one verifies the address', async () => {
    serveNewAddress();
    const sent: z.input<typeof verifyCodeRequestSchema>[] = [];
    server.use(
      http.post<never, z.input<typeof verifyCodeRequestSchema>, VerifyCodeAnswer | ApiError>('/api/ocr/verify-code', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (body.code !== 123456) return HttpResponse.json({ message: 'The code is incorrect or has expired', code: 'CODE_INVALID' }, { status: 422 });
        return HttpResponse.json({ success: true, verified: true, email: EMAIL });
      }),
    );
    renderCheck();
    await sendCode();
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is incorrect or has expired')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email address verified')).toBeTruthy();
    expect(screen.getByText(EMAIL)).toBeTruthy();
    expect(sent).toEqual([
      { token: TOKEN, code: 111111, profile: 3 },
      { token: TOKEN, code: 123456, profile: 3 },
    ]);
  });

  it('focus follows the views: the code box when the code form opens, the verified address after verifying; the "code sent" live region stays mounted', async () => {
    serveNewAddress();
    server.use(http.post<never, z.input<typeof verifyCodeRequestSchema>, VerifyCodeAnswer>('/api/ocr/verify-code', () => HttpResponse.json({ success: true, verified: true, email: EMAIL })));
    renderCheck();
    // Mounted, and empty, before any code is sent, so the message is announced when it comes.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await sendCode();
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe(`We have sent a 6-digit code to ${EMAIL}.`);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const verified = await screen.findByRole('heading', { name: /Email address verified/ });
    await waitFor(() => expect(document.activeElement).toBe(verified));
    expect(screen.getByRole('status')).toBe(status);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' })));
  });

  it('N22, N35: an address that already has an account is told so and offered the sign-in; no code is sent', async () => {
    let codes = 0;
    server.use(
      http.post<never, { email: string }, ConfirmEmailAnswer>('/api/ocr/confirm-email', () => HttpResponse.json({ success: true, existing_client: true })),
      http.post('/api/ocr/send-code', () => {
        codes += 1;
        return HttpResponse.json({});
      }),
    );
    renderCheck();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: EMAIL } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This email address already has an account. Please sign in.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('This email address already has an account. Please sign in.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in' })));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useUiStore.getState().modal).toBe('login'));
    expect(codes).toBe(0);
  });

  it('N23, S26: an AutoEnroll link’s address is filled in read-only, proved by its code, and cannot be swapped for another', async () => {
    serveNewAddress();
    const sent: string[] = [];
    server.use(
      http.post<never, { email: string }, ConfirmEmailAnswer>('/api/ocr/confirm-email', async ({ request }) => {
        sent.push((await request.json()).email);
        return HttpResponse.json({ success: true, existing_client: false });
      }),
      http.post<never, z.input<typeof verifyCodeRequestSchema>, VerifyCodeAnswer>('/api/ocr/verify-code', () => HttpResponse.json({ success: true, verified: true, email: EMAIL })),
    );
    renderCheck(EMAIL);
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect([input.value, input.readOnly]).toEqual([EMAIL, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('form', { name: 'Email verification code' });
    expect(sent).toEqual([EMAIL]);
    expect(screen.queryByRole('button', { name: 'Use another email' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email address verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });

  it('N23: without a known address the box is the family’s to type in', () => {
    renderCheck();
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect([input.value, input.readOnly]).toEqual(['', false]);
  });

  it('Send a new code says so and rests, the focus in the code box; the earlier e-mail’s code verifies in one request naming its token', async () => {
    let sends = 0;
    const sent: z.input<typeof verifyCodeRequestSchema>[] = [];
    server.use(
      http.post<never, { email: string }, ConfirmEmailAnswer>('/api/ocr/confirm-email', () => HttpResponse.json({ success: true, existing_client: false })),
      http.post<never, { email: string }, SendCodeAnswer>('/api/ocr/send-code', async ({ request }) => {
        sends += 1;
        return HttpResponse.json({ success: true, token: `token-${sends}`, message: `We have sent a 6-digit code to ${(await request.json()).email}.` });
      }),
      // As the server checks: the first e-mail's code is 111111 (token-1), the second's 222222 (token-2).
      http.post<never, z.input<typeof verifyCodeRequestSchema>, VerifyCodeAnswer | ApiError>('/api/ocr/verify-code', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        const right = body.code === 222222 || (body.code === 111111 && (body.earlier_tokens ?? []).includes('token-1'));
        if (!right) return HttpResponse.json({ message: 'The code is incorrect or has expired', code: 'CODE_INVALID' }, { status: 422 });
        return HttpResponse.json({ success: true, verified: true, email: EMAIL });
      }),
    );
    renderCheck();
    await sendCode();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    // Before, the page said nothing new, and the button sent another e-mail at every tap.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`We have sent a new code to ${EMAIL}. The code in an earlier e-mail still works.`));
    expect((screen.getByRole('button', { name: 'New code sent' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' })));
    expect(sends).toBe(2);
    // The family uses the first e-mail, which arrived first: before, "The code is incorrect or has expired".
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email address verified')).toBeTruthy();
    expect(sent).toEqual([{ token: 'token-2', earlier_tokens: ['token-1'], code: 111111, profile: 3 }]);
  });

  it('a code with letters in it: "Please enter valid numbers only" (S19), and nothing is sent', async () => {
    serveNewAddress();
    let asked = 0;
    server.use(
      http.post('/api/ocr/verify-code', () => {
        asked += 1;
        return HttpResponse.json({});
      }),
    );
    renderCheck();
    await sendCode();
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter valid numbers only')).toBeTruthy();
    expect(asked).toBe(0);
  });
});
