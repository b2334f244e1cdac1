import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistAnswer } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { api } from '@/lib/api-client';

export function getWaitlist(): Promise<WaitlistAnswer> {
  return api<WaitlistAnswer>('/api/classes/get-waitlist');
}

/** Polled each minute while shown, so the position moves as families ahead leave or enrol. */
export function waitlistQueryOptions() {
  return queryOptions({ queryKey: [...classesKey, 'waitlist'], queryFn: getWaitlist, refetchInterval: 60_000 });
}

export function useWaitlist() {
  return useQuery(waitlistQueryOptions());
}

export function joinWaitlist(body: { class_id: number; student_id: number }): Promise<WaitlistAnswer> {
  return api<WaitlistAnswer>('/api/classes/join-waitlist', { method: 'POST', body });
}

export function leaveWaitlist(waitlistId: number): Promise<WaitlistAnswer> {
  return api<WaitlistAnswer>('/api/classes/leave-waitlist', { method: 'POST', body: { waitlist_id: waitlistId } });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinWaitlist, onSuccess: (data) => queryClient.setQueryData(waitlistQueryOptions().queryKey, data) });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveWaitlist, onSuccess: (data) => queryClient.setQueryData(waitlistQueryOptions().queryKey, data) });
}
