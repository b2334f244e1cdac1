import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassSessionsAnswer } from '@portal/shared/class-schemas';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { classesKey } from './classes-key';

/** A student's sessions of one class (F4, E5): the enrolments list and the student page both show them. */
export function getClassSessions(classId: number, studentId: number): Promise<ClassSessionsAnswer> {
  return call(classEndpoints.sessions, { query: { class_id: classId, student_id: studentId } });
}

export function classSessionsQueryOptions(classId: number, studentId: number) {
  return queryOptions({ queryKey: [...classesKey, 'sessions', classId, studentId], queryFn: () => getClassSessions(classId, studentId) });
}

export function useClassSessions(classId: number | null, studentId: number | null) {
  return useQuery({ ...classSessionsQueryOptions(classId ?? 0, studentId ?? 0), enabled: classId !== null && studentId !== null });
}
