import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormOutput } from '@portal/shared/form-engine';
import type { StudentRecord, UpdateStudentAnswer } from '@portal/shared/student-schemas';
import { api } from './api-client';
import { formFieldsQueryOptions } from './form-fields';

/**
 * One student's record and its update, shared by the students pages and the UpdateStudent
 * sign-in action so both read and refresh the same cache entry (decision 012).
 */
export const studentsQueryKey = ['students'] as const;

/** R31. */
export function getStudent(id: number): Promise<StudentRecord> {
  return api<StudentRecord>(`/api/student/${id}`);
}

export function getStudentQueryOptions(id: number) {
  return queryOptions({ queryKey: [...studentsQueryKey, 'record', id], queryFn: () => getStudent(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useStudent(id: number) {
  return useQuery(getStudentQueryOptions(id));
}

/** R34 (E8): the form's parsed values under the record's field names. */
export function updateStudent(id: number, form: FormOutput<'student'> | Record<string, unknown>): Promise<UpdateStudentAnswer> {
  return api<UpdateStudentAnswer>(`/api/student/update/${id}`, { method: 'POST', body: form });
}

export function useUpdateStudent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormOutput<'student'> | Record<string, unknown>) => updateStudent(id, form),
    onSuccess: async (answer) => {
      queryClient.setQueryData(getStudentQueryOptions(id).queryKey, answer.updatedStudent);
      // E9: the form fields are asked for again after a save.
      await Promise.all([queryClient.invalidateQueries({ queryKey: studentsQueryKey }), queryClient.invalidateQueries({ queryKey: formFieldsQueryOptions('student').queryKey })]);
    },
  });
}
