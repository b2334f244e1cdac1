import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import type { UpdateStudentAnswer } from '@portal/shared/student-schemas';
import { call } from '@/lib/call';
import { studentEndpoints } from '@portal/shared/endpoints/students';
import { formFieldsQueryOptions } from '@/entities/forms/get-form-fields';
import { getStudentQueryOptions, studentsKey } from './get-student';

/** R34 (E8): the form's parsed values under the record's field names. */
export function updateStudent(id: number, form: FormOutput<'student'> | Record<string, unknown>): Promise<UpdateStudentAnswer> {
  return call(studentEndpoints.update, { params: { id }, body: form });
}

export function useUpdateStudent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormOutput<'student'> | Record<string, unknown>) => updateStudent(id, form),
    onSuccess: async (answer) => {
      queryClient.setQueryData(getStudentQueryOptions(id).queryKey, answer.updatedStudent);
      // E9: the form fields are asked for again after a save.
      await Promise.all([queryClient.invalidateQueries({ queryKey: studentsKey }), queryClient.invalidateQueries({ queryKey: formFieldsQueryOptions('student').queryKey })]);
    },
  });
}
