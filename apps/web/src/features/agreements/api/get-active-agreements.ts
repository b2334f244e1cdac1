import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agreement } from '@portal/shared/agreement-schemas';
import { call } from '@/lib/call';
import { agreementEndpoints } from '@portal/shared/endpoints/agreements';

/**
 * R8: the company's agreements, each with the signed-in customer's acceptance; with a
 * registration profile's id (R68), that profile's agreements (the company's when it names none).
 */
export async function getActiveAgreements(profileId?: number): Promise<Agreement[]> {
  return (await call(agreementEndpoints.active, { query: { id: profileId } })).agreements;
}

export const activeAgreementsQueryOptions = queryOptions({ queryKey: ['customer', 'agreements'], queryFn: () => getActiveAgreements() });

export function useActiveAgreements() {
  return useQuery(activeAgreementsQueryOptions);
}
