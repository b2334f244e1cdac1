import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

export function getCalendarFeed(): Promise<CalendarFeedStatus> {
  return call(classEndpoints.calendarFeed);
}

export function calendarFeedQueryOptions() {
  return queryOptions({ queryKey: [...classesKey, 'calendar-feed'], queryFn: getCalendarFeed });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

export function createCalendarFeed(): Promise<CalendarFeedCreated> {
  return call(classEndpoints.createCalendarFeed);
}

export function revokeCalendarFeed(): Promise<CalendarFeedStatus> {
  return call(classEndpoints.revokeCalendarFeed);
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    // A status asked before the link was made would answer "none" after it: it is dropped, not let overwrite this.
    onSuccess: async (d) => {
      await queryClient.cancelQueries({ queryKey: calendarFeedQueryOptions().queryKey });
      queryClient.setQueryData(calendarFeedQueryOptions().queryKey, { active: true, created_at: d.created_at });
    },
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: async (d) => {
      await queryClient.cancelQueries({ queryKey: calendarFeedQueryOptions().queryKey });
      queryClient.setQueryData(calendarFeedQueryOptions().queryKey, d);
    },
  });
}
