// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { installMockServer, server } from '@/test/msw';
import type { BookedClass } from '@portal/shared/student-schemas';
import type { StudentSession, WaitlistAnswer, WaitlistEntry } from '@portal/shared/class-schemas';
import { classesTestConfig, TIME_DISPLAY_CASES } from '@/test/classes-config';
import { renderRoute } from '@/test/render-route';
import { BookedClasses } from './booked-classes';

installMockServer();
afterEach(() => {
  cleanup();
});
/** The family's waitlist places: none unless a test says otherwise. */
let waiting: WaitlistEntry[] = [];
beforeEach(() => {
  waiting = [];
  server.use(http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json({ entries: waiting })));
});

const tadpoles: BookedClass = {
  ClassID: 101,
  OCRName: 'Tadpoles',
  LessonFormat: { LessonFormatID: 1, Name: 'Group' },
  DayOfWeek: 1,
  Time: '16:00',
  DurationMinutes: 90,
  Venue: { VenueID: 1, Name: 'Bondi Pool' },
  Court: 'Lane 3',
  StartDate: '2026-11-30',
  EndDate: null,
  Ongoing: true,
  Kind: 'ongoing',
  next_session: { SessionID: 1, Date: '2026-12-07', Absent: false },
  dates: [],
};

describe('BookedClasses', () => {
  it('lists the student’s places in a waitlist queue, under its classes or under "No classes booked yet"', async () => {
    const entry = (id: number, studentId: number, className: string, position: number): WaitlistEntry => ({
      WaitlistID: id,
      ClassID: 200 + id,
      ClassName: className,
      StudentID: studentId,
      StudentName: 'Leo Walker',
      Position: position,
      Status: 'waiting',
      OfferExpiresAt: null,
    });
    waiting = [entry(1, 5, 'Starfish – Monday', 1), entry(2, 6, 'Dolphin – Friday', 2)];
    renderRoute(<BookedClasses studentId={5} classes={[]} />, { url: '/', config: classesTestConfig('Minutes') });
    expect(screen.getByText('No classes booked yet')).toBeTruthy();
    const queue = await screen.findByRole('region', { name: 'Waitlist' });
    expect(within(queue).getByText('Starfish – Monday')).toBeTruthy();
    expect(within(queue).getByText('Position 1 on the waitlist')).toBeTruthy();
    // Another child's place is that child's.
    expect(within(queue).queryByText('Dolphin – Friday')).toBeNull();
    expect(within(queue).getByRole('link', { name: 'Classes' }).getAttribute('href')).toBe('/hub/classes');
    cleanup();
    renderRoute(<BookedClasses studentId={5} classes={[tadpoles]} />, { url: '/', config: classesTestConfig('Minutes') });
    expect(await screen.findByRole('region', { name: 'Waitlist' })).toBeTruthy();
    expect(screen.getByText('Tadpoles')).toBeTruthy();
  });

  it.each(TIME_DISPLAY_CASES)('C20, C21, F14: under $display the student’s class reads "$when"', ({ display, when }) => {
    renderRoute(<BookedClasses studentId={5} classes={[tadpoles]} />, { url: '/', config: classesTestConfig(display) });
    expect(screen.getByText(when)).toBeTruthy();
    expect(screen.getByText('Bondi Pool · Lane 3')).toBeTruthy();
  });

  it('shows the next session the server answers, not the first date of the list (decision 081)', () => {
    // 28/11's session ended earlier today: the server names 05/12 as next; the list still holds both.
    const today = { SessionID: 1, Date: '2026-11-28', Status: 'scheduled' as const };
    const nextWeek = { SessionID: 2, Date: '2026-12-05', Status: 'scheduled' as const };
    renderRoute(<BookedClasses studentId={5} classes={[{ ...tadpoles, next_session: { SessionID: 2, Date: '2026-12-05', Absent: false }, dates: [today, nextWeek] }]} />, {
      url: '/',
      config: classesTestConfig('Minutes'),
    });
    expect(screen.getByText('Next session:').nextElementSibling?.textContent).toBe('05/12/2026');
  });

  it('a make-up or a casual session is marked as such, not shown as one more class of the term', () => {
    const makeup = { ...tadpoles, ClassID: 102, OCRName: 'Seahorse – Thursday', Ongoing: false, Kind: 'temporary' as const };
    const casual = { ...tadpoles, ClassID: 103, OCRName: 'Dolphin – Friday', Ongoing: false, Kind: 'casual' as const };
    renderRoute(<BookedClasses studentId={5} classes={[tadpoles, makeup, casual]} />, { url: '/', config: classesTestConfig('Minutes') });
    const cards = screen.getAllByRole('listitem');
    expect(within(cards[0]!).queryByText('Make-up')).toBeNull();
    expect(within(cards[0]!).queryByText('Casual')).toBeNull();
    expect(within(cards[1]!).getByText('Make-up')).toBeTruthy();
    expect(within(cards[2]!).getByText('Casual')).toBeTruthy();
  });

  it('says None scheduled when no session is left', () => {
    renderRoute(<BookedClasses studentId={5} classes={[{ ...tadpoles, next_session: null }]} />, { url: '/', config: classesTestConfig('Minutes') });
    expect(screen.getByText('Next session:').nextElementSibling?.textContent).toBe('None scheduled');
  });

  it('offers All dates with no count that the list it opens would not match', () => {
    const dates = [{ SessionID: 2, Date: '2026-12-05', Status: 'scheduled' as const }];
    renderRoute(<BookedClasses studentId={5} classes={[{ ...tadpoles, dates }]} />, { url: '/', config: classesTestConfig('Minutes') });
    // "All dates (1)" opened on the nine sessions of the place.
    expect(screen.getByText('All dates').tagName).toBe('SUMMARY');
  });

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  /** Opens Tadpoles' All dates over the sessions the server answers; what each date says, its date replaced. */
  async function allDates(sessions: Partial<StudentSession>[]) {
    server.use(http.get('/api/classes/get-class-sessions', () => HttpResponse.json({ sessions })));
    renderRoute(<BookedClasses studentId={5} classes={[{ ...tadpoles, dates: [{ SessionID: 3, Date: day(7), Status: 'scheduled' as const }] }]} />, { url: '/', config: classesTestConfig('Minutes') });
    fireEvent.click(screen.getByText('All dates'));
    const list = await screen.findByRole('list', { name: 'Dates of Tadpoles' });
    return within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/^\d\d\/\d\d\/\d{4}/, 'date'));
  }

  it('All dates marks the sessions already held as past, not as dates still to come', async () => {
    const dates = await allDates([
      { SessionID: 1, Date: day(-14), Status: 'scheduled' },
      { SessionID: 2, Date: day(-7), Status: 'cancelled' },
      { SessionID: 3, Date: day(7), Status: 'scheduled' },
    ]);
    expect(dates).toEqual(['date (past)', 'date (cancelled)', 'date']);
  });

  it('All dates marks a session the child will miss, or missed, as absent, as the Enrollments page does', async () => {
    const dates = await allDates([
      { SessionID: 1, Date: day(-7), Status: 'scheduled', Absent: true, AbsenceReason: 'Holiday' },
      { SessionID: 3, Date: day(7), Status: 'scheduled', Absent: true, AbsenceReason: 'Illness' },
      { SessionID: 4, Date: day(14), Status: 'scheduled', Absent: false, AbsenceReason: null },
    ]);
    expect(dates).toEqual(['date · Absent (past)', 'date · Absent', 'date']);
  });
});
