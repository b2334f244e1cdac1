import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationQuoteAnswer, registrationQuoteRequestSchema } from '@portal/shared/registration-schemas';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type RegistrationQuoteRequest = z.input<typeof registrationQuoteRequestSchema>;

/** POST /api/ocr/quote: what the chosen classes cost a new family, and how it may pay (N27). */
export function getRegistrationQuote(body: RegistrationQuoteRequest, signal?: AbortSignal): Promise<RegistrationQuoteAnswer> {
  return api<RegistrationQuoteAnswer>('/api/ocr/quote', { method: 'POST', body, signal });
}

/** Asked again whenever the classes or the payment option change (a card surcharge comes and goes with them). */
export function registrationQuoteQueryOptions(body: RegistrationQuoteRequest) {
  return queryOptions({ queryKey: ['registration', 'quote', body], queryFn: ({ signal }) => getRegistrationQuote(body, signal), staleTime: 0, retry: false });
}

export function useRegistrationQuote(body: RegistrationQuoteRequest, enabled: boolean) {
  return useQuery({ ...registrationQuoteQueryOptions(body), enabled, placeholderData: keepPreviousData });
}
