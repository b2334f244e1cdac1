import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { call } from '@/lib/call';
import { studentsKey } from '@/entities/students/get-student';
import { classesKey } from '@/entities/classes/classes-key';

/** Where a student may move from a class, each with its start and price difference (decision 096); asked afresh each time the dialog opens. */
export function classChangeOptionsQueryOptions(studentId: number, classId: number) {
  return queryOptions({
    queryKey: [...studentsKey, 'change-options', studentId, classId],
    queryFn: ({ signal }) => call(classEndpoints.changeOptions, { query: { student_id: studentId, class_id: classId }, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useClassChangeOptions(studentId: number, classId: number) {
  return useQuery(classChangeOptionsQueryOptions(studentId, classId));
}

export function useChangeClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { student_id: number; from_class_id: number; to_class_id: number }) => call(classEndpoints.changeClass, { body }),
    // The move shows on the student's pages and on the Classes pages (enrolments, sessions, places left).
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: studentsKey }), client.invalidateQueries({ queryKey: classesKey })]),
  });
}
