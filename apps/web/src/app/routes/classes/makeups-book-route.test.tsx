// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { classMessages, type BookMakeupAnswer, type Makeup, type MakeupSessionsAnswer, type MakeupsAnswer } from '@portal/shared/class-schemas';
import { classesTestConfig, TIME_DISPLAY_CASES } from '@/test/classes-config';
import { renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import MakeupsBookRoute from './makeups-book-route';

installMockServer();
afterEach(cleanup);

const credit: Makeup = {
  MakeupID: 4,
  StudentID: 5,
  StudentName: 'Ella',
  LessonFormatID: 1,
  LessonFormat: 'Group',
  MissedDate: '2026-11-30',
  MissedClass: 'Tadpoles',
  ExpiresOn: '2027-01-29',
  Status: 'available',
  BookedDate: null,
  BookedClass: null,
  BookedAbsence: null,
  Level: 'Seahorse',
  CanCancel: false,
};

function answers(makeup: Makeup = credit) {
  server.use(
    http.get<never, never, MakeupsAnswer>('/api/classes/get-makeups', () => HttpResponse.json({ makeups: [makeup] })),
    http.get<never, never, MakeupSessionsAnswer>('/api/classes/get-makeup-sessions', () =>
      HttpResponse.json({ sessions: [{ SessionID: 8, ClassID: 102, ClassName: 'Dolphins', Venue: 'Bondi Pool', Date: '2026-12-07', Time: '16:00', Duration: 90, PlacesLeft: 2 }] }),
    ),
    http.post<never, never, BookMakeupAnswer>('/api/classes/book-makeup', () =>
      HttpResponse.json({ success: true, message: 'Make-up booked', makeup: { ...credit, Status: 'used', BookedDate: '2026-12-07', BookedClass: 'Dolphins' } }),
    ),
  );
}

const CASES = [
  { ...TIME_DISPLAY_CASES[0]!, duration: ' · 1 hour 30 minutes', at: ' at 04:00 PM' },
  { ...TIME_DISPLAY_CASES[1]!, duration: ' · 90 minutes', at: ' at 04:00 PM' },
  { ...TIME_DISPLAY_CASES[2]!, duration: '', at: '' },
];

describe('MakeupsBookRoute', () => {
  it.each(CASES)('C21, F14: under $display a session reads "Mon $session", its length "$duration", and the booking "on 07/12/2026$at"', async ({ display, session, duration, at }) => {
    answers();
    renderRoute(<MakeupsBookRoute />, { url: '/hub/classes/makeups/book', config: classesTestConfig(display) });
    const row = await screen.findByTestId('makeup-session');
    expect(within(row).getByText(`Mon ${session}`)).toBeTruthy();
    expect(within(row).getByText(`Dolphins · Bondi Pool${duration} · 2 places left`)).toBeTruthy();
    // Each Book names its class and session: a list of "Book, Book, Book" tells a screen reader nothing.
    fireEvent.click(within(row).getByRole('button', { name: `Book Dolphins, Mon ${session}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Book this make-up?' });
    expect(within(confirm).getByText(`Dolphins · ${session} · Bondi Pool`)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Book make-up' }));
    expect(await screen.findByText(`Ella is booked into Dolphins on 07/12/2026${at}.`)).toBeTruthy();
  });

  it('after booking, the used make-up’s sessions are not asked for again (the server would refuse them)', async () => {
    answers();
    let used = false;
    const sessionsAsked: string[] = [];
    server.use(
      http.get<never, never, MakeupsAnswer>('/api/classes/get-makeups', () => HttpResponse.json({ makeups: [used ? { ...credit, Status: 'used' } : credit] })),
      http.get('/api/classes/get-makeup-sessions', ({ request }) => {
        sessionsAsked.push(new URL(request.url).searchParams.get('makeup_id')!);
        return used
          ? HttpResponse.json({ message: 'This make-up has been used.', code: 'MAKEUP_USED' }, { status: 409 })
          : HttpResponse.json<MakeupSessionsAnswer>({
              sessions: [{ SessionID: 8, ClassID: 102, ClassName: 'Dolphins', Venue: 'Bondi Pool', Date: '2026-12-07', Time: '16:00', Duration: 90, PlacesLeft: 2 }],
            });
      }),
      http.post<never, never, BookMakeupAnswer>('/api/classes/book-makeup', () => {
        used = true;
        return HttpResponse.json({ success: true, message: 'Make-up booked', makeup: { ...credit, Status: 'used', BookedDate: '2026-12-07', BookedClass: 'Dolphins' } });
      }),
    );
    renderRoute(<MakeupsBookRoute />, { url: '/hub/classes/makeups/book', config: classesTestConfig(TIME_DISPLAY_CASES[0]!.display) });
    fireEvent.click(within(await screen.findByTestId('makeup-session')).getByRole('button', { name: /^Book / }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Book this make-up?' })).getByRole('button', { name: 'Book make-up' }));
    expect(await screen.findByText(/Ella is booked into Dolphins/)).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByTestId('makeup-session')).toHaveLength(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionsAsked).toEqual(['4']);
  });

  it("decision 076: says the sessions are of the student's level, or of any level when the company allows it", async () => {
    answers();
    const { unmount } = renderRoute(<MakeupsBookRoute />, { url: '/hub/classes/makeups/book', config: classesTestConfig('HoursAndMinutes') });
    expect(await screen.findByText('Book a session on or before 29/01/2027. Sessions shown are Seahorse sessions with a free place.')).toBeTruthy();
    unmount();
    answers({ ...credit, Level: null });
    renderRoute(<MakeupsBookRoute />, { url: '/hub/classes/makeups/book', config: classesTestConfig('HoursAndMinutes') });
    expect(await screen.findByText('Book a session on or before 29/01/2027. Sessions shown have a free place.')).toBeTruthy();
  });

  it('decision 076: a booking the server refuses for its level says why', async () => {
    answers();
    server.use(http.post('/api/classes/book-makeup', () => HttpResponse.json({ code: 'MAKEUP_LEVEL', message: classMessages.makeupLevel }, { status: 422 })));
    renderRoute(<MakeupsBookRoute />, { url: '/hub/classes/makeups/book', config: classesTestConfig('HoursAndMinutes') });
    fireEvent.click(within(await screen.findByTestId('makeup-session')).getByRole('button', { name: /^Book / }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Book this make-up?' })).getByRole('button', { name: 'Book make-up' }));
    const refused = await screen.findByRole('dialog', { name: 'Could not book' });
    expect(within(refused).getByText(classMessages.makeupLevel)).toBeTruthy();
  });

  it('a credit for an absence still to come says the child will miss it, and the date shows before the lesson format and under the control', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const shown = (iso: string) => iso.split('-').reverse().join('/');
    const [gone, ahead] = [day(-7), day(14)];
    answers();
    server.use(
      http.get<never, never, MakeupsAnswer>('/api/classes/get-makeups', () =>
        HttpResponse.json({
          makeups: [
            { ...credit, MissedDate: gone },
            { ...credit, MakeupID: 5, MissedDate: ahead },
          ],
        }),
      ),
    );
    renderRoute(<MakeupsBookRoute />, { url: '/hub/classes/makeups/book?makeup_id=5', config: classesTestConfig('Minutes') });
    const select = await screen.findByRole('combobox', { name: 'Make-up' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([`Ella · missed ${shown(gone)} · Group`, `Ella · will miss ${shown(ahead)} · Group`]);
    expect(select.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe(`Ella will miss Tadpoles on ${shown(ahead)} · Group`);
    fireEvent.change(select, { target: { value: '4' } });
    expect(await screen.findByText(`Ella missed Tadpoles on ${shown(gone)} · Group`)).toBeTruthy();
  });

  it('a link to a make-up no longer to be booked (used, or Back after booking) shows the next one’s sessions, not a spinner', async () => {
    answers();
    server.use(http.get<never, never, MakeupsAnswer>('/api/classes/get-makeups', () => HttpResponse.json({ makeups: [{ ...credit, MakeupID: 3, Status: 'used' }, credit] })));
    renderRoute(<MakeupsBookRoute />, { url: '/hub/classes/makeups/book?makeup_id=3', config: classesTestConfig('Minutes') });
    expect(await screen.findByTestId('makeup-session')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Make-up' }) as HTMLSelectElement).value).toBe('4');
    // Not passed off as the one asked for.
    expect(screen.getByText('That make-up is booked or no longer open. Another one is shown below.')).toBeTruthy();
  });

  it('booked here, the page behind its success shows no other child’s credit and no word about the one asked for', async () => {
    answers();
    let used = false;
    const other = { ...credit, MakeupID: 5, StudentID: 2, StudentName: 'Noah' };
    server.use(
      http.get<never, never, MakeupsAnswer>('/api/classes/get-makeups', () => HttpResponse.json({ makeups: [used ? { ...credit, Status: 'used' } : credit, other] })),
      http.post<never, never, BookMakeupAnswer>('/api/classes/book-makeup', () => {
        used = true;
        return HttpResponse.json({ success: true, message: 'Make-up booked', makeup: { ...credit, Status: 'used', BookedDate: '2026-12-07', BookedClass: 'Dolphins' } });
      }),
    );
    renderRoute(<MakeupsBookRoute />, { url: '/hub/classes/makeups/book?makeup_id=4', config: classesTestConfig('Minutes') });
    fireEvent.click(within(await screen.findByTestId('makeup-session')).getByRole('button', { name: /^Book / }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Book this make-up?' })).getByRole('button', { name: 'Book make-up' }));
    expect(await screen.findByText(/Ella is booked into Dolphins/)).toBeTruthy();
    // The list read again, Noah's credit is the one left: it is not put behind Ella's success, where Book would be his.
    await waitFor(() => expect(used).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('combobox', { name: 'Make-up', hidden: true })).toBeNull();
    expect(screen.queryAllByTestId('makeup-session')).toHaveLength(0);
    expect(screen.queryByText('That make-up is booked or no longer open. Another one is shown below.')).toBeNull();
  });

  it('the make-up asked for, still open, is shown without a word about another', async () => {
    answers();
    server.use(http.get<never, never, MakeupsAnswer>('/api/classes/get-makeups', () => HttpResponse.json({ makeups: [credit] })));
    renderRoute(<MakeupsBookRoute />, { url: '/hub/classes/makeups/book?makeup_id=4', config: classesTestConfig('Minutes') });
    expect(await screen.findByTestId('makeup-session')).toBeTruthy();
    expect(screen.queryByText(/no longer open/)).toBeNull();
  });
});
