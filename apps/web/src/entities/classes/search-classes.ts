import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassSearch, ClassSearchAnswer } from '@portal/shared/class-schemas';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { classesKey } from './classes-key';

/** The classes a registration profile offers, filtered, sorted and paged (F9–F11). A company session is enough. */
export function searchClasses(body: ClassSearch): Promise<ClassSearchAnswer> {
  return call(classEndpoints.search, { body });
}

export function searchClassesQueryOptions(body: ClassSearch) {
  return queryOptions({ queryKey: [...classesKey, 'search', body], queryFn: () => searchClasses(body) });
}

export function useClassSearch(body: ClassSearch) {
  return useQuery({ ...searchClassesQueryOptions(body), placeholderData: keepPreviousData });
}
