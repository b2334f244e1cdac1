import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OcrProfileAnswer } from '@portal/shared/class-schemas';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { classesKey } from './classes-key';

export type RegistrationProfile = OcrProfileAnswer['profile'];

/** N3: a registration profile (terms, page type, questions, texts); the query keeps the profile itself. */
export async function getOcrProfile(id: number, signal?: AbortSignal): Promise<RegistrationProfile> {
  return (await call(classEndpoints.ocrProfile, { params: { id }, signal })).profile;
}

/** A profile changes only when staff edit it: one answer serves every page that shows it. */
export function ocrProfileQueryOptions(id: number) {
  return queryOptions({ queryKey: [...classesKey, 'ocr-profile', id], queryFn: ({ signal }) => getOcrProfile(id, signal), staleTime: Infinity });
}

/** `null` waits for an id; `retry: false` shows a failure at once (the registration link). */
export function useOcrProfile(id: number | null, { retry }: { retry?: false } = {}) {
  return useQuery({ ...ocrProfileQueryOptions(id ?? 0), enabled: id !== null, ...(retry === false ? { retry } : {}) });
}
