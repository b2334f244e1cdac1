import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveAgreementsAnswer, Agreement } from '@portal/shared/agreement-schemas';
import { api } from '@/lib/api-client';

/**
 * R8: the company's agreements, each with the signed-in customer's acceptance; with a
 * registration profile's id (R68), that profile's agreements (the company's when it names none).
 */
export async function getActiveAgreements(profileId?: number): Promise<Agreement[]> {
  const query = profileId === undefined ? '' : `?id=${profileId}`;
  return (await api<ActiveAgreementsAnswer>(`/api/customer/get-active-agreements${query}`)).agreements;
}

export const activeAgreementsQueryOptions = queryOptions({ queryKey: ['customer', 'agreements'], queryFn: () => getActiveAgreements() });

export function useActiveAgreements() {
  return useQuery(activeAgreementsQueryOptions);
}
