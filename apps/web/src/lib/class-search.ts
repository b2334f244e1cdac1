import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassFieldsAnswer, ClassSearch, ClassSearchAnswer } from '@portal/shared/class-schemas';
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
