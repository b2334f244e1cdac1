import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookMakeupAnswer, CancelMakeupAnswer, MakeupSessionsAnswer, MakeupsAnswer } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { studentsKey } from '@/entities/students/get-student';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

export function getMakeups(): Promise<MakeupsAnswer> {
  return call(classEndpoints.makeups);
}

export function makeupsQueryOptions() {
  return queryOptions({ queryKey: [...classesKey, 'makeups'], queryFn: getMakeups });
}

export function useMakeups() {
  return useQuery(makeupsQueryOptions());
}

export function getMakeupSessions(makeupId: number): Promise<MakeupSessionsAnswer> {
  return call(classEndpoints.makeupSessions, { query: { makeup_id: makeupId } });
}

export function makeupSessionsQueryOptions(makeupId: number) {
  return queryOptions({ queryKey: [...classesKey, 'makeup-sessions', makeupId], queryFn: () => getMakeupSessions(makeupId) });
}

export function useMakeupSessions(makeupId: number | null) {
  return useQuery({ ...makeupSessionsQueryOptions(makeupId ?? 0), enabled: makeupId !== null });
}

export function bookMakeup(body: { makeup_id: number; session_id: number }): Promise<BookMakeupAnswer> {
  return call(classEndpoints.bookMakeup, { body });
}

export function useBookMakeup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookMakeup,
    // Everything about classes is read afresh, but the sessions of the make-up just used: asked for again, the server refuses them (409).
    onSuccess: (_answer, body) => {
      const used = JSON.stringify(makeupSessionsQueryOptions(body.makeup_id).queryKey);
      return queryClient.invalidateQueries({ queryKey: classesKey, predicate: (query) => JSON.stringify(query.queryKey) !== used });
    },
  });
}

export function cancelMakeup(body: { makeup_id: number }): Promise<CancelMakeupAnswer> {
  return call(classEndpoints.cancelMakeup, { body });
}

export function useCancelMakeup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMakeup,
    // The credit is free again, the child's make-up place gone from the sessions, enrolments, the child's record and home's upcoming classes.
    onSuccess: () => Promise.all([classesKey, studentsKey, ['home']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
