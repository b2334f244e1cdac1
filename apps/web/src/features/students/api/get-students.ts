import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STUDENTS_PAGE_SIZE, type StudentListAnswer } from '@portal/shared/student-schemas';
import { call } from '@/lib/call';
import { studentEndpoints } from '@portal/shared/endpoints/students';
import { studentsKey } from '@/entities/students/get-student';

export function getStudents(page: number): Promise<StudentListAnswer> {
  return call(studentEndpoints.list, { query: { page, limit: STUDENTS_PAGE_SIZE } });
}

export function getStudentsQueryOptions(page = 1) {
  return queryOptions({ queryKey: [...studentsKey, 'list', page], queryFn: () => getStudents(page), placeholderData: keepPreviousData });
}

export function useStudents(page = 1) {
  return useQuery(getStudentsQueryOptions(page));
}
