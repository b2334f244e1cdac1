// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import { KeptDraftNote, useKeptDraft } from './kept-draft';

let client = new QueryClient();
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  client = new QueryClient();
});

/** Who is signed in: a client by id, or nobody (a guest). */
const signedIn = (who: number | null) =>
  act(async () => {
    client.setQueryData(currentUserQueryOptions.queryKey, who === null ? null : { ClientID: who, FirstName: 'Sarah', LastName: 'Mitchell', total_barcodes: 0 });
    // The query's watchers are told on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
/** The message page, for whoever is signed in now. */
const page = async (who: number | null) => {
  await signedIn(who);
  return render(
    <QueryClientProvider client={client}>
      <Message />
    </QueryClientProvider>,
  );
};

const FIELDS = ['message'] as const;

/** A message box whose draft belongs to whoever is signed in. */
function Message() {
  const form = useForm({ defaultValues: { message: '' } });
  const draft = useKeptDraft('contact', form, FIELDS);
  return (
    <form>
      {draft.restored ? <KeptDraftNote what="message" restored={draft.restored} onDiscard={draft.discard} /> : null}
      <label>
        Message
        <textarea {...form.register('message')} />
      </label>
      <button type="button" onClick={() => draft.sending('1')}>
        Send
      </button>
    </form>
  );
}

const box = () => screen.getByLabelText('Message') as HTMLTextAreaElement;
const kept = () => Object.fromEntries(Object.entries(sessionStorage).filter(([key]) => key.startsWith('portal-draft:')));

describe('a draft kept in the tab (decision 148)', async () => {
  it('the session ends on the page: the family’s draft stays theirs, and nothing of it is filed under a guest', async () => {
    await page(7);
    fireEvent.change(box(), { target: { value: 'Can Ella move to Saturdays?' } });
    await signedIn(null);
    expect(kept()).toEqual({ 'portal-draft:7:contact': JSON.stringify({ message: 'Can Ella move to Saturdays?' }) });
    // Typed on as a guest, it is the guest's.
    fireEvent.change(box(), { target: { value: 'Hello' } });
    expect(kept()['portal-draft:guest:contact']).toBe(JSON.stringify({ message: 'Hello' }));
    expect(kept()['portal-draft:7:contact']).toBe(JSON.stringify({ message: 'Can Ella move to Saturdays?' }));
  });

  it('a guest signs in on the page: an older draft of the family never replaces what was just typed', async () => {
    sessionStorage.setItem('portal-draft:7:contact', JSON.stringify({ message: 'an old draft' }));
    await page(null);
    fireEvent.change(box(), { target: { value: 'typed just now' } });
    await signedIn(7);
    expect(box().value).toBe('typed just now');
    expect(screen.queryByText(/We kept/)).toBeNull();
  });

  it('put back only for the one who typed it; a draft on its way when the page closed says it may have been sent', async () => {
    sessionStorage.setItem('portal-draft:7:contact', JSON.stringify({ message: 'Pool party?', __sending: '1' }));
    const other = await page(8);
    expect(box().value).toBe('');
    other.unmount();
    sessionStorage.setItem('portal-draft:7:contact', JSON.stringify({ message: 'Pool party?', __sending: '1' }));
    await page(7);
    expect(box().value).toBe('Pool party?');
    expect(screen.getByText('We kept the message you were sending when the page closed. It may already have been sent.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(box().value).toBe('');
    expect(kept()).toEqual({});
  });

  it('a message on its way is marked until it is emptied; the mark does not outlive it', async () => {
    await page(7);
    fireEvent.change(box(), { target: { value: 'First' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(JSON.parse(kept()['portal-draft:7:contact']!)).toEqual({ message: 'First', __sending: '1' });
    fireEvent.change(box(), { target: { value: '' } });
    expect(kept()).toEqual({});
    fireEvent.change(box(), { target: { value: 'Second' } });
    expect(JSON.parse(kept()['portal-draft:7:contact']!)).toEqual({ message: 'Second' });
  });
});
