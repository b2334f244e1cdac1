import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveAgreementsAnswer, Agreement } from '@portal/shared/agreement-schemas';
import { api } from '@/lib/api-client';

/** R8: the company's agreements, each with the signed-in customer's acceptance. */
export async function getActiveAgreements(): Promise<Agreement[]> {
  return (await api<ActiveAgreementsAnswer>('/api/customer/get-active-agreements')).agreements;
}

export const activeAgreementsQueryOptions = queryOptions({ queryKey: ['customer', 'agreements'], queryFn: getActiveAgreements });

export function useActiveAgreements() {
  return useQuery(activeAgreementsQueryOptions);
}
