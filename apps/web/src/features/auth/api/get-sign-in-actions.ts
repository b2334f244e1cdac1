import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInAction, SignInActionsAnswer } from '@portal/shared/customer-schemas';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/entities/customer/identity';

export async function getSignInActions(): Promise<SignInAction[]> {
  const answer = await api<SignInActionsAnswer>('/api/customer/get-sign-in-actions');
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
