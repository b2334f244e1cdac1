import { useMutation } from '@tanstack/react-query';
import type { ClassItemAnswer, ClassItemInput, StudentsEnrolledAnswer } from '@portal/shared/class-schemas';
import { api } from '@/lib/api-client';

/** The server checks the class for the student (places, casual, already enrolled) and prices it. */
export function validateClassItem(body: ClassItemInput & { ocr_profile_id?: number }): Promise<ClassItemAnswer> {
  return api<ClassItemAnswer>('/api/classes/validate-class-item', { method: 'POST', body });
}

export function useValidateClassItem() {
  return useMutation({ mutationFn: validateClassItem });
}

export function getStudentsEnrolledInClass(clientId: number, classId: number): Promise<StudentsEnrolledAnswer> {
  return api<StudentsEnrolledAnswer>('/api/ocr/get-students-enrolled-in-class', { method: 'POST', body: { client_id: clientId, class_id: classId } });
}
