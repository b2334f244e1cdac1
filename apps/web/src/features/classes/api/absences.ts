import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AbsenceReasonsAnswer, NotifyAbsenceAnswer, WithdrawAbsenceAnswer } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { studentsKey } from '@/entities/students/get-student';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

/** The reasons for the child's absence from a session, and whether notifying earns that child a make-up. */
export function getAbsenceReasons(sessionId: number, studentId: number): Promise<AbsenceReasonsAnswer> {
  return call(classEndpoints.absenceReasons, { query: { session_id: sessionId, student_id: studentId } });
}

export function absenceReasonsQueryOptions(sessionId: number, studentId: number) {
  return queryOptions({ queryKey: [...classesKey, 'absence-reasons', sessionId, studentId], queryFn: () => getAbsenceReasons(sessionId, studentId) });
}

export function useAbsenceReasons(sessionId: number | null, studentId: number) {
  return useQuery({ ...absenceReasonsQueryOptions(sessionId ?? 0, studentId), enabled: sessionId !== null });
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

export function withdrawAbsence(body: { session_id: number; student_id: number }): Promise<WithdrawAbsenceAnswer> {
  return call(classEndpoints.withdrawAbsence, { body });
}

export function useWithdrawAbsence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAbsence,
    // Sessions the child's record and home's upcoming classes lose the absence, make-ups the credit it earned.
    onSuccess: () => Promise.all([classesKey, studentsKey, ['home']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
