// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { OcrProfileAnswer } from '@portal/shared/class-schemas';
import { customerFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import { waitingRoomMessages, type WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { familyProfile, registrationTestConfig } from '@/test/registration-fixtures';
import { server, installMockServer } from '@/test/msw';
import { RegistrationPage } from './registration-page';

installMockServer();
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const config = registrationTestConfig();
const opensAt = '2099-02-01T09:00:00+11:00';
const opening = Date.parse(opensAt);

/** The server's waiting room as the test moves it on: what GET answers, and what joining and leaving do. */
function serveRoom() {
  const calls: string[] = [];
  let place: WaitingRoomAnswer['place'] = null;
  let placesLeft = 40;
  const answer = (): WaitingRoomAnswer => ({
    inForce: true,
    opensAt,
    joinFrom: new Date(opening - 15 * 60_000).toISOString(),
    now: new Date().toISOString(),
    placesLeft: place && ['early', 'waiting'].includes(place.state) ? placesLeft : null,
    place,
  });
  server.use(
    http.get<{ id: string }, never, OcrProfileAnswer>('/api/classes/ocr-profiles/:id', () => HttpResponse.json({ success: true, profile: { ...familyProfile(), OpensAt: opensAt } })),
    http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 1, State: 'Mandatory' }] }))),
    http.get('/api/ocr/waiting-room/:profile', () => {
      calls.push('GET');
      return HttpResponse.json(answer());
    }),
    http.post('/api/ocr/waiting-room/:profile', () => {
      calls.push('POST');
      place = {
        state: Date.now() < opening ? 'early' : 'waiting',
        position: Date.now() < opening ? null : 3,
        estimatedWaitMinutes: Date.now() < opening ? null : 20,
        turnEndsAt: null,
        pollAfterMs: Date.now() < opening ? 30_000 : 5_000,
      };
      return HttpResponse.json(answer());
    }),
    http.delete('/api/ocr/waiting-room/:profile', () => {
      calls.push('DELETE');
      place = null;
      return HttpResponse.json(answer());
    }),
  );
  return { calls, set: (next: WaitingRoomAnswer['place']) => (place = next), setPlacesLeft: (n: number) => (placesLeft = n) };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, { ...config, localization: { ...config.localization, DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/ocr?id=1001&p=3']}>
        <RegistrationPage renderStudentUpdate={() => null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('the waiting room of an opening (decision 099)', () => {
  it('counts down to the room, joins by itself, waits for the draw, shows its place and wait, and opens the registration in its turn', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: opening - 15 * 60_000 - 2_000 });
    const room = serveRoom();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration opens soon' })).toBeTruthy();
    expect(
      screen.getByText('The waiting room opens at 08:45 AM (Sydney time). Everyone there before 09:00 AM is given a random place in the queue at 09:00 AM, so there is no need to rush.'),
    ).toBeTruthy();
    expect(room.calls).toEqual(['GET']);
    // The room opens: the page joins by itself.
    vi.setSystemTime(opening - 15 * 60_000);
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re in the waiting room' }, { timeout: 3_000 })).toBeTruthy();
    expect(room.calls).toEqual(['GET', 'POST']);
    expect(screen.getByText('At 09:00 AM (Sydney time), everyone in the waiting room is given a random place in the queue. Arriving earlier does not move you ahead.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('15 min'));
    expect(screen.getByText('40 places are free in the classes now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
    // The opening: the page waits for the server's next answer (the server says when: within seconds
    // of the opening), saying so in the live region; with no answer by 10 s after it, the page asks by itself.
    room.set({ state: 'waiting', position: 12, estimatedWaitMinutes: 20, turnEndsAt: null, pollAfterMs: 5_000 });
    vi.setSystemTime(opening);
    const opens = await screen.findByText('Registration is opening: your place in the queue follows in a few seconds.', undefined, { timeout: 3_000 });
    expect(opens.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    expect(room.calls).toEqual(['GET', 'POST']);
    vi.setSystemTime(opening + 10_000);
    expect(await screen.findByText('11 families are ahead of you. Estimated wait: about 20 minutes.', undefined, { timeout: 3_000 })).toBeTruthy();
    expect(room.calls).toEqual(['GET', 'POST', 'GET']);
    expect(screen.getByRole('heading', { level: 1, name: 'You’re in the queue' })).toBeTruthy();
    const live = screen.getByText('Your place in the queue:').closest('[aria-live]');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(live?.textContent).toContain('12');
    expect(screen.getByText('40 places are free in the classes now.')).toBeTruthy();
    // Asked again every 5 seconds.
    room.set({ state: 'waiting', position: 1, estimatedWaitMinutes: 1, turnEndsAt: null, pollAfterMs: 5_000 });
    room.setPlacesLeft(1);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(await screen.findByText('You are next. Estimated wait: about a minute.')).toBeTruthy();
    expect(screen.getByText('1 place is free in the classes now.')).toBeTruthy();
    room.set({ state: 'admitted', position: null, estimatedWaitMinutes: null, turnEndsAt: new Date(opening + 20 * 60_000).toISOString(), pollAfterMs: 60_000 });
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeTruthy();
    // Twenty seconds have passed on the clock since the opening.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('It’s your turn: finish your registration by 09:20 AM (Sydney time). Your turn ends in 19 min 40 s'));
  });

  it('every class full: the queue says so, and the family may stay or leave', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: opening + 60_000 });
    const room = serveRoom();
    renderPage();
    expect(await screen.findByText('2 families are ahead of you. Estimated wait: about 20 minutes.')).toBeTruthy();
    expect(screen.queryByText(waitingRoomMessages.allFull)).toBeNull();
    room.setPlacesLeft(0);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    const full = await screen.findByText(waitingRoomMessages.allFull);
    expect(full.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByText(/free in the classes now/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave the queue' })).toBeTruthy();
    // A family did not finish paying: the place that came back is announced, with the count.
    room.setPlacesLeft(1);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    const back = await screen.findByText(waitingRoomMessages.placesBack);
    expect(back.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText('1 place is free in the classes now.')).toBeTruthy();
    expect(screen.queryByText(waitingRoomMessages.allFull)).toBeNull();
  });

  it('Join the queue again and a turn that ended take the focus to the new heading', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: opening + 60_000 });
    const room = serveRoom();
    room.set({ state: 'ended', position: null, estimatedWaitMinutes: null, turnEndsAt: null, pollAfterMs: 5_000 });
    renderPage();
    const button = await screen.findByRole('button', { name: 'Join the queue again' });
    button.focus();
    fireEvent.click(button);
    const queue = await screen.findByRole('heading', { level: 1, name: 'You’re in the queue' });
    await waitFor(() => expect(document.activeElement).toBe(queue));
    room.set({ state: 'ended', position: null, estimatedWaitMinutes: null, turnEndsAt: null, pollAfterMs: 5_000 });
    screen.getByRole('button', { name: 'Leave the queue' }).focus();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    const ended = await screen.findByRole('heading', { level: 1, name: 'Your turn has ended' });
    await waitFor(() => expect(document.activeElement).toBe(ended));
  });

  it('an answer asked for before Leave and answered after it does not bring the turn back', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: opening + 60_000 });
    const room = serveRoom();
    const client = renderPage();
    expect(await screen.findByText('2 families are ahead of you. Estimated wait: about 20 minutes.')).toBeTruthy();
    // The next question is asked as the family is let in; its answer is slow to come.
    let answer: (() => void) | null = null;
    server.use(
      http.get('/api/ocr/waiting-room/:profile', async () => {
        const admitted: WaitingRoomAnswer = {
          inForce: true,
          opensAt,
          joinFrom: new Date(opening - 15 * 60_000).toISOString(),
          now: new Date().toISOString(),
          placesLeft: null,
          place: { state: 'admitted', position: null, estimatedWaitMinutes: null, turnEndsAt: new Date(Date.now() + 10 * 60_000).toISOString(), pollAfterMs: 60_000 },
        };
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(admitted);
      }),
    );
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    for (let i = 0; i < 100 && answer === null; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answer).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave the queue' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave the queue?' })).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You have left the queue' })).toBeTruthy();
    expect(room.calls.at(-1)).toBe('DELETE');
    answer!();
    // However long that takes: the page's question has ended (answered or given up) and the page drawn since, before the screen is read.
    await waitFor(() => expect(client.isFetching({ queryKey: ['waiting-room'] })).toBe(0));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText(/It’s your turn/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'You have left the queue' })).toBeTruthy();
  });

  it('leaving gives the place up and offers to join again at the back; a lapsed turn says so', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: opening + 60_000 });
    const room = serveRoom();
    renderPage();
    expect(await screen.findByText('2 families are ahead of you. Estimated wait: about 20 minutes.')).toBeTruthy();
    // Leave asks first: staying keeps the place and asks the server nothing.
    const leave = screen.getByRole('button', { name: 'Leave the queue' });
    leave.focus();
    fireEvent.click(leave);
    let dialog = await screen.findByRole('dialog', { name: 'Leave the queue?' });
    expect(dialog.textContent).toContain('You will lose your place in the queue.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Stay' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(room.calls).toEqual(['GET', 'POST']);
    expect(screen.getByRole('heading', { level: 1, name: 'You’re in the queue' })).toBeTruthy();
    // Escape closes it too, leaving nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Leave the queue' }));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Leave the queue?' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(room.calls).toEqual(['GET', 'POST']);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the queue' }));
    dialog = await screen.findByRole('dialog', { name: 'Leave the queue?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You have left the queue' })).toBeTruthy();
    expect(screen.getByText('Your place has gone to the next family. You can join again at the back of the queue.')).toBeTruthy();
    expect(room.calls).toEqual(['GET', 'POST', 'DELETE']);
    fireEvent.click(screen.getByRole('button', { name: 'Join the queue again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re in the queue' })).toBeTruthy();
    room.set({ state: 'ended', position: null, estimatedWaitMinutes: null, turnEndsAt: null, pollAfterMs: 5_000 });
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your turn has ended' })).toBeTruthy();
    expect(screen.getByText('Your turn in the queue has ended. Please join the queue again.')).toBeTruthy();
  });
});
