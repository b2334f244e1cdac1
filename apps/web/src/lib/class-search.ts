import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassFieldsAnswer, ClassSearch, ClassSearchAnswer, OcrProfileAnswer } from '@portal/shared/class-schemas';
import { api } from './api-client';

/** POST /api/classes: the classes a registration profile offers, filtered, sorted and paged (F9–F11). A company session is enough. */
export function searchClasses(body: ClassSearch): Promise<ClassSearchAnswer> {
  return api<ClassSearchAnswer>('/api/classes', { method: 'POST', body });
}

export function searchClassesQueryOptions(body: ClassSearch) {
  return queryOptions({ queryKey: ['classes', 'search', body], queryFn: () => searchClasses(body) });
}

export function useClassSearch(body: ClassSearch) {
  return useQuery({ ...searchClassesQueryOptions(body), placeholderData: keepPreviousData });
}

export function getClassFields(ocrProfileId: number): Promise<ClassFieldsAnswer> {
  return api<ClassFieldsAnswer>('/api/classes/get-class-fields', { query: { ocr_profile_id: ocrProfileId } });
}

export function classFieldsQueryOptions(ocrProfileId: number) {
  // Form fields are cached for good (T30).
  return queryOptions({ queryKey: ['classes', 'fields', ocrProfileId], queryFn: () => getClassFields(ocrProfileId), staleTime: Infinity });
}

export function useClassFields(ocrProfileId: number) {
  return useQuery(classFieldsQueryOptions(ocrProfileId));
}

export type RegistrationProfile = OcrProfileAnswer['profile'];

/** N3: a registration profile (terms, page type, questions, texts); the query keeps the profile itself. */
export async function getOcrProfile(id: number, signal?: AbortSignal): Promise<RegistrationProfile> {
  return (await api<OcrProfileAnswer>(`/api/classes/ocr-profiles/${id}`, { signal })).profile;
}

/** A profile changes only when staff edit it: one answer serves every page that shows it. */
export function ocrProfileQueryOptions(id: number) {
  return queryOptions({ queryKey: ['classes', 'ocr-profile', id], queryFn: ({ signal }) => getOcrProfile(id, signal), staleTime: Infinity });
}

/** `null` waits for an id; `retry: false` shows a failure at once (the registration link). */
export function useOcrProfile(id: number | null, { retry }: { retry?: false } = {}) {
  return useQuery({ ...ocrProfileQueryOptions(id ?? 0), enabled: id !== null, ...(retry === false ? { retry } : {}) });
}
