// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { MessageList, MessageRepliesAnswer, MessageReply, MessageReplyAnswer } from '@portal/shared/message-schemas';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import MessagesRoute from './messages-route';
import { MOBILE_QUERY } from '@/lib/use-media';

installMockServer();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A phone: the portal's phone media query matches (the page shows the message alone, with a way back). */
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === MOBILE_QUERY, media: query, addEventListener() {}, removeEventListener() {} }));
});

const config = formTestConfig({
  CompanyDisplayName: 'Splash Swim School',
  EnableMessages: true,
  localization: { DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
});

const message = {
  CPMessageID: 7,
  Title: 'Carnival volunteers needed',
  Body: 'We need timekeepers for Sunday. Reply to this message if you can help for an hour.',
  // 9:30 am in Sydney.
  PublishedTimestamp: '2026-11-19T22:30:00.000Z',
  CP_CustomersMessagesRead: [{ ReadTimestamp: '2026-11-20T00:00:00.000Z' }],
};
const earlier: MessageReply = { CPMessageReplyID: 1, Body: 'I can time the 50 m races.', CreatedTimestamp: '2026-11-20T01:15:00.000Z', AuthorName: 'Sarah Mitchell' };

/** The page's calls: the list, the thread, and each reply sent with its Idempotency-Key. `answers` decides each reply's fate in turn. */
function serveMessages(answers: ('ok' | 'lost' | ApiError)[] = ['ok'], canReply = true) {
  const sent: { body: unknown; key: string | null }[] = [];
  const thread = [earlier];
  let next = 100;
  server.use(
    http.get<never, never, MessageList>('/api/messages', () => HttpResponse.json({ total_count: 1, unread_messages_count: 0, messages: [message] })),
    http.get<never, never, MessageRepliesAnswer>('/api/messages/get-replies', ({ request }) => {
      expect(new URL(request.url).searchParams.get('message_id')).toBe('7');
      return HttpResponse.json({ success: true, replies: thread, can_reply: canReply });
    }),
    http.post<never, { message_id: number; body: string }, MessageReplyAnswer | ApiError>('/api/messages/reply', async ({ request }) => {
      const body = await request.json();
      sent.push({ body, key: request.headers.get('idempotency-key') });
      const fate = answers.shift() ?? 'ok';
      if (fate === 'lost') return HttpResponse.error();
      if (fate !== 'ok') return HttpResponse.json(fate, { status: 400 });
      const reply = { CPMessageReplyID: next++, Body: body.body.trim(), CreatedTimestamp: '2026-11-20T03:05:00.000Z', AuthorName: 'Sarah Mitchell' };
      thread.push(reply);
      return HttpResponse.json({ success: true, reply });
    }),
  );
  return sent;
}

const renderPage = () => renderRoute(<MessagesRoute />, { url: '/hub/messages?id=7', config });

describe('a message and its replies on a phone (/hub/messages?id=)', () => {
  it('shows who wrote the message and each reply, and when, in the company’s date format, newest last', async () => {
    serveMessages();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: message.Title })).toBeTruthy();
    const thread = await screen.findByRole('list', { name: 'Replies' });
    const [reply] = within(thread).getAllByRole('listitem');
    expect(within(thread).getAllByRole('listitem')).toHaveLength(1);
    expect(within(reply!).getByText('Sarah Mitchell')).toBeTruthy();
    expect(within(reply!).getByText('20/11/2026 12:15:00 PM')).toBeTruthy();
    expect(within(reply!).getByText('I can time the 50 m races.')).toBeTruthy();
    expect(screen.getByText('Splash Swim School')).toBeTruthy();
    expect(screen.getByText('20/11/2026 09:30:00 AM')).toBeTruthy();
    expect(screen.queryByText(/front desk/i)).toBeNull();
  });

  it('an empty reply is refused on the page and nothing is sent; a reply is sent once, shows last and empties the box', async () => {
    const sent = serveMessages();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Reply' });
    const box = within(form).getByLabelText('Your reply');
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText('Please write your reply')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(box, { target: { value: 'Count us in for the barbecue.' } });
    const send = within(form).getByRole('button', { name: 'Send reply' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByText('Your reply has been sent.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ message_id: 7, body: 'Count us in for the barbecue.' });
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    const items = within(screen.getByRole('list', { name: 'Replies' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]!.textContent).toContain('Count us in for the barbecue.');
    expect(items[1]!.textContent).toContain('20/11/2026 02:05:00 PM');
    expect((box as HTMLTextAreaElement).value).toBe('');
    // Leaving the emptied box (a tap elsewhere on a phone, where the box kept the focus) marks nothing wrong.
    fireEvent.focus(box);
    fireEvent.blur(box);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(form).queryByText('Please write your reply')).toBeNull();
    // A press that sends nothing takes the last answer away, so it never stands beside the new error.
    fireEvent.click(send);
    expect(await within(form).findByText('Please write your reply')).toBeTruthy();
    expect(screen.queryByText('Your reply has been sent.')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('a reply whose answer was lost is sent again under the same key; the next reply gets a new one', async () => {
    const sent = serveMessages(['lost', 'ok', 'ok']);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Reply' });
    fireEvent.change(within(form).getByLabelText('Your reply'), { target: { value: 'We can help.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply has been sent.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Your reply'), { target: { value: 'And Ella can too.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });

  it('a reply typed and not sent is asked about before the message is left (All messages on a phone)', async () => {
    serveMessages();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Reply' });
    fireEvent.change(within(form).getByLabelText('Your reply'), { target: { value: 'We can help.' } });
    fireEvent.click(screen.getByRole('link', { name: 'All messages' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without sending?' });
    expect(ask.textContent).toContain('Your reply has not been sent.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without sending?' })).toBeNull());
    expect((within(form).getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('We can help.');
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply has been sent.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'All messages' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Reply' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Leave without sending?' })).toBeNull();
  });

  it('a reply typed for one message and left does not follow to another (side by side on a desktop)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    const second = { ...message, CPMessageID: 8, Title: 'Pool closed on Monday' };
    server.use(
      http.get<never, never, MessageList>('/api/messages', () => HttpResponse.json({ total_count: 2, unread_messages_count: 0, messages: [message, second] })),
      http.get<never, never, MessageRepliesAnswer>('/api/messages/get-replies', () => HttpResponse.json({ success: true, replies: [], can_reply: true })),
    );
    renderPage();
    await screen.findByRole('form', { name: 'Reply' });
    // Both messages opened once: their replies come from the cache from now on.
    fireEvent.click(screen.getByRole('link', { name: /Pool closed on Monday/ }));
    expect(await screen.findByRole('heading', { name: 'Pool closed on Monday' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: new RegExp(message.Title) }));
    expect(await screen.findByRole('heading', { name: message.Title })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Your reply'), { target: { value: 'We can help.' } });
    fireEvent.click(screen.getByRole('link', { name: /Pool closed on Monday/ }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without sending?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Pool closed on Monday' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe(''));
  });

  it('a reply not sent comes back to its message after a reload, and is forgotten once sent (decision 148)', async () => {
    serveMessages();
    const first = renderPage();
    fireEvent.change(within(await screen.findByRole('form', { name: 'Reply' })).getByLabelText('Your reply'), { target: { value: 'I can help at 10.' } });
    // The page ends without unmounting (a reload): what this tab kept is what the next page finds.
    const kept = { ...sessionStorage };
    expect(Object.entries(kept).filter(([key]) => key.startsWith('portal-draft:'))).toEqual([[expect.stringMatching(/:reply:7$/), JSON.stringify({ body: 'I can help at 10.' })]]);
    first.unmount();
    Object.assign(sessionStorage, kept);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Reply' });
    expect(within(form).getByText('We kept the reply you had not sent.')).toBeTruthy();
    await waitFor(() => expect((within(form).getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('I can help at 10.'));
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply has been sent.')).toBeTruthy();
    expect(within(form).queryByText('We kept the reply you had not sent.')).toBeNull();
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('portal-draft:'))).toEqual([]);
  });

  it('a reply whose answer was lost and whose page then reloaded says it may have been sent, and goes again under its first key', async () => {
    const sent = serveMessages(['lost', 'ok']);
    const first = renderPage();
    const form = await screen.findByRole('form', { name: 'Reply' });
    fireEvent.change(within(form).getByLabelText('Your reply'), { target: { value: 'I can help at 10.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    await within(form).findByText('We could not reach the server. Please check your connection and try again.');
    const kept = { ...sessionStorage };
    first.unmount();
    Object.assign(sessionStorage, kept);
    renderPage();
    const again = await screen.findByRole('form', { name: 'Reply' });
    expect(await within(again).findByText('We kept the reply you were sending when the page closed. It may already have been sent: sending it again will not send it twice.')).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply has been sent.')).toBeTruthy();
    expect(sent.map((s) => s.key)).toEqual([sent[0]!.key, sent[0]!.key]);
  });

  it('the server’s field message shows under the box', async () => {
    serveMessages([{ message: 'Please check the highlighted fields.', code: 'VALIDATION', errors: [{ field: 'body', message: 'Please keep your reply to 2000 characters' }] }]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Reply' });
    fireEvent.change(within(form).getByLabelText('Your reply'), { target: { value: 'Hello' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText('Please keep your reply to 2000 characters')).toBeTruthy();
  });

  it('a company that takes no replies shows no form, and says how to answer', async () => {
    serveMessages([], false);
    renderPage();
    expect(await screen.findByText('To answer this message, please contact Splash Swim School directly.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Reply' })).toBeNull();
  });
});
