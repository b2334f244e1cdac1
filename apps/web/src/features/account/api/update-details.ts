import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import { detailsQueryOptions } from '@/entities/customer/get-details';

export function updateDetails(values: FormOutput<'customer'> & { ClientID: number }) {
  // Each custom field's value goes as a plain object, which the body's schema takes with any further keys.
  return call(accountEndpoints.updateDetails, { body: { ...values, CustomFieldValues: values.CustomFieldValues?.map((value) => ({ ...value })) } });
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
