// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import { server, installMockServer } from '@/test/msw';
import { api } from './api-client';

installMockServer();

const tokenError = () => HttpResponse.json<ApiError>({ message: 'Token Error', code: 'TOKEN_ERROR' }, { status: 401 });
const settled = (p: Promise<unknown>) => Promise.race([p.then(() => 'answered', () => 'failed'), new Promise((r) => setTimeout(() => r('pending'), 100))]);

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
    const call = api('/api/home/get-upcoming-classes');
    expect(await settled(call)).toBe('pending');
    expect(order).toEqual(['refresh', 'reload']);
  });

  it('still reloads when the refresh fails, but only once: the next Token Error reaches the caller', async () => {
    server.use(
      http.get('/api/home/get-upcoming-classes', tokenError),
      http.post('/api/company/refresh-company-token', () => {
        order.push('refresh');
        return HttpResponse.json<ApiError>({ message: 'down', code: 'INTERNAL' }, { status: 500 });
      }),
    );
    expect(await settled(api('/api/home/get-upcoming-classes'))).toBe('pending');
    expect(order).toEqual(['refresh', 'reload']);
    // After the reload (same tab, within 10 s) the error is shown instead of reloading again.
    await expect(api('/api/home/get-upcoming-classes')).rejects.toThrow('Token Error');
    expect(order).toEqual(['refresh', 'reload']);
  });
});
