import { queryOptions } from '@tanstack/react-query';
import type { Agreement } from '@portal/shared/agreement-schemas';
import { agreementEndpoints } from '@portal/shared/endpoints/agreements';
import { call } from '@/lib/call';

/** N25, R68: the agreements a registration under this profile signs (the company's when the profile names none). */
export async function getRegistrationAgreements(profileId: number, signal?: AbortSignal): Promise<Agreement[]> {
  return (await call(agreementEndpoints.active, { query: { id: profileId }, signal })).agreements;
}

export function registrationAgreementsQueryOptions(profileId: number) {
  return queryOptions({
    queryKey: ['registration', 'agreements', profileId],
    queryFn: ({ signal }) => getRegistrationAgreements(profileId, signal),
    staleTime: 5 * 60_000,
  });
}
