import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnrolmentFilter, EnrolmentsPage } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

export const ENROLMENTS_PAGE_SIZE = 10;

export function getStudentEnrolments(id: number, filter: EnrolmentFilter, page: number): Promise<EnrolmentsPage> {
  return call(classEndpoints.enrolments, { query: { id, filter, page, limit: ENROLMENTS_PAGE_SIZE } });
}

export function studentEnrolmentsQueryOptions(id: number, filter: EnrolmentFilter, page: number) {
  return queryOptions({ queryKey: [...classesKey, 'enrolments', id, filter, page], queryFn: () => getStudentEnrolments(id, filter, page) });
}

export function useStudentEnrolments(id: number | null, filter: EnrolmentFilter, page: number, enabled = true) {
  return useQuery({ ...studentEnrolmentsQueryOptions(id ?? 0, filter, page), enabled: enabled && id !== null });
}
