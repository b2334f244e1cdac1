import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookMakeupAnswer, MakeupSessionsAnswer, MakeupsAnswer } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { api } from '@/lib/api-client';

export function getMakeups(): Promise<MakeupsAnswer> {
  return api<MakeupsAnswer>('/api/classes/get-makeups');
}

export function makeupsQueryOptions() {
  return queryOptions({ queryKey: [...classesKey, 'makeups'], queryFn: getMakeups });
}

export function useMakeups() {
  return useQuery(makeupsQueryOptions());
}

export function getMakeupSessions(makeupId: number): Promise<MakeupSessionsAnswer> {
  return api<MakeupSessionsAnswer>('/api/classes/get-makeup-sessions', { query: { makeup_id: makeupId } });
}

export function makeupSessionsQueryOptions(makeupId: number) {
  return queryOptions({ queryKey: [...classesKey, 'makeup-sessions', makeupId], queryFn: () => getMakeupSessions(makeupId) });
}

export function useMakeupSessions(makeupId: number | null) {
  return useQuery({ ...makeupSessionsQueryOptions(makeupId ?? 0), enabled: makeupId !== null });
}

export function bookMakeup(body: { makeup_id: number; session_id: number }): Promise<BookMakeupAnswer> {
  return api<BookMakeupAnswer>('/api/classes/book-makeup', { method: 'POST', body });
}

export function useBookMakeup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookMakeup, onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKey }) });
}
