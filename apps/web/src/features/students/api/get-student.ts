import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { api } from '@/lib/api-client';
import { studentsQueryKey } from './get-students';

export function getStudent(id: number): Promise<StudentRecord> {
  return api<StudentRecord>(`/api/student/${id}`);
}

export function getStudentQueryOptions(id: number) {
  return queryOptions({ queryKey: [...studentsQueryKey, 'record', id], queryFn: () => getStudent(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useStudent(id: number) {
  return useQuery(getStudentQueryOptions(id));
}
