import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailChangeAnswer } from '@portal/shared/my-details-schemas';
import { api } from '@/lib/api-client';
import { detailsQueryOptions } from '@/entities/customer/get-details';

/** K9: the e-mailed code, as a number (S17), with the token update-details answered. */
export function confirmEmailChange(input: { email_token: string; email_code: number }): Promise<ConfirmEmailChangeAnswer> {
  return api<ConfirmEmailChangeAnswer>('/api/customer/confirm-email-change', { method: 'POST', body: input });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (answer) => queryClient.setQueryData(detailsQueryOptions.queryKey, answer.updatedClient),
  });
}
