import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistAnswer } from '@portal/shared/class-schemas';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { waitlistQueryOptions } from '@/entities/classes/get-waitlist';
import { call } from '@/lib/call';

/** Puts a child on a full class's waitlist from the cart; the answer is the family's waitlist. */
export function useJoinWaitlistFromCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { class_id: number; student_id: number }): Promise<WaitlistAnswer> => call(classEndpoints.joinWaitlist, { body }),
    onSuccess: (data) => client.setQueryData(waitlistQueryOptions().queryKey, data),
  });
}
