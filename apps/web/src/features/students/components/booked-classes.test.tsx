// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { BookedClass } from '@portal/shared/student-schemas';
import { classesTestConfig, TIME_DISPLAY_CASES } from '@/test/classes-config';
import { renderRoute } from '@/test/render-route';
import { BookedClasses } from './booked-classes';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
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
  next_session: { SessionID: 1, Date: '2026-12-07' },
  dates: [],
};

describe('BookedClasses', () => {
  it.each(TIME_DISPLAY_CASES)('C20, C21, F14: under $display the student’s class reads "$when"', ({ display, when }) => {
    renderRoute(<BookedClasses studentId={5} classes={[tadpoles]} />, { url: '/', config: classesTestConfig(display) });
    expect(screen.getByText(when)).toBeTruthy();
    expect(screen.getByText('Bondi Pool · Lane 3')).toBeTruthy();
  });

  it('does not call a session that ended earlier today the next one: the following date is next', () => {
    const config = classesTestConfig('Minutes');
    const sydney = { ...config, localization: { ...config.localization, TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' } };
    // 28/11/2026 18:00 in Sydney (UTC+11): today's 16:00–17:30 session is over.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T07:00:00Z'));
    const today = { SessionID: 1, Date: '2026-11-28', Status: 'scheduled' as const };
    const nextWeek = { SessionID: 2, Date: '2026-12-05', Status: 'scheduled' as const };
    renderRoute(<BookedClasses studentId={5} classes={[{ ...tadpoles, next_session: today, dates: [today, nextWeek] }]} />, { url: '/', config: sydney });
    expect(screen.getByText('Next session:').nextElementSibling?.textContent).toBe('05/12/2026');
  });

  it('keeps a session later today as the next one', () => {
    const config = classesTestConfig('Minutes');
    const sydney = { ...config, localization: { ...config.localization, TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' } };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T04:00:00Z'));
    const today = { SessionID: 1, Date: '2026-11-28', Status: 'scheduled' as const };
    renderRoute(<BookedClasses studentId={5} classes={[{ ...tadpoles, next_session: today, dates: [today] }]} />, { url: '/', config: sydney });
    expect(screen.getByText('Next session:').nextElementSibling?.textContent).toBe('28/11/2026');
  });
});
