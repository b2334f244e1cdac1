import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OcrProfilesAnswer } from '@portal/shared/company-schemas';
import { api } from '@/lib/api-client';

export function getOcrProfiles(): Promise<OcrProfilesAnswer> {
  return api<OcrProfilesAnswer>('/api/classes/ocr-profiles');
}

export function ocrProfilesQueryOptions() {
  return queryOptions({ queryKey: ['classes', 'ocr-profiles'], queryFn: getOcrProfiles, staleTime: 60_000 });
}

export function useClassProfiles() {
  return useQuery(ocrProfilesQueryOptions());
}
