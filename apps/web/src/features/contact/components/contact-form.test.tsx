// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { ContactFormState } from '@portal/shared/contact-schemas';
import { server, installMockServer } from '@/test/msw';
import { ContactForm } from './contact-form';

installMockServer();
afterEach(() => cleanup());

const guest: ContactFormState = { success: true, available: true, contact_email: 'office@splash.example', captcha_required: false, prefill: null };

function renderForm(state: ContactFormState = guest) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ContactForm state={state} />
    </QueryClientProvider>,
  );
}

function fill() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Priya Shah' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'priya@example.com' } });
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Saturdays' } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Can Ella move?' } });
}

describe('ContactForm', () => {
  it('P5: a refusal (429) shows its message in the error box, no success modal, and the fields keep their text', async () => {
    server.use(
      http.post('/api/company/contact-us', () =>
        HttpResponse.json<ApiError>({ message: 'Too many attempts. Please wait 14 minutes and try again.', code: 'RATE_LIMITED' }, { status: 429, headers: { 'Retry-After': '840' } }),
      ),
    );
    renderForm();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait 14 minutes and try again.');
    expect(screen.queryByRole('dialog', { name: 'Message sent' })).toBeNull();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Can Ella move?');
  });

  it('P5: success opens the success modal with the server text and clears subject and message', async () => {
    server.use(http.post('/api/company/contact-us', () => HttpResponse.json({ success: true as const, message: 'Thank you. Your message has been sent.' })));
    renderForm({ ...guest, prefill: { name: 'Sarah Mitchell', email: 'parent@example.com', phone: '0412345678' } });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Sarah Mitchell');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Saturdays' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Can Ella move?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message sent' });
    expect(dialog.textContent).toContain('Thank you. Your message has been sent.');
    await waitFor(() => expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Sarah Mitchell');
  });

  it('a guest must tick the check first; a challenge that cannot be solved says so and the box can be ticked again', async () => {
    server.use(
      http.get('/api/company/captcha-challenge', () =>
        // A hash no number up to 10 gives.
        HttpResponse.json({ success: true as const, captcha: { algorithm: 'SHA-256' as const, challenge: '3ea0f1b8b4cc6e4f0fcb6cc2d3ea0ba4b5c4a4cd00a5c1fcf0ba7f7e3fa2f7d1', salt: 'salt', maxnumber: 10 } }),
      ),
    );
    renderForm({ ...guest, captcha_required: true });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please complete the reCAPTCHA verification')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I’m not a robot' }));
    expect(await screen.findByText('The check could not be completed. Please try again.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'I’m not a robot' }) as HTMLInputElement).checked).toBe(false);
  });
});
