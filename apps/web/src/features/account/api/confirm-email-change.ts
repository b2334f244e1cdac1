import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { detailsQueryOptions } from '@/entities/customer/get-details';

/** K9: the e-mailed code, as a number (S17), with the token update-details answered. */
export function confirmEmailChange(input: { email_token: string; email_code: number }) {
  return call(accountEndpoints.confirmEmailChange, { body: input });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (answer) => queryClient.setQueryData(detailsQueryOptions.queryKey, answer.updatedClient),
  });
}
