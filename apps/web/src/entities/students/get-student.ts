import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { call } from '@/lib/call';
import { studentEndpoints } from '@portal/shared/endpoints/students';

/**
 * Every student query's key starts here. One student's record is shared by the students pages and
 * the UpdateStudent sign-in action, so both read and refresh the same cache entry (decision 012).
 */
export const studentsKey = ['students'] as const;

/** R31. */
export function getStudent(id: number): Promise<StudentRecord> {
  return call(studentEndpoints.get, { params: { id } });
}

export function getStudentQueryOptions(id: number) {
  return queryOptions({ queryKey: [...studentsKey, 'record', id], queryFn: () => getStudent(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useStudent(id: number) {
  return useQuery(getStudentQueryOptions(id));
}
