import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { familyAccessEndpoints } from '@portal/shared/endpoints/family-access';

/** The accounts the signed-in e-mail address opens at the company, the one signed in to among them. */
export const sessionAccountsQueryOptions = queryOptions({
  queryKey: ['customer', 'accounts'],
  queryFn: async () => (await call(familyAccessEndpoints.accounts)).clients,
  staleTime: 0,
});

/** Signs in to another of those accounts, without the password again: answers as login does. */
export function switchAccount(clientId: number) {
  return call(familyAccessEndpoints.switchAccount, { body: { client_id: clientId } });
}
