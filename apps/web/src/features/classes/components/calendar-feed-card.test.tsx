// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('speaks of make-ups only where the company offers them', async () => {
    server.use(http.get('/api/classes/calendar-feed', () => HttpResponse.json({ active: false, created_at: null })));
    renderRoute(<CalendarFeedCard />, { url: '/hub/classes', config: { ...classesTestConfig('Minutes'), CanTakeMakeups: false } });
    expect(await screen.findByText(/Subscribe to your classes and absences in Google/)).toBeTruthy();
    cleanup();
    renderRoute(<CalendarFeedCard />, { url: '/hub/classes', config: { ...classesTestConfig('Minutes'), CanTakeMakeups: true } });
    expect(await screen.findByText(/Subscribe to your classes, make-ups and absences in Google/)).toBeTruthy();
  });

  it('a link made while the card is still asking whether one exists is shown: the older answer does not hide it', async () => {
    let answerStatus: () => void = () => {};
    server.use(
      http.get('/api/classes/calendar-feed', () => new Promise<Response>((resolve) => (answerStatus = () => resolve(HttpResponse.json({ active: false, created_at: null }))))),
      http.post('/api/classes/calendar-feed', () => HttpResponse.json({ active: true, created_at: '2026-11-30T01:00:00.000Z', url: 'http://portal.test/api/classes/calendar/abc.ics' })),
    );
    renderRoute(<CalendarFeedCard />, { url: '/hub/classes', config: classesTestConfig('Minutes') });
    fireEvent.click(screen.getByRole('button', { name: 'Get calendar link' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Calendar link' }) as HTMLInputElement).value).toBe('http://portal.test/api/classes/calendar/abc.ics'));
    // The status asked before the link was made answers now, saying there was none.
    answerStatus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((screen.getByRole('textbox', { name: 'Calendar link' }) as HTMLInputElement).value).toBe('http://portal.test/api/classes/calendar/abc.ics');
  });
});
