import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formPayload } from '@portal/shared/form-engine/form-schema';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import { call } from '@/lib/call';
import { isRecordChanged } from '@/lib/record-changed';
import { ifMatchVersion } from '@portal/shared/api-schemas';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import { detailsQueryOptions } from '@/entities/customer/get-details';

/** What a save of the details form sends: its values, and the version of the record they were filled from (decision 145). */
export type DetailsSave = { values: FormOutput<'customer'> & { ClientID: number }; version?: number | undefined };

export function updateDetails({ values, version }: DetailsSave) {
  // Empty values go as "" (S27).
  return call(accountEndpoints.updateDetails, { body: formPayload(values), ...(version === undefined ? {} : { headers: ifMatchVersion(version) }) });
}

/** K8: the answer's updatedClient is what the page shows; the name in the top bar follows it. */
export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDetails,
    // Changed elsewhere: the details are read again, so the page holds the version a save may replace.
    onError: (error) => (isRecordChanged(error) ? queryClient.invalidateQueries({ queryKey: detailsQueryOptions.queryKey }) : undefined),
    onSuccess: (answer) => {
      queryClient.setQueryData(detailsQueryOptions.queryKey, answer.updatedClient);
      return queryClient.invalidateQueries({ queryKey: currentUserQueryOptions.queryKey });
    },
  });
}
