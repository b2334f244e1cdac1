// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { classesTestConfig } from '@/test/classes-config';
import { renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import StudentRoute from './student-route';

installMockServer();
afterEach(cleanup);

const ella: StudentRecord = {
  StudentID: 5,
  FirstName: 'Ella',
  LastName: 'Shah',
  RegID: null,
  DOB: '2018-04-02',
  GenderType: 'Female',
  GenderOther: null,
  Gender: 'F',
  Standard: 'Seahorse',
  profile_picture: null,
  PhoneMobile: null,
  Email: null,
  AddrSameAsClient: true,
  Address1: null,
  Address2: null,
  Suburb: null,
  State: null,
  Postcode: null,
  Location: null,
  StandardID: null,
  MedicalConditionIDs: null,
  AdditionalMedicalConditions: null,
  ReferralSourceID: null,
  SchoolID: null,
  VenueID: null,
  Notes: null,
  PendingDays: null,
  custom_field_values: [],
  bookedClasses: [],
};

describe('StudentRoute', () => {
  it('E4, D8: ?tab=Enrollments opens the tab the spec names "Enrollments"', async () => {
    server.use(http.get<never, never, StudentRecord>('/api/student/5', () => HttpResponse.json(ella)));
    renderRoute(
      <Routes>
        <Route path="/hub/students/:studentId" element={<StudentRoute />} />
      </Routes>,
      { url: '/hub/students/5?tab=Enrollments', config: classesTestConfig('HoursAndMinutes', { StudentTerm: 'Swimmer' }) },
    );
    const tab = await screen.findByRole('tab', { name: 'Enrollments' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: /Enrolments/ })).toBeNull();
    expect(screen.getByText('No classes booked yet')).toBeTruthy();
  });
});
