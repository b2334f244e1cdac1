import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { registrationQuoteRequestSchema } from '@portal/shared/registration-schemas';
import type { z } from 'zod';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { call } from '@/lib/call';

export type RegistrationQuoteRequest = z.input<typeof registrationQuoteRequestSchema>;

/** What the chosen classes cost a new family, and how it may pay (N27). */
export function getRegistrationQuote(body: RegistrationQuoteRequest, signal?: AbortSignal) {
  return call(registrationEndpoints.quote, { body, signal });
}

/** Asked again whenever the classes or the payment option change (a card surcharge comes and goes with them). */
export function registrationQuoteQueryOptions(body: RegistrationQuoteRequest) {
  return queryOptions({ queryKey: ['registration', 'quote', body], queryFn: ({ signal }) => getRegistrationQuote(body, signal), staleTime: 0, retry: false });
}

export function useRegistrationQuote(body: RegistrationQuoteRequest, enabled: boolean) {
  return useQuery({ ...registrationQuoteQueryOptions(body), enabled, placeholderData: keepPreviousData });
}
