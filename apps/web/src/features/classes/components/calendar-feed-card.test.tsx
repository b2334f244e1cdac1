// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { classesTestConfig } from '@/test/classes-config';
import { renderRoute } from '@/test/render-route';
import { installMockServer, server } from '@/test/msw';
import { CalendarFeedCard } from './calendar-feed-card';

installMockServer();
afterEach(cleanup);

describe('CalendarFeedCard', () => {
  it('a link made earlier says why it is not shown again, and that a new one stops the old', async () => {
    server.use(http.get('/api/classes/calendar-feed', () => HttpResponse.json({ active: true, created_at: '2026-11-20T01:00:00.000Z' })));
    renderRoute(<CalendarFeedCard />, { url: '/hub/classes', config: classesTestConfig('Minutes') });
    expect(await screen.findByText(/shown only when it is made/)).toBeTruthy();
    expect(screen.getByText(/the one you have now then stops working/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make a new link' })).toBeTruthy();
  });
});
