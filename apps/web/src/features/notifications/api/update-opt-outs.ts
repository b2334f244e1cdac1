import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OptOut, OptOutsAnswer } from '@portal/shared/notification-schemas';
import { call } from '@/lib/call';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';
import { getOptOutsQueryOptions } from './get-opt-outs';

export type OptOutUpdate = Pick<OptOut, 'category' | 'email' | 'in_app'>;

export function updateOptOuts(optOuts: OptOutUpdate[]): Promise<OptOutsAnswer> {
  return call(messagingEndpoints.updateOptOuts, { body: { opt_outs: optOuts } });
}

export function useUpdateOptOuts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOptOuts,
    onSuccess: (answer) => {
      // The answer is the saved state, so the form shows exactly what the server kept.
      queryClient.setQueryData(getOptOutsQueryOptions().queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: getOptOutsQueryOptions().queryKey });
    },
  });
}
