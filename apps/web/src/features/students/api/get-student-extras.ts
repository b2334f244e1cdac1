import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { studentEndpoints } from '@portal/shared/endpoints/students';
import { studentsKey } from '@/entities/students/get-student';

export function getSkillSetsQueryOptions(id: number) {
  return queryOptions({ queryKey: [...studentsKey, 'skill-sets', id], queryFn: () => call(studentEndpoints.skillSets, { params: { id } }) });
}

export function useSkillSets(id: number, enabled: boolean) {
  return useQuery({ ...getSkillSetsQueryOptions(id), enabled });
}

export function getCertificatesQueryOptions(id: number) {
  return queryOptions({ queryKey: [...studentsKey, 'certificates', id], queryFn: () => call(studentEndpoints.certificates, { params: { id } }) });
}

export function useCertificates(id: number, enabled: boolean) {
  return useQuery({ ...getCertificatesQueryOptions(id), enabled });
}
