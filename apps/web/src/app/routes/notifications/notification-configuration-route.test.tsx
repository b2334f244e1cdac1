// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { OptOut, OptOutsAnswer } from '@portal/shared/notification-schemas';
import { formTestConfig } from '@/test/form-config';
import { HOLDER, renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import NotificationConfigurationRoute from './notification-configuration-route';

installMockServer();
afterEach(cleanup);

const stored: OptOut[] = [
  { category: 'invoices', label: 'Invoices and payments', email: false, in_app: false },
  { category: 'classes', label: 'Classes', email: false, in_app: false },
];

describe('Notification Settings', () => {
  it('a save that failed, then one that went through: the failure is no longer said beside the saved message; a double tap saves once', async () => {
    let saved = stored;
    let reachable = false;
    const saves: Pick<OptOut, 'category' | 'email' | 'in_app'>[][] = [];
    server.use(
      http.get<never, never, OptOutsAnswer>('/api/notification/get-opt-outs', () => HttpResponse.json({ success: true, opt_outs: saved })),
      http.post<never, { opt_outs: Pick<OptOut, 'category' | 'email' | 'in_app'>[] }>('/api/notification/update-opt-outs', async ({ request }) => {
        if (!reachable) return HttpResponse.error();
        const body = (await request.json()).opt_outs;
        saves.push(body);
        saved = saved.map((row) => ({ ...row, ...body.find((b) => b.category === row.category) }));
        return HttpResponse.json<OptOutsAnswer>({ success: true, opt_outs: saved });
      }),
    );
    renderRoute(<NotificationConfigurationRoute />, { url: '/hub/notification-configuration', config: formTestConfig({ ShowNotificationsTab: true }), user: HOLDER });
    fireEvent.click(await screen.findByRole('switch', { name: 'E-mail: Classes' }));
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not reach the server');
    reachable = true;
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText('Your notification preferences have been saved.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saved.find((row) => row.category === 'classes')?.email).toBe(true);
  });
});
