import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassStudentsAnswer } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

export function getClassStudents(): Promise<ClassStudentsAnswer> {
  return call(classEndpoints.students);
}

export function classStudentsQueryOptions() {
  return queryOptions({ queryKey: [...classesKey, 'students'], queryFn: getClassStudents });
}

export function useClassStudents() {
  return useQuery(classStudentsQueryOptions());
}
