import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInAction } from '@portal/shared/customer-schemas';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { useCurrentUser } from '@/entities/customer/identity';

export async function getSignInActions(): Promise<SignInAction[]> {
  const answer = await call(accountEndpoints.signInActions);
  return answer.actions;
}

/** Seeded from the login answer; refetched when the settings tabs switch (D2 §2). */
export const signInActionsQueryOptions = queryOptions({
  queryKey: ['customer', 'sign-in-actions'],
  queryFn: getSignInActions,
  staleTime: 5 * 60_000,
});

/** The queue for the signed-in customer; empty for guests. */
export function useSignInActions() {
  const signedIn = useCurrentUser() !== null;
  return useQuery({ ...signInActionsQueryOptions, enabled: signedIn });
}
