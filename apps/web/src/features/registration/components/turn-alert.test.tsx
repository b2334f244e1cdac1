// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';
import { NOTIFICATIONS_BLOCKED } from '@/lib/device-notifications';
import { NOTIFICATIONS_UNAVAILABLE } from './turn-alert';
import { registrationTestConfig } from '@/test/registration-fixtures';
import { WaitingRoom } from './waiting-room';

/**
 * The browser's notifications and service worker are faked at their boundary (jsdom has neither):
 * what the page asks of them is what is checked. The browser suite shows a real one.
 */
function fakeDevice(initial: NotificationPermission, answer: NotificationPermission = 'granted', registers = true) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const registration = { active: {}, showNotification: vi.fn(async (title: string, options: NotificationOptions) => void shown.push({ title, options })) };
  const permission = { value: initial };
  const requestPermission = vi.fn(async () => (permission.value = answer));
  vi.stubGlobal(
    'Notification',
    Object.defineProperties(function Notification() {}, { requestPermission: { value: requestPermission }, permission: { get: () => permission.value } }),
  );
  const register = vi.fn(async () => {
    if (!registers) throw new Error('The service worker could not be registered');
    return registration;
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, getRegistration: vi.fn(async () => (register.mock.calls.length ? registration : undefined)), ready: Promise.resolve(registration) },
  });
  return { shown, requestPermission, register };
}

let hidden = false;
/** Lets the page's promises and effects run. */
const settle = () => new Promise((r) => setTimeout(r, 20));
beforeEach(() => {
  hidden = false;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const config = { ...registrationTestConfig(), localization: { ...registrationTestConfig().localization, TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' } };
const waiting: WaitingRoomAnswer['place'] = { state: 'waiting', position: 12, estimatedWaitMinutes: 8, turnEndsAt: null, pollAfterMs: 5_000 };
const admitted: WaitingRoomAnswer['place'] = { state: 'admitted', position: null, estimatedWaitMinutes: null, turnEndsAt: '2099-02-01T09:40:00+11:00', pollAfterMs: 60_000 };
const roomWith = (place: WaitingRoomAnswer['place']): WaitingRoomAnswer => ({
  inForce: true,
  opensAt: '2099-02-01T09:00:00+11:00',
  joinFrom: '2099-02-01T08:45:00+11:00',
  now: new Date().toISOString(),
  placesLeft: 40,
  place,
});

function renderRoom(place: WaitingRoomAnswer['place']) {
  const client = new QueryClient();
  const ui = (p: WaitingRoomAnswer['place']) => (
    <QueryClientProvider client={client}>
      <WaitingRoom room={roomWith(p)} receivedAt={Date.now()} profileId={1} alertKey="portal-registration:1001:1:turn-alert" name="Learn to Swim" config={config} refresh={() => undefined}>
        <p>The registration</p>
      </WaitingRoom>
    </QueryClientProvider>
  );
  const view = render(ui(place));
  return { moveTo: (p: WaitingRoomAnswer['place']) => view.rerender(ui(p)) };
}

describe('told of the turn on this device (decision 110)', () => {
  it('asks once for permission, says it will notify, and shows "It’s your turn" when the hidden page is let in', async () => {
    const device = fakeDevice('default');
    const view = renderRoom(waiting);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me when it’s my turn' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('We’ll notify you on this device when it’s your turn.');
    // The answer takes the button's place and the focus, once: the family can move on from it.
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(device.requestPermission).toHaveBeenCalledTimes(1);
    expect(device.register).toHaveBeenCalledWith('/push-sw.js');
    screen.getByRole('button', { name: 'Leave the queue' }).focus();
    view.moveTo({ ...waiting!, position: 11 });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave the queue' }));

    hidden = true;
    view.moveTo(admitted);
    await waitFor(() => expect(device.shown).toHaveLength(1));
    expect(device.shown[0]!.title).toBe('It’s your turn');
    expect(device.shown[0]!.options).toMatchObject({ body: 'Finish your registration for Learn to Swim by 09:40 AM.', data: { url: window.location.href } });
    expect(screen.getByText('The registration')).toBeTruthy();
  });

  it('a page in view when its turn comes shows the turn itself: no notification', async () => {
    const device = fakeDevice('granted');
    const view = renderRoom(waiting);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me when it’s my turn' }));
    await screen.findByRole('status');
    view.moveTo(admitted);
    await settle();
    expect(device.shown).toHaveLength(0);
  });

  it('a family that did not ask is not notified, though the site may notify', async () => {
    const device = fakeDevice('granted');
    const view = renderRoom(waiting);
    expect(screen.getByRole('button', { name: 'Notify me when it’s my turn' })).toBeTruthy();
    hidden = true;
    view.moveTo(admitted);
    await settle();
    expect(device.shown).toHaveLength(0);
  });

  it('a prompt closed without an answer leaves the button; a refusal is explained and takes the focus; a worker that will not start is said plainly', async () => {
    fakeDevice('default', 'default');
    renderRoom(waiting);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me when it’s my turn' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Notify me when it’s my turn' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    fakeDevice('default', 'denied');
    renderRoom(waiting);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me when it’s my turn' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NOTIFICATIONS_BLOCKED);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    cleanup();

    fakeDevice('default', 'granted', false);
    renderRoom(waiting);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me when it’s my turn' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFICATIONS_UNAVAILABLE);
    cleanup();

    // Blocked for the site before: not asked again here.
    fakeDevice('denied');
    renderRoom(waiting);
    expect(screen.queryByRole('button', { name: 'Notify me when it’s my turn' })).toBeNull();
  });

  it('the wish outlives a reload of the tab: let in later, hidden, the family is told; from the draw straight to its turn too', async () => {
    const device = fakeDevice('granted');
    sessionStorage.setItem('portal-registration:1001:1:turn-alert', 'on');
    const view = renderRoom(waiting);
    expect(screen.getByRole('status').textContent).toContain('We’ll notify you on this device when it’s your turn.');
    hidden = true;
    view.moveTo(admitted);
    await waitFor(() => expect(device.shown).toHaveLength(1));
    cleanup();

    hidden = false;
    const early = renderRoom({ state: 'early', position: null, estimatedWaitMinutes: null, turnEndsAt: null, pollAfterMs: 30_000 });
    hidden = true;
    early.moveTo(admitted);
    await waitFor(() => expect(device.shown).toHaveLength(2));
  });

  it('a page loaded in its turn already notifies nothing', async () => {
    const device = fakeDevice('granted');
    sessionStorage.setItem('portal-registration:1001:1:turn-alert', 'on');
    hidden = true;
    renderRoom(admitted);
    await settle();
    expect(device.shown).toHaveLength(0);
  });

  it('no button where the browser cannot show notifications', () => {
    renderRoom(waiting);
    expect(screen.queryByRole('button', { name: 'Notify me when it’s my turn' })).toBeNull();
    expect(screen.getByText(/Your place in the queue/)).toBeTruthy();
  });
});
