import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formPayload } from '@portal/shared/form-engine/form-schema';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import { detailsQueryOptions } from '@/entities/customer/get-details';

export function updateDetails(values: FormOutput<'customer'> & { ClientID: number }) {
  // Empty values go as "" (S27).
  return call(accountEndpoints.updateDetails, { body: formPayload(values) });
}

/** K8: the answer's updatedClient is what the page shows; the name in the top bar follows it. */
export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDetails,
    onSuccess: (answer) => {
      queryClient.setQueryData(detailsQueryOptions.queryKey, answer.updatedClient);
      return queryClient.invalidateQueries({ queryKey: currentUserQueryOptions.queryKey });
    },
  });
}
