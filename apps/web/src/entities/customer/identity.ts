import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import type { EndpointDefinition } from '@portal/shared/endpoint';
import { roleAllows } from '@portal/shared/family-roles';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { ApiRequestError, forgetHeldAnswers, isCompanyLoaded, setCompanyLoaded } from '@/lib/api-client';
import { call } from '@/lib/call';
import { resetBranding } from '@/lib/branding';
import { useCartStore } from '@/lib/cart-store';
import { useSessionStore } from '@/lib/session-store';
import { useUiStore } from '@/lib/ui-store';

/**
 * Who is signed in is what customer/session says (a guest is an answer there, not a 401 the
 * browser would log as an error). The persisted user in the session store is only a hint that
 * lets the first paint show the signed-in frame before that answer arrives; every answer
 * overwrites it.
 */
async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CustomerUser | null> {
  let user: CustomerUser | null;
  try {
    ({ user } = await call(accountEndpoints.session));
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
    user = null;
  }
  // An answer that arrived after an identity change was cancelled: it must not touch the hint.
  if (!signal?.aborted) useSessionStore.getState().setUser(user);
  return user;
}

export const currentUserQueryOptions = queryOptions({
  queryKey: ['customer', 'me'],
  queryFn: getCurrentUser,
  staleTime: 5 * 60_000,
  // The hint is shown at once and replaced by the server's answer straight away.
  initialData: () => useSessionStore.getState().user,
  initialDataUpdatedAt: 0,
});

/**
 * Whether the signed-in person's family role lets them call the endpoint (decision 101): the
 * portal hides what the server would refuse. The account holder may call everything; before the
 * session says who is signed in, nothing is asked for.
 */
export function useCan(endpoint: Pick<EndpointDefinition, 'method' | 'access'>): boolean {
  const user = useCurrentUser();
  return user !== null && roleAllows(user.Role, endpoint);
}

/** The signed-in customer, or null for a guest (and always null before a company is chosen). */
export function useCurrentUser(): CustomerUser | null {
  return useSession().user;
}

/**
 * The customer and whether the session query is still out with no hint to show: a page
 * for signed-in customers waits (a splash) instead of offering the sign-in to a customer
 * whose browser simply had no hint stored.
 */
export function useSession(): { user: CustomerUser | null; pending: boolean } {
  const query = useQuery({ ...currentUserQueryOptions, enabled: isCompanyLoaded });
  const user = query.data ?? null;
  return { user, pending: user === null && isCompanyLoaded() && !query.isFetched };
}

/** Where this tab keeps the sign-in actions it has counted (features/auth/lib/sign-in-steps.ts); a new identity starts afresh. */
export const SIGN_IN_STEPS_KEY = 'portal-sign-in-steps';

interface IdentityChange {
  /** Who is signed in from now on (null: a guest). */
  user: CustomerUser | null;
  /** 'keep' when the company stays (sign-in, sign-out); 'drop' when it changes too. */
  company: 'keep' | 'drop';
  /** Empty the cart whoever it belonged to (a customer_id link, A29). */
  clearCart?: boolean;
}

/** Queries under ['company', …] belong to the company; every other query to the customer. */
const belongsToCompany = (key: readonly unknown[]) => key[0] === 'company';
const isCurrentUserKey = (key: readonly unknown[]) => key.length === 2 && key[0] === 'customer' && key[1] === 'me';

/**
 * The one way the signed-in identity changes (sign-in, sign-out, change company, a
 * customer_id link): nothing cached for the previous identity survives, in the query
 * cache or in the stores.
 */
export function resetIdentity(queryClient: QueryClient, change: IdentityChange): void {
  const { user, company } = change;
  const previous = (key: readonly unknown[]) => company === 'drop' || !belongsToCompany(key);
  // An answer in flight for the previous identity must not land after the change (the
  // cancel takes effect at once); the session query itself is overwritten in place so the
  // components watching it see the new customer.
  void queryClient.cancelQueries({ predicate: (q) => previous(q.queryKey) });
  queryClient.removeQueries({ predicate: (q) => previous(q.queryKey) && !isCurrentUserKey(q.queryKey) });
  forgetHeldAnswers();
  try {
    sessionStorage.removeItem(SIGN_IN_STEPS_KEY);
  } catch {
    // Storage switched off: the count simply starts again on a reload.
  }
  useSessionStore.getState().setUser(user);
  queryClient.setQueryData(currentUserQueryOptions.queryKey, user);

  const cart = useCartStore.getState();
  if (change.clearCart) cart.clear();
  if (user) cart.claimFor(user.ClientID);

  const ui = useUiStore.getState();
  ui.closeModal();
  if (company === 'drop') {
    setCompanyLoaded(false);
    resetBranding();
    ui.setCompanyInactive(false);
  }
}
