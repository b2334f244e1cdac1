// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import { server, installMockServer } from '@/test/msw';
import { api } from './api-client';

installMockServer();

const tokenError = () => HttpResponse.json<ApiError>({ message: 'Token Error', code: 'TOKEN_ERROR' }, { status: 401 });
/** How a call has ended so far: 'pending' until it answers or fails. */
function track(call: Promise<unknown>): { state: 'pending' | 'answered' | 'failed' } {
  const outcome: { state: 'pending' | 'answered' | 'failed' } = { state: 'pending' };
  void call.then(
    () => {
      outcome.state = 'answered';
    },
    () => {
      outcome.state = 'failed';
    },
  );
  return outcome;
}

describe('"Token Error" (A27)', () => {
  const reload = vi.fn();
  let order: string[];

  beforeEach(() => {
    reload.mockReset();
    order = [];
    reload.mockImplementation(() => order.push('reload'));
    sessionStorage.clear();
    vi.stubGlobal('window', { location: { reload } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('calls refresh-company-token, then reloads once, and the caller sees no error', async () => {
    server.use(
      http.get('/api/home/get-upcoming-classes', tokenError),
      http.post('/api/company/refresh-company-token', () => {
        order.push('refresh');
        return HttpResponse.json({ success: true });
      }),
    );
    const call = track(api('/api/home/get-upcoming-classes'));
    await vi.waitFor(() => expect(order).toEqual(['refresh', 'reload']));
    // The page reloads: the caller is kept waiting, with no error to flash on screen.
    expect(call.state).toBe('pending');
  });

  it('still reloads when the refresh fails, but only once: the next Token Error reaches the caller', async () => {
    server.use(
      http.get('/api/home/get-upcoming-classes', tokenError),
      http.post('/api/company/refresh-company-token', () => {
        order.push('refresh');
        return HttpResponse.json<ApiError>({ message: 'down', code: 'SERVER_ERROR' }, { status: 500 });
      }),
    );
    const first = track(api('/api/home/get-upcoming-classes'));
    await vi.waitFor(() => expect(order).toEqual(['refresh', 'reload']));
    expect(first.state).toBe('pending');
    // After the reload (same tab, within 10 s) the error is shown instead of reloading again.
    await expect(api('/api/home/get-upcoming-classes')).rejects.toThrow('Token Error');
    expect(order).toEqual(['refresh', 'reload']);
  });
});
