import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentsEnrolledAnswer } from '@portal/shared/class-schemas';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { call } from '@/lib/call';
import { classesKey } from './classes-key';

function getStudentsEnrolledInClass(clientId: number, classId: number): Promise<StudentsEnrolledAnswer> {
  return call(classEndpoints.studentsEnrolled, { body: { client_id: clientId, class_id: classId } });
}

function studentsEnrolledInClassQueryOptions(clientId: number, classId: number) {
  return queryOptions({ queryKey: [...classesKey, 'enrolled-in-class', clientId, classId], queryFn: () => getStudentsEnrolledInClass(clientId, classId) });
}

/** Which of the customer's students already attend the class; `null` (no one signed in) asks nothing. */
export function useStudentsEnrolledInClass(clientId: number | null, classId: number) {
  return useQuery({ ...studentsEnrolledInClassQueryOptions(clientId ?? 0, classId), enabled: clientId !== null });
}
