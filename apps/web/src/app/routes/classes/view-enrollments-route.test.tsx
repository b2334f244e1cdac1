// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { ClassStudentsAnswer, Enrolment, EnrolmentsPage } from '@portal/shared/class-schemas';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import { formTestConfig } from '@/test/form-config';
import { renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import ViewEnrollmentsRoute from './view-enrollments-route';

installMockServer();
afterEach(cleanup);

describe('ViewEnrollmentsRoute', () => {
  it('a family member whose access does not reach the classes is told so, never shown an empty list, and offered no Try again that cannot work', async () => {
    server.use(http.get('/api/classes/get-students', () => HttpResponse.json<ApiError>({ message: ERROR_MESSAGES.ROLE_FORBIDDEN, code: 'ROLE_FORBIDDEN' }, { status: 403 })));
    renderRoute(<ViewEnrollmentsRoute />, { url: '/hub/classes/view-enrollments', config: formTestConfig() });
    expect(await screen.findByText(ERROR_MESSAGES.ROLE_FORBIDDEN)).toBeTruthy();
    expect(screen.queryByText(/No current enrollments/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a failure that may pass (the server’s own) offers Try again, which asks again', async () => {
    let asked = 0;
    server.use(
      http.get('/api/classes/get-students', () => {
        asked += 1;
        return HttpResponse.json<ApiError>({ message: ERROR_MESSAGES.SERVER_ERROR, code: 'SERVER_ERROR' }, { status: 500 });
      }),
    );
    renderRoute(<ViewEnrollmentsRoute />, { url: '/hub/classes/view-enrollments', config: formTestConfig() });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Try again' });
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  it('a child whose class is yet to start: Current says so and leads to Future, where the class is', async () => {
    const starting: Enrolment = {
      EnrolmentID: 9,
      ClassID: 101,
      StudentID: 5,
      ClassName: 'Seahorse – Tuesday',
      LessonFormat: 'Group',
      Venue: 'Bondi Pool',
      Court: '3',
      Staff: 'Jess Lee',
      Day: 2,
      Time: '16:00',
      Duration: 30,
      StartDate: '2030-12-15',
      EndDate: null,
      Type: 'ongoing',
      next_session: '2030-12-15',
      next_absent: false,
    };
    const page = (enrollments: Enrolment[]): EnrolmentsPage => ({ current_page: 1, total_pages: 1, enrollments });
    server.use(
      http.get<never, never, ClassStudentsAnswer>('/api/classes/get-students', () =>
        HttpResponse.json({ students: [{ StudentID: 5, FirstName: 'Ella', LastName: 'Mitchell', DOB: null, Age: 6, ClassIDs: [] }] }),
      ),
      http.get('/api/classes/get-student-enrollments', ({ request }) => HttpResponse.json(page(new URL(request.url).searchParams.get('filter') === 'future' ? [starting] : []))),
    );
    renderRoute(<ViewEnrollmentsRoute />, { url: '/hub/classes/view-enrollments', config: formTestConfig() });
    expect(await screen.findByText('No current enrollments. Ella Mitchell’s next class starts later: see Future.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show future enrollments' }));
    expect(await screen.findByText('Seahorse – Tuesday')).toBeTruthy();
  });
});
