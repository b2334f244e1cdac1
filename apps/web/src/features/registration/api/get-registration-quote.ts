import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { REGISTRATION_TOKEN_HEADER, type registrationQuoteRequestSchema } from '@portal/shared/registration-schemas';
import type { z } from 'zod';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { call } from '@/lib/call';
import { waitingRoomQueryOptions } from './waiting-room';

export type RegistrationQuoteRequest = z.input<typeof registrationQuoteRequestSchema>;

/** What the chosen classes cost a new family, and how it may pay (N27); named by its registration, it holds their places (decision 109). */
export function getRegistrationQuote(body: RegistrationQuoteRequest, registrationToken?: string, signal?: AbortSignal) {
  return call(registrationEndpoints.quote, { body, signal, ...(registrationToken ? { headers: { [REGISTRATION_TOKEN_HEADER]: registrationToken } } : {}) });
}

/** Every quote of the registration, whatever its classes: asked again together. */
export const registrationQuotesKey = ['registration', 'quote'] as const;

/** Asked again whenever the classes or the payment option change (a card surcharge comes and goes with them). */
export function registrationQuoteQueryOptions(body: RegistrationQuoteRequest, registrationToken?: string) {
  return queryOptions({
    queryKey: [...registrationQuotesKey, body, registrationToken ?? null],
    queryFn: ({ signal }) => getRegistrationQuote(body, registrationToken, signal),
    staleTime: 0,
    retry: false,
  });
}

export function useRegistrationQuote(body: RegistrationQuoteRequest, enabled: boolean, registrationToken?: string) {
  const query = useQuery({ ...registrationQuoteQueryOptions(body, registrationToken), enabled, placeholderData: keepPreviousData });
  // Places held lengthen a waiting room's turn to their end (decision 116): the room is asked for it at once.
  const client = useQueryClient();
  const heldUntil = query.data?.holds?.map((h) => h.heldUntil).sort()[0] ?? null;
  useEffect(() => {
    if (heldUntil) void client.invalidateQueries({ queryKey: waitingRoomQueryOptions(body.profile).queryKey });
  }, [heldUntil, client, body.profile]);
  return query;
}
