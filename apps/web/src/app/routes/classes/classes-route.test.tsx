// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { classesTestConfig } from '@/test/classes-config';
import { HOLDER, renderRoute } from '@/test/render-route';
import { installMockServer, server } from '@/test/msw';
import ClassesRoute from './classes-route';
import NotifyAbsencesRoute from './notify-absences-route';

installMockServer();
afterEach(cleanup);

function serve() {
  server.use(
    http.get('/api/classes/ocr-profiles', () => HttpResponse.json([])),
    http.get('/api/classes/get-waitlist', () => HttpResponse.json({ entries: [] })),
    http.get('/api/classes/calendar-feed', () => HttpResponse.json({ active: false, created_at: null })),
    http.get('/api/classes/get-students', () => HttpResponse.json({ students: [] })),
  );
}

/** A school like Thames: absences taken, but no make-ups and no enrolling online. */
const noMakeups = classesTestConfig('Minutes', { CanTakeMakeups: false, OnlineClassReservationsEnabled: false });

describe('what the Classes pages promise, as the company has switched them', () => {
  it('Classes names only the tasks it offers', async () => {
    serve();
    renderRoute(<ClassesRoute />, { user: HOLDER, url: '/hub/classes', config: noMakeups });
    expect(await screen.findByText('See sessions and tell us about an absence.')).toBeTruthy();
    cleanup();
    renderRoute(<ClassesRoute />, { user: HOLDER, url: '/hub/classes', config: classesTestConfig('Minutes', { CustomerPortalAllowOCR: true, OnlineClassReservationsEnabled: true }) });
    expect(await screen.findByText('Enroll, see sessions, tell us about an absence and book make-ups.')).toBeTruthy();
  });

  it('Notify Absences promises a make-up credit only where the company gives them', async () => {
    serve();
    renderRoute(<NotifyAbsencesRoute />, { user: HOLDER, url: '/hub/classes/notify-absences', config: noMakeups });
    expect(await screen.findByText('Tell us before the session starts.')).toBeTruthy();
    cleanup();
    renderRoute(<NotifyAbsencesRoute />, { user: HOLDER, url: '/hub/classes/notify-absences', config: classesTestConfig('Minutes') });
    expect(await screen.findByText('Tell us before the session starts. An absence notified in time earns a make-up credit.')).toBeTruthy();
  });

  it('Notify Absences lists the classes a child starts later too (a new term, a class changed to), not only the current ones', async () => {
    serve();
    const enrolment = (id: number, name: string, start: string) => ({
      EnrolmentID: id,
      ClassID: id,
      StudentID: 5,
      ClassName: name,
      LessonFormat: 'Group',
      Venue: 'Bondi Pool',
      Court: null,
      Staff: null,
      Day: 6,
      Time: '09:00',
      Duration: 30,
      StartDate: start,
      EndDate: null,
      Type: 'ongoing',
      next_session: start,
      next_absent: false,
    });
    server.use(
      http.get('/api/classes/get-students', () => HttpResponse.json({ students: [{ StudentID: 5, FirstName: 'Noah', LastName: 'Mitchell', DOB: null, Age: null, ClassIDs: [] }] })),
      http.get('/api/classes/get-student-enrollments', ({ request }) => {
        const filter = new URL(request.url).searchParams.get('filter');
        const enrollments = filter === 'current' ? [enrolment(1, 'Starfish – Saturday', '2026-10-03')] : filter === 'future' ? [enrolment(2, 'Starfish – Sunday', '2030-12-06')] : [];
        return HttpResponse.json({ current_page: 1, total_pages: 1, total: enrollments.length, enrollments });
      }),
      http.get('/api/classes/get-class-sessions', () => HttpResponse.json({ class_name: 'x', sessions: [] })),
    );
    renderRoute(<NotifyAbsencesRoute />, { user: HOLDER, url: '/hub/classes/notify-absences', config: classesTestConfig('Minutes') });
    expect(await screen.findByText('Starfish – Sunday')).toBeTruthy();
    expect(screen.getByText('Starfish – Saturday')).toBeTruthy();
  });

  it('Notify Absences of a child with no classes says so in the page’s own spelling (Enrollments)', async () => {
    serve();
    server.use(
      http.get('/api/classes/get-students', () => HttpResponse.json({ students: [{ StudentID: 5, FirstName: 'Noah', LastName: 'Mitchell', DOB: null, Age: null, ClassIDs: [] }] })),
      http.get('/api/classes/get-student-enrollments', () => HttpResponse.json({ current_page: 1, total_pages: 0, total: 0, enrollments: [] })),
    );
    renderRoute(<NotifyAbsencesRoute />, { user: HOLDER, url: '/hub/classes/notify-absences', config: classesTestConfig('Minutes') });
    expect(await screen.findByText('No current or upcoming enrollments.')).toBeTruthy();
  });
});
