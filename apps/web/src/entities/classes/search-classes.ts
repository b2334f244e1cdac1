import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassSearch, ClassSearchAnswer } from '@portal/shared/class-schemas';
import { api } from '@/lib/api-client';
import { classesKey } from './classes-key';

/** POST /api/classes: the classes a registration profile offers, filtered, sorted and paged (F9–F11). A company session is enough. */
export function searchClasses(body: ClassSearch): Promise<ClassSearchAnswer> {
  return api<ClassSearchAnswer>('/api/classes', { method: 'POST', body });
}

export function searchClassesQueryOptions(body: ClassSearch) {
  return queryOptions({ queryKey: [...classesKey, 'search', body], queryFn: () => searchClasses(body) });
}

export function useClassSearch(body: ClassSearch) {
  return useQuery({ ...searchClassesQueryOptions(body), placeholderData: keepPreviousData });
}
