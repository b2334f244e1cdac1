// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { setCompanyLoaded } from '@/lib/api-client';
import { useGeneratedRegId } from './generate-reg-id';

/** The generate-reg-id questions the page asked, each answered when the test says. */
type Asked = { token: string | null; answer: (regId: string) => void; fail: () => void };
let asked: Asked[];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  setCompanyLoaded(true);
  asked = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    if (new URL(input, 'http://localhost').pathname !== '/api/customer/generate-reg-id') return Promise.resolve(json(404, { success: false, message: 'Not found' }));
    return new Promise<Response>((resolve) => {
      asked.push({
        token: new Headers(init?.headers).get('x-registration-token'),
        answer: (regId) => resolve(json(200, { success: true, reg_id: regId })),
        fail: () => resolve(json(500, { success: false, message: 'Something went wrong' })),
      });
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A new family's customer form showing the Reg ID field ("TBD" until filled), under a registration's token. */
const renderForm = (setRegId: (id: string) => void, token: string) =>
  renderHook(({ token: t, current }: { token: string; current: string }) => useGeneratedRegId(true, current, setRegId, t), { initialProps: { token, current: 'TBD' } });

describe('the Reg ID a new family’s form asks for (N21)', () => {
  it('an answer for a registration the form has moved on from is dropped: only the new registration’s number is shown', async () => {
    const shown: string[] = [];
    const form = renderForm((id) => shown.push(id), 'registration-a');
    await waitFor(() => expect(asked.map((a) => a.token)).toEqual(['registration-a']));
    // The family proves another address: a new registration, whose number is asked for.
    form.rerender({ token: 'registration-b', current: 'TBD' });
    await waitFor(() => expect(asked.map((a) => a.token)).toEqual(['registration-a', 'registration-b']));
    await act(async () => asked[1]!.answer('C000002'));
    await act(async () => asked[0]!.answer('C000001'));
    expect(shown).toEqual(['C000002']);
  });

  it('a question of the registration left behind that fails does not ask again for the new one', async () => {
    const shown: string[] = [];
    const form = renderForm((id) => shown.push(id), 'registration-a');
    await waitFor(() => expect(asked).toHaveLength(1));
    form.rerender({ token: 'registration-b', current: 'TBD' });
    await waitFor(() => expect(asked).toHaveLength(2));
    await act(async () => asked[0]!.fail());
    // The family types elsewhere in the form meanwhile.
    form.rerender({ token: 'registration-b', current: 'TBD ' });
    await act(async () => asked[1]!.answer('C000002'));
    expect(asked.map((a) => a.token)).toEqual(['registration-a', 'registration-b']);
    expect(shown).toEqual(['C000002']);
  });

  it('an answer that comes after the form is gone is dropped; a failed question is asked again when the form opens again', async () => {
    const shown: string[] = [];
    const first = renderForm((id) => shown.push(id), 'registration-a');
    await waitFor(() => expect(asked).toHaveLength(1));
    first.unmount();
    await act(async () => asked[0]!.answer('C000001'));
    expect(shown).toEqual([]);
    const again = renderForm((id) => shown.push(id), 'registration-a');
    await waitFor(() => expect(asked).toHaveLength(2));
    await act(async () => asked[1]!.fail());
    again.rerender({ token: 'registration-a', current: 'TBD ' });
    await waitFor(() => expect(asked).toHaveLength(3));
    await act(async () => asked[2]!.answer('C000001'));
    expect(shown).toEqual(['C000001']);
  });
});
