import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UpcomingClassesPage } from '@portal/shared/home-schemas';
import { HOME_PAGE_SIZE } from '@portal/shared/constants';
import { call } from '@/lib/call';
import { homeEndpoints } from '@portal/shared/endpoints/home';

export function getUpcomingClasses(page: number): Promise<UpcomingClassesPage> {
  return call(homeEndpoints.upcomingClasses, { query: { page, limit: HOME_PAGE_SIZE } });
}

export function getUpcomingClassesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['home', 'upcoming-classes'],
    queryFn: ({ pageParam }) => getUpcomingClasses(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.total_pages ? last.current_page + 1 : undefined),
  });
}

export function useUpcomingClasses(enabled = true) {
  return useInfiniteQuery({ ...getUpcomingClassesQueryOptions(), enabled });
}
