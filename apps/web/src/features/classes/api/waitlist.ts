import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistAnswer } from '@portal/shared/class-schemas';
import { waitlistQueryOptions } from '@/entities/classes/get-waitlist';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

export function leaveWaitlist(waitlistId: number): Promise<WaitlistAnswer> {
  return call(classEndpoints.leaveWaitlist, { body: { waitlist_id: waitlistId } });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveWaitlist, onSuccess: (data) => queryClient.setQueryData(waitlistQueryOptions().queryKey, data) });
}
