import { queryOptions } from '@tanstack/react-query';
import type { ActiveAgreementsAnswer, Agreement } from '@portal/shared/agreement-schemas';
import { api } from '@/lib/api-client';

/** N25, R68: the agreements a registration under this profile signs (the company's when the profile names none). */
export async function getRegistrationAgreements(profileId: number, signal?: AbortSignal): Promise<Agreement[]> {
  return (await api<ActiveAgreementsAnswer>('/api/customer/get-active-agreements', { query: { id: profileId }, signal })).agreements;
}

export function registrationAgreementsQueryOptions(profileId: number) {
  return queryOptions({
    queryKey: ['registration', 'agreements', profileId],
    queryFn: ({ signal }) => getRegistrationAgreements(profileId, signal),
    staleTime: 5 * 60_000,
  });
}
