import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formPayload } from '@portal/shared/form-engine/form-schema';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import type { AddStudentAnswer } from '@portal/shared/student-schemas';
import { call } from '@/lib/call';
import { studentEndpoints } from '@portal/shared/endpoints/students';
import { getStudentQueryOptions, studentsKey } from '@/entities/students/get-student';
import { classStudentsQueryOptions } from '@/entities/classes/get-class-students';
import { offerAddedCondition } from '@/entities/students/update-student';

export function addStudent(form: FormOutput<'student'>): Promise<AddStudentAnswer> {
  return call(studentEndpoints.add, { body: formPayload(form) });
}

export function useAddStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStudent,
    onSuccess: async (answer) => {
      queryClient.setQueryData(getStudentQueryOptions(answer.student.StudentID).queryKey, answer.student);
      offerAddedCondition(queryClient, answer.newMedicalCondition);
      // The Classes pages list the family's students too (their filter, Add to cart, View enrollments).
      await Promise.all([queryClient.invalidateQueries({ queryKey: studentsKey }), queryClient.invalidateQueries({ queryKey: classStudentsQueryOptions().queryKey })]);
    },
  });
}
