// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Makeup, MakeupsAnswer } from '@portal/shared/class-schemas';
import { classesTestConfig } from '@/test/classes-config';
import { renderRoute } from '@/test/render-route';
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
});
