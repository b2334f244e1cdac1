import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinWaitlistRequest, WaitlistAnswer } from '@portal/shared/class-schemas';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { call } from '@/lib/call';
import { waitlistQueryOptions } from './get-waitlist';

/** Puts a child on a full class's waitlist (the add-to-cart dialog, the cart); the answer is the family's waitlist. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinWaitlistRequest): Promise<WaitlistAnswer> => call(classEndpoints.joinWaitlist, { body }),
    onSuccess: (data) => queryClient.setQueryData(waitlistQueryOptions().queryKey, data),
  });
}
