import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import type { UpdateDetailsAnswer } from '@portal/shared/my-details-schemas';
import { api } from '@/lib/api-client';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import { detailsQueryOptions } from '@/entities/customer/get-details';

export function updateDetails(values: FormOutput<'customer'> & { ClientID: number }): Promise<UpdateDetailsAnswer> {
  return api<UpdateDetailsAnswer>('/api/customer/update-details', { method: 'POST', body: values });
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
