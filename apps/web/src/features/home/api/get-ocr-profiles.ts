import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OcrProfile, OcrProfilesAnswer } from '@portal/shared/company-schemas';
import { api } from '@/lib/api-client';

export async function getOcrProfiles(): Promise<OcrProfile[]> {
  const answer = await api<OcrProfilesAnswer>('/api/classes/ocr-profiles');
  return answer.profiles;
}

export function getOcrProfilesQueryOptions() {
  return queryOptions({
    queryKey: ['classes', 'ocr-profiles'],
    queryFn: getOcrProfiles,
    // Profiles change only when staff activate one; a minute is fresh enough for a guest.
    staleTime: 60_000,
  });
}

/** Fetched only once a guest asks to select classes, so the landing page stays one call light. */
export function useOcrProfiles(enabled: boolean) {
  return useQuery({ ...getOcrProfilesQueryOptions(), enabled });
}
