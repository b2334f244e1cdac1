// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { classStudentsQueryOptions } from '@/entities/classes/get-class-students';
import { classesKey } from '@/entities/classes/classes-key';
import { installMockServer, server } from '@/test/msw';
import { useChangeClass } from './change-class';
import { useAddStudent } from './save-student';

installMockServer();
afterEach(cleanup);

/** The key the student's View enrollments page keeps its future enrolments under (features/classes). */
const ENROLMENTS = [...classesKey, 'enrolments', 7, 'future', 1];

/** A query client holding the Classes pages' lists, as a family that has been there has them. */
function clientWithClassLists() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  client.setQueryData(classStudentsQueryOptions().queryKey, { students: [] });
  client.setQueryData(ENROLMENTS, { enrolments: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;
  return { client, wrapper, stale };
}

describe('what a change to the family’s students leaves the Classes pages to ask again', () => {
  it('a student added is in the Classes pages’ student lists at once, not 30 s later', async () => {
    server.use(http.post('/api/student/add', () => HttpResponse.json({ success: true, message: 'Student added', student: { StudentID: 9, FirstName: 'Ava' } })));
    const { wrapper, stale } = clientWithClassLists();
    const { result } = renderHook(() => useAddStudent(), { wrapper });
    await act(() => result.current.mutateAsync({} as never).catch(() => undefined));
    await waitFor(() => expect(stale(classStudentsQueryOptions().queryKey)).toBe(true));
  });

  it('a class changed shows in the student’s enrolments at once', async () => {
    server.use(
      http.post('/api/classes/change-class', () =>
        HttpResponse.json({ success: true, ClassID: 2, Name: 'B', StartDate: '2030-03-07', ChargeCents: 0, CreditCents: 0, invoiceNo: null, replayed: false }),
      ),
    );
    const { wrapper, stale } = clientWithClassLists();
    const { result } = renderHook(() => useChangeClass(), { wrapper });
    await act(() => result.current.mutateAsync({ student_id: 7, from_class_id: 1, to_class_id: 2 }));
    await waitFor(() => expect(stale(ENROLMENTS)).toBe(true));
  });
});
