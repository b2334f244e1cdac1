import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AbsenceReasonsAnswer, NotifyAbsenceAnswer } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

export function getAbsenceReasons(sessionId: number): Promise<AbsenceReasonsAnswer> {
  return call(classEndpoints.absenceReasons, { query: { session_id: sessionId } });
}

export function absenceReasonsQueryOptions(sessionId: number) {
  return queryOptions({ queryKey: [...classesKey, 'absence-reasons', sessionId], queryFn: () => getAbsenceReasons(sessionId) });
}

export function useAbsenceReasons(sessionId: number | null) {
  return useQuery({ ...absenceReasonsQueryOptions(sessionId ?? 0), enabled: sessionId !== null });
}

export function notifyAbsence(body: { session_id: number; student_id: number; reason_id: number }): Promise<NotifyAbsenceAnswer> {
  return call(classEndpoints.notifyAbsence, { body });
}

export function useNotifyAbsence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notifyAbsence,
    // Sessions show the absence, make-ups the new credit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKey }),
  });
}
