import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { api } from '@/lib/api-client';

/** R31: the student an UpdateStudent action asks about. */
export function getStudent(id: number): Promise<StudentRecord> {
  return api<StudentRecord>(`/api/student/${id}`);
}

export const studentQueryOptions = (id: number) => queryOptions({ queryKey: ['customer', 'students', id], queryFn: () => getStudent(id) });

export function useStudent(id: number) {
  return useQuery(studentQueryOptions(id));
}
