// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import type { ApiError } from '@portal/shared/api-schemas';
import type { ContactFormState } from '@portal/shared/contact-schemas';
import { decodeCaptcha, serveCaptchaChallenges, SOLVED_AT } from '@/test/captcha';
import { server, installMockServer } from '@/test/msw';
import { DataRouter } from '@/test/data-router';
import { useContactForm } from '../api/get-contact-form';
import { ContactForm } from './contact-form';

installMockServer();
afterEach(() => cleanup());

const guest: ContactFormState = { success: true, available: true, contact_email: 'office@splash.example', captcha_required: false, prefill: null };

function renderForm(state: ContactFormState = guest) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DataRouter>
        <ContactForm state={state} />
      </DataRouter>
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
  it('a message not sent comes back after a reload, says so and can be discarded; sending or leaving forgets it (decision 148)', async () => {
    server.use(http.post('/api/company/contact-us', () => HttpResponse.json({ success: true as const, message: 'Thank you. Your message has been sent.' })));
    const first = renderForm();
    fill();
    // The page ends (a phone dropped the tab, a session that ended reloads it): nothing is unmounted.
    const kept = { ...sessionStorage };
    expect(JSON.parse(kept['portal-draft:guest:contact']!)).toEqual({ subject: 'Saturdays', message: 'Can Ella move?' });
    first.unmount();
    Object.assign(sessionStorage, kept);
    renderForm();
    await screen.findByText('We kept the message you had not sent.');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Saturdays');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Can Ella move?');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Discard it' }));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText('We kept the message you had not sent.')).toBeNull();
    expect(sessionStorage.getItem('portal-draft:guest:contact')).toBeNull();
    // Typed again and sent: nothing is kept.
    fill();
    expect(sessionStorage.getItem('portal-draft:guest:contact')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('dialog', { name: 'Message sent' });
    expect(sessionStorage.getItem('portal-draft:guest:contact')).toBeNull();
    // Typed and left within the portal (the family chose to leave): forgotten.
    cleanup();
    renderForm();
    fill();
    cleanup();
    expect(sessionStorage.getItem('portal-draft:guest:contact')).toBeNull();
  });

  it('asks before a message typed and not sent is left; nothing typed, or the message sent, leaves at once', async () => {
    server.use(http.post('/api/company/contact-us', () => HttpResponse.json({ success: true as const, message: 'Thank you. Your message has been sent.' })));
    const page = (
      <>
        <ContactForm state={guest} />
        <Link to="/hub/company">Home</Link>
      </>
    );
    const router = createMemoryRouter(
      [
        { path: '/contact-us', element: page },
        { path: '/hub/company', element: <p>Home page</p> },
      ],
      { initialEntries: ['/contact-us'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fill();
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without sending?' });
    expect(ask.textContent).toContain('Your message has not been sent.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without sending?' })).toBeNull());
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Can Ella move?');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const done = await screen.findByRole('dialog', { name: 'Message sent' });
    fireEvent.click(within(done).getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

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

  it('P5: a message sent after a refused empty one leaves a clean form, with no “is required” on the cleared boxes', async () => {
    server.use(http.post('/api/company/contact-us', () => HttpResponse.json({ success: true as const, message: 'Thank you. Your message has been sent.' })));
    renderForm({ ...guest, prefill: { name: 'Sarah Mitchell', email: 'parent@example.com', phone: '0412345678' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Saturdays' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Can Ella move?' } });
    // The box keeps the focus as Send is tapped (a phone's browser does not move it to the button).
    screen.getByLabelText('Message').focus();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('dialog', { name: 'Message sent' });
    await waitFor(() => expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(''));
    // The form is as new: nothing is marked wrong until the next send.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Message is required')).toBeNull();
    expect(screen.queryByText('Subject is required')).toBeNull();
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBeNull();
  });

  it('P5: a first message sent leaves a form that marks nothing wrong, in the dialog and after Continue (it read as a failed send)', async () => {
    server.use(http.post('/api/company/contact-us', () => HttpResponse.json({ success: true as const, message: 'Thank you. Your message has been sent.' })));
    renderForm({ ...guest, prefill: { name: 'Sarah Mitchell', email: 'parent@example.com', phone: '0412345678' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Saturdays' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Can Ella move?' } });
    const box = screen.getByLabelText('Message');
    // The box keeps the focus as Send is tapped, and loses it to the dialog.
    box.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message sent' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Message is required')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus back in the box, the parent moves on from it.
    box.focus();
    screen.getByLabelText('Name').focus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Message is required')).toBeNull();
    expect(screen.queryByText('Subject is required')).toBeNull();
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });

  it('a guest must tick the check first; the message goes with the solved challenge, and the next one needs a new check', async () => {
    const served = serveCaptchaChallenges();
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post<never, Record<string, unknown>>('/api/company/contact-us', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true as const, message: 'Thank you. Your message has been sent.' });
      }),
    );
    renderForm({ ...guest, captcha_required: true });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please complete the verification')).toBeTruthy();
    const box = await screen.findByRole('checkbox', { name: 'I’m not a robot' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('Please complete the verification');
    fireEvent.click(box);
    await screen.findByText('Verified');
    // The widget says "Verified" a render before the form clears its error: wait for the form's.
    await waitFor(() => expect(screen.queryByText('Please complete the verification')).toBeNull());
    await waitFor(() => expect(box.hasAttribute('aria-invalid')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('dialog', { name: 'Message sent' });
    expect(sent).toHaveLength(1);
    expect(decodeCaptcha(sent[0]!.captcha)).toEqual({ nonce: served[0]!.parameters.nonce, counter: SOLVED_AT });
    // Accepted once: the box is unticked for the next message.
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(screen.queryByText('Verified')).toBeNull();
  });

  it('Send pressed while the check is still verifying sends the message once it is verified', async () => {
    serveCaptchaChallenges();
    let release = () => {};
    const fetched = new Promise<void>((resolve) => (release = resolve));
    const sent: Record<string, unknown>[] = [];
    server.use(
      // The challenge is slow to come: the widget says it is verifying meanwhile.
      http.get('/api/company/captcha-challenge', async () => {
        await fetched;
        return undefined;
      }),
      http.post<never, Record<string, unknown>>('/api/company/contact-us', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true as const, message: 'Thank you. Your message has been sent.' });
      }),
    );
    renderForm({ ...guest, captcha_required: true });
    fill();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I’m not a robot' }));
    await screen.findByText('Verifying...');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Send message/ }).getAttribute('aria-busy')).toBe('true'));
    expect(screen.queryByText('Please complete the verification')).toBeNull();
    release();
    await screen.findByRole('dialog', { name: 'Message sent' });
    expect(sent).toHaveLength(1);
  });

  it('a refused check is said under the box, which starts over; a challenge that cannot be fetched lets the box be ticked again', async () => {
    let unavailable = true;
    const served = serveCaptchaChallenges();
    server.use(
      http.get('/api/company/captcha-challenge', () => (unavailable ? new HttpResponse(null, { status: 500 }) : undefined)),
      http.post('/api/company/contact-us', () => HttpResponse.json<ApiError>({ message: 'The verification failed. Please try again.', code: 'CAPTCHA_FAILED' }, { status: 400 })),
    );
    renderForm({ ...guest, captcha_required: true });
    fill();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I’m not a robot' }));
    expect(await screen.findByText('Verification failed. Try again later.')).toBeTruthy();
    expect(served).toHaveLength(0);
    unavailable = false;
    fireEvent.click(screen.getByRole('checkbox', { name: 'I’m not a robot' }));
    await screen.findByText('Verified');
    // The widget draws "Verified" itself; the form takes its answer from the event beside it: let React apply it
    // before Send is pressed (under load the press came first and the form asked for the verification again).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('The verification failed. Please try again.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'I’m not a robot' }) as HTMLInputElement).checked).toBe(false));
    expect(screen.queryByRole('dialog', { name: 'Message sent' })).toBeNull();
  });

  it('signed out in another tab, Send shows the guest’s check with its message and keeps everything typed', async () => {
    let signedIn = true;
    serveCaptchaChallenges();
    server.use(
      http.get('/api/company/contact-us', () =>
        HttpResponse.json<ContactFormState>(signedIn ? { ...guest, prefill: { name: 'Priya Shah', email: 'priya@example.com', phone: '' } } : { ...guest, captcha_required: true }),
      ),
      http.post('/api/company/contact-us', () => HttpResponse.json<ApiError>({ message: 'Please complete the verification', code: 'CAPTCHA_REQUIRED' }, { status: 400 })),
    );
    function Page() {
      const form = useContactForm();
      return form.data ? <ContactForm state={form.data} /> : null;
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <DataRouter>
          <Page />
        </DataRouter>
      </QueryClientProvider>,
    );
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Priya Shah');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Saturdays' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Can Ella move?' } });
    signedIn = false;
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('checkbox', { name: 'I’m not a robot' })).toBeTruthy();
    expect(screen.getByText('Please complete the verification')).toBeTruthy();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Can Ella move?');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Saturdays');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Priya Shah');
  });
});
