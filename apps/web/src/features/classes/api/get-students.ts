import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassStudentsAnswer } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { api } from '@/lib/api-client';

export function getClassStudents(): Promise<ClassStudentsAnswer> {
  return api<ClassStudentsAnswer>('/api/classes/get-students');
}

export function classStudentsQueryOptions() {
  return queryOptions({ queryKey: [...classesKey, 'students'], queryFn: getClassStudents });
}

export function useClassStudents() {
  return useQuery(classStudentsQueryOptions());
}
