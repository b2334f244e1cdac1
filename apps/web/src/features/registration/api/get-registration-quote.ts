import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REGISTRATION_TOKEN_HEADER, type registrationQuoteRequestSchema } from '@portal/shared/registration-schemas';
import type { z } from 'zod';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { call } from '@/lib/call';

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
  return useQuery({ ...registrationQuoteQueryOptions(body, registrationToken), enabled, placeholderData: keepPreviousData });
}
