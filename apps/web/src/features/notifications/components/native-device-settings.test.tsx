// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { server, installMockServer } from '@/test/msw';
import { nativePushToken } from '@/lib/native-bridge';
import { NativeDeviceSettings } from './native-device-settings';

installMockServer();
afterEach(cleanup);

const TOKEN = 'dFcmDeviceToken123:APA91bHSampleTokenFromTheApp';

describe('Notifications in the native app (decision 102)', () => {
  it('takes the push token its wrapper posts, and nothing that is not one', () => {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'push-token', platform: 'android', token: 'short' }) }));
      window.dispatchEvent(new MessageEvent('message', { data: '{not json' }));
    });
    expect(nativePushToken()).toBeNull();
    act(() => {
      document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'push-token', platform: 'ios', token: TOKEN }) }));
    });
    expect(nativePushToken()).toEqual({ platform: 'ios', token: TOKEN });
  });

  it('turns the device on with every category, and tells why where the server sends no app notifications', async () => {
    const saved: unknown[] = [];
    let off = false;
    server.use(
      http.get('/api/notification/device', () => HttpResponse.json({ publicKey: 'k', device: null })),
      http.put('/api/notification/device', async ({ request }) => {
        saved.push(await request.json());
        if (off) return HttpResponse.json({ code: 'NATIVE_PUSH_OFF', message: 'Notifications from the app are not set up yet. You will still get them by e-mail and in the hub.' }, { status: 422 });
        return HttpResponse.json({ publicKey: 'k', device: { categories: ['classes', 'invoices'] } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <NativeDeviceSettings device={{ platform: 'android', token: TOKEN }} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('button', { name: 'Turn off on this device' })).toBeTruthy();
    expect(saved[0]).toMatchObject({ platform: 'android', token: TOKEN, categories: expect.arrayContaining(['classes', 'invoices']) });
    off = true;
    fireEvent.click(screen.getAllByRole('checkbox')[0]!);
    expect((await screen.findByRole('alert')).textContent).toBe('Notifications from the app are not set up yet. You will still get them by e-mail and in the hub.');
  });
});
