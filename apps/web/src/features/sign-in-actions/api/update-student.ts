import { useMutation } from '@tanstack/react-query';
import type { UpdateStudentAnswer } from '@portal/shared/student-schemas';
import { api } from '@/lib/api-client';

/** R34: the student form's values, parsed again by the server with the same form engine. */
export function updateStudent(id: number, values: Record<string, unknown>): Promise<UpdateStudentAnswer> {
  return api<UpdateStudentAnswer>(`/api/student/update/${id}`, { method: 'POST', body: values });
}

export function useUpdateStudent(id: number) {
  return useMutation({ mutationFn: (values: Record<string, unknown>) => updateStudent(id, values) });
}
