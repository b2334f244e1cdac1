import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ClassItemAnswer, ClassItemInput, StudentsEnrolledAnswer } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

/** The server checks the class for the student (places, casual, already enrolled) and prices it. */
export function validateClassItem(body: ClassItemInput & { ocr_profile_id?: number }): Promise<ClassItemAnswer> {
  return call(classEndpoints.validateItem, { body });
}

export function useValidateClassItem() {
  return useMutation({ mutationFn: validateClassItem });
}

export function getStudentsEnrolledInClass(clientId: number, classId: number): Promise<StudentsEnrolledAnswer> {
  return call(classEndpoints.studentsEnrolled, { body: { client_id: clientId, class_id: classId } });
}

export function studentsEnrolledInClassQueryOptions(clientId: number, classId: number) {
  return queryOptions({ queryKey: [...classesKey, 'enrolled-in-class', clientId, classId], queryFn: () => getStudentsEnrolledInClass(clientId, classId) });
}

/** Which of the customer's students already attend the class; `null` (no one signed in) asks nothing. */
export function useStudentsEnrolledInClass(clientId: number | null, classId: number) {
  return useQuery({ ...studentsEnrolledInClassQueryOptions(clientId ?? 0, classId), enabled: clientId !== null });
}
