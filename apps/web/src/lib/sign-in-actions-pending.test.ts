// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import { signInActionMessages } from '@portal/shared/sign-in-action-schemas';
import { server, installMockServer } from '@/test/msw';
import { api, ApiRequestError, onSignInActionsPending } from './api-client';

installMockServer();

describe('an action the company adds while the customer is signed in (decision 035)', () => {
  const pending = vi.fn();
  afterEach(() => pending.mockReset());

  it('a 403 SIGN_IN_ACTIONS_PENDING tells the app, which reads the queue again and holds the customer on the actions page; the caller still sees the error', async () => {
    onSignInActionsPending(pending);
    server.use(http.get('/api/home/get-upcoming-classes', () => HttpResponse.json<ApiError>({ code: 'SIGN_IN_ACTIONS_PENDING', message: signInActionMessages.pending }, { status: 403 })));
    const call = api('/api/home/get-upcoming-classes');
    await expect(call).rejects.toBeInstanceOf(ApiRequestError);
    expect(pending).toHaveBeenCalledTimes(1);
  });

  it('another 403 does not', async () => {
    onSignInActionsPending(pending);
    server.use(http.get('/api/student/1', () => HttpResponse.json<ApiError>({ code: 'FEATURE_DISABLED', message: 'No' }, { status: 403 })));
    await expect(api('/api/student/1')).rejects.toBeInstanceOf(ApiRequestError);
    expect(pending).not.toHaveBeenCalled();
  });
});
