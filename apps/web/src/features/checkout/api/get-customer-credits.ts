import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { customerCreditsAnswerSchema } from '@portal/shared/payment-schemas';
import { api } from '@/lib/api-client';

type CreditsAnswer = z.infer<typeof customerCreditsAnswerSchema>;

export function getCustomerCredits(signal?: AbortSignal): Promise<CreditsAnswer> {
  return api<CreditsAnswer>('/api/payment/get-customer-credits', { signal });
}

export function getCustomerCreditsQueryOptions() {
  return queryOptions({ queryKey: ['customer-credits'], queryFn: ({ signal }) => getCustomerCredits(signal) });
}

export function useCustomerCredits() {
  return useQuery(getCustomerCreditsQueryOptions());
}
