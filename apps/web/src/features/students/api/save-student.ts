import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormOutput } from '@portal/shared/form-engine';
import type { AddStudentAnswer, UpdateStudentAnswer } from '@portal/shared/student-schemas';
import { api } from '@/lib/api-client';
import { formFieldsQueryOptions } from '@/lib/form-fields';
import { getStudentQueryOptions } from './get-student';
import { studentsQueryKey } from './get-students';

export function addStudent(form: FormOutput<'student'>): Promise<AddStudentAnswer> {
  return api<AddStudentAnswer>('/api/student/add', { body: form });
}

/** E8: the form's parsed values under the record's field names. */
export function updateStudent(id: number, form: FormOutput<'student'>): Promise<UpdateStudentAnswer> {
  return api<UpdateStudentAnswer>(`/api/student/update/${id}`, { body: form });
}

export function useAddStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStudent,
    onSuccess: async (answer) => {
      queryClient.setQueryData(getStudentQueryOptions(answer.student.StudentID).queryKey, answer.student);
      await queryClient.invalidateQueries({ queryKey: studentsQueryKey });
    },
  });
}

export function useUpdateStudent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormOutput<'student'>) => updateStudent(id, form),
    onSuccess: async (answer) => {
      queryClient.setQueryData(getStudentQueryOptions(id).queryKey, answer.updatedStudent);
      // E9: the form fields are asked for again after a save.
      await Promise.all([queryClient.invalidateQueries({ queryKey: studentsQueryKey }), queryClient.invalidateQueries({ queryKey: formFieldsQueryOptions('student').queryKey })]);
    },
  });
}
