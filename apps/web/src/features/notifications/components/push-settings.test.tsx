// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { server, installMockServer } from '@/test/msw';
import { PushSettings } from './push-settings';

installMockServer();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PushSettings />
    </QueryClientProvider>,
  );
}

/** A browser with the Push API: its permission as given, and no subscription yet. */
function pushCapableBrowser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const subscribe = vi.fn();
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => answer) });
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: vi.fn(async () => registration), ready: Promise.resolve(registration), addEventListener() {}, removeEventListener() {} },
  });
  server.use(http.get('/api/notification/push', () => HttpResponse.json({ publicKey: PUBLIC_KEY, device: null })));
  return { subscribe };
}

describe('Notifications on this device (decision 100)', () => {
  it('a browser without the Push API is told the hub still shows them, and offered nothing', () => {
    renderSettings();
    expect(screen.getByText('This browser cannot show notifications when the Customer Hub is closed. You will still see them in the Customer Hub.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('notifications blocked for the site: it says how to allow them instead of asking', async () => {
    pushCapableBrowser('denied');
    renderSettings();
    expect(await screen.findByText('Notifications are blocked for this site. Allow them in your browser’s settings, then come back here to turn them on.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('permission refused at the prompt: the reason is shown and nothing is subscribed', async () => {
    const { subscribe } = pushCapableBrowser('default', 'denied');
    let saved = 0;
    server.use(
      http.put('/api/notification/push', () => {
        saved += 1;
        return HttpResponse.json({ publicKey: PUBLIC_KEY, device: { categories: [] } });
      }),
    );
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Notifications are blocked for this site. Allow them in your browser’s settings, then try again.');
    expect(subscribe).not.toHaveBeenCalled();
    expect(saved).toBe(0);
  });
});
