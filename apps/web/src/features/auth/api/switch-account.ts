import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

/** The accounts the signed-in e-mail address opens at the company, the one signed in to among them. */
export const sessionAccountsQueryOptions = queryOptions({
  queryKey: ['customer', 'accounts'],
  queryFn: async () => (await call(accountEndpoints.accounts)).clients,
  staleTime: 0,
});

/** Signs in to another of those accounts, without the password again: answers as login does. */
export function switchAccount(clientId: number) {
  return call(accountEndpoints.switchAccount, { body: { client_id: clientId } });
}
