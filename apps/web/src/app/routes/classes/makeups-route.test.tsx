// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { undoMessages, type CancelMakeupAnswer, type Makeup, type MakeupsAnswer } from '@portal/shared/class-schemas';
import { classesTestConfig } from '@/test/classes-config';
import { HOLDER, renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import MakeupsRoute from './makeups-route';

installMockServer();
afterEach(cleanup);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const credit = (MakeupID: number, MissedDate: string): Makeup => ({
  MakeupID,
  StudentID: 5,
  StudentName: 'Ella',
  LessonFormatID: 1,
  LessonFormat: 'Group',
  MissedDate,
  MissedClass: 'Tadpoles',
  ExpiresOn: day(60),
  Status: 'available',
  BookedDate: null,
  BookedClass: null,
  BookedAbsence: null,
  Level: 'Seahorse',
  CanCancel: false,
});

describe('the make-ups page', () => {
  it('an absence notified ahead says the child will miss the session; one gone by says it was missed', async () => {
    server.use(http.get<never, never, MakeupsAnswer>('/api/classes/get-makeups', () => HttpResponse.json({ makeups: [credit(1, day(-7)), credit(2, day(14))] })));
    renderRoute(<MakeupsRoute />, { url: '/hub/classes/makeups', config: classesTestConfig('Minutes') });
    const rows = await screen.findAllByTestId('makeup');
    expect(rows.map((r) => r.querySelector('p + p')?.textContent?.replace(/\d\d\/\d\d\/\d{4}/, 'date'))).toEqual(['Missed Tadpoles on date', 'Will miss Tadpoles on date']);
  });

  it('a make-up booked before its cut-off can be cancelled: asked first, the credit said free again', async () => {
    const booked = { ...credit(3, day(-7)), Status: 'used' as const, BookedDate: day(9), BookedClass: 'Seahorse – Thursday', CanCancel: true };
    const ran = { ...credit(4, day(-14)), Status: 'used' as const, BookedDate: day(-1), BookedClass: 'Seahorse – Thursday' };
    const sent: unknown[] = [];
    server.use(
      http.get<never, never, MakeupsAnswer>('/api/classes/get-makeups', () => HttpResponse.json({ makeups: [booked, ran] })),
      http.post<never, never, CancelMakeupAnswer>('/api/classes/cancel-makeup', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: undoMessages.makeupCancelled, makeup: { ...booked, Status: 'available', BookedDate: null, BookedClass: null, CanCancel: false } });
      }),
    );
    renderRoute(<MakeupsRoute />, { user: HOLDER, url: '/hub/classes/makeups', config: classesTestConfig('Minutes') });
    const rows = await screen.findAllByTestId('makeup');
    // Only the make-up still ahead offers it.
    expect(rows.map((r) => within(r).queryAllByRole('button', { name: /^Cancel make-up/ }).length)).toEqual([1, 0]);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Cancel make-up: Ella, \d\d\/\d\d\/\d{4}$/ }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel this make-up?' });
    const until = /until (\d\d\/\d\d\/\d{4})\./;
    expect(within(ask).getByText(/^The place is given up\. The credit can be booked again until \d\d\/\d\d\/\d{4}\.$/)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel make-up' }));
    const done = await screen.findByRole('dialog', { name: undoMessages.makeupCancelled });
    expect(within(done).getByText(until)).toBeTruthy();
    expect(sent).toEqual([{ makeup_id: 3 }]);
  });
});
