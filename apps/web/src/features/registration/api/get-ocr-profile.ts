import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OcrProfileAnswer } from '@portal/shared/class-schemas';
import { api } from '@/lib/api-client';

export type RegistrationProfile = OcrProfileAnswer['profile'];

/** N3: the registration profile the link names (terms, page type, questions, left-panel texts). */
export async function getOcrProfile(profileId: number, signal?: AbortSignal): Promise<RegistrationProfile> {
  return (await api<OcrProfileAnswer>(`/api/classes/ocr-profiles/${profileId}`, { signal })).profile;
}

/** A profile changes only when staff edit it; one answer serves the whole registration. */
export function ocrProfileQueryOptions(profileId: number) {
  return queryOptions({
    queryKey: ['registration', 'profile', profileId],
    queryFn: ({ signal }) => getOcrProfile(profileId, signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useOcrProfile(profileId: number | null) {
  return useQuery({ ...ocrProfileQueryOptions(profileId ?? 0), enabled: profileId !== null });
}
