import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificatesAnswer, SkillSetsAnswer } from '@portal/shared/student-schemas';
import { api } from '@/lib/api-client';
import { studentsKey } from '@/entities/students/get-student';

export function getSkillSetsQueryOptions(id: number) {
  return queryOptions({ queryKey: [...studentsKey, 'skill-sets', id], queryFn: () => api<SkillSetsAnswer>(`/api/student/get-skill-sets/${id}`) });
}

export function useSkillSets(id: number, enabled: boolean) {
  return useQuery({ ...getSkillSetsQueryOptions(id), enabled });
}

export function getCertificatesQueryOptions(id: number) {
  return queryOptions({ queryKey: [...studentsKey, 'certificates', id], queryFn: () => api<CertificatesAnswer>(`/api/student/get-certificates/${id}`) });
}

export function useCertificates(id: number, enabled: boolean) {
  return useQuery({ ...getCertificatesQueryOptions(id), enabled });
}
