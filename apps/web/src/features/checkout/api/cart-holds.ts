import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CartHoldsAnswer, CartHoldsRequest } from '@portal/shared/payment-schemas';
import { paymentEndpoints } from '@portal/shared/endpoints/payments';
import { call } from '@/lib/call';
import { quoteKey } from './get-quote';

/** What the cart holds now, asked afresh on each page that shows it (decision 095). */
export function cartHoldsQueryOptions() {
  return queryOptions({ queryKey: ['cart-holds'], queryFn: ({ signal }) => call(paymentEndpoints.cartHoldsNow, { signal }), staleTime: 0 });
}

export function useCartHolds(enabled: boolean) {
  return useQuery({ ...cartHoldsQueryOptions(), enabled });
}

export function holdCart(body: CartHoldsRequest): Promise<CartHoldsAnswer> {
  return call(paymentEndpoints.cartHolds, { body });
}

/**
 * The cart's holds as the server answered them; a court taken or a class filled by another family
 * has the cart priced again, so the quote names it. So does a quote that failed meanwhile: asked
 * while these holds were being made, it may have counted the family's own new hold against it.
 */
function holdsAnswered(client: QueryClient, data: CartHoldsAnswer) {
  client.setQueryData(cartHoldsQueryOptions().queryKey, data);
  const quoteFailed = client
    .getQueryCache()
    .findAll({ queryKey: quoteKey })
    .some((q) => q.state.status === 'error');
  if (quoteFailed || data.refused.some((r) => r.code === 'BOOKING_TAKEN' || r.code === 'CLASS_FULL')) void client.invalidateQueries({ queryKey: quoteKey });
}

/** Holds the places of the cart as it is now ("Hold again"); the answer is what the cart holds. */
export function useHoldCart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: holdCart, onSuccess: (data) => holdsAnswered(client, data) });
}

let sending = false;
let latest: CartHoldsRequest | null = null;

/**
 * Sends the cart's items to be held, one request at a time: while one is on its way, only the
 * newest cart waits to go after it, so an older cart can never give back a place a newer one holds.
 */
export function syncCartHolds(client: QueryClient, body: CartHoldsRequest): void {
  latest = body;
  if (sending) return;
  sending = true;
  const next = latest;
  latest = null;
  void holdCart(next)
    .then(async (data) => {
      // A read sent before this answer must not overwrite it with the holds as they were.
      await client.cancelQueries({ queryKey: cartHoldsQueryOptions().queryKey });
      holdsAnswered(client, data);
    })
    .catch(() => client.invalidateQueries({ queryKey: cartHoldsQueryOptions().queryKey }))
    .finally(() => {
      sending = false;
      if (latest) syncCartHolds(client, latest);
    });
}
