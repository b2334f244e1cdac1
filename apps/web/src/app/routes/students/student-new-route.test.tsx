// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes, useNavigate } from 'react-router';
import { DataRouter } from '@/test/data-router';
import { http, HttpResponse } from 'msw';
import { studentFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import type { CustomerDetailsAnswer } from '@portal/shared/my-details-schemas';
import type { AddStudentAnswer, StudentRecord } from '@portal/shared/student-schemas';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { classesTestConfig } from '@/test/classes-config';
import { server, installMockServer } from '@/test/msw';
import StudentNewRoute from './student-new-route';

installMockServer();
afterEach(cleanup);

const ben = { StudentID: 9, FirstName: 'Ben', LastName: 'Shah' } as StudentRecord;

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

describe('Add a student (/hub/students/new)', () => {
  it('opens the saved student in place of the form: back goes to the students list, not to an empty form', async () => {
    server.use(
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () =>
        HttpResponse.json(studentFormFieldsSchema.parse({ fields: [15, 16].map((id) => ({ OCRFormFieldNameID: id, State: 'Mandatory' })) })),
      ),
      http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
      http.post<never, never, AddStudentAnswer>('/api/student/add', () => HttpResponse.json({ success: true, message: 'Swimmer added', student: ben })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(companyConfigQueryOptions.queryKey, classesTestConfig('HoursAndMinutes', { StudentTerm: 'Swimmer' }));
    render(
      <QueryClientProvider client={client}>
        <DataRouter initialEntries={['/hub/students', '/hub/students/new']} initialIndex={1}>
          <Routes>
            <Route path="/hub/students" element={<p>All swimmers</p>} />
            <Route path="/hub/students/new" element={<StudentNewRoute />} />
            <Route path="/hub/students/:studentId" element={<Back />} />
          </Routes>
        </DataRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: 'Ben' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Shah' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Swimmer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('All swimmers')).toBeTruthy();
  });
});
