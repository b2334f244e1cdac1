import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OcrClassRequest, ocrClassQuoteRequestSchema } from '@portal/shared/registration-schemas';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { call } from '@/lib/call';
import { sendPaymentAttempt } from '@/lib/payment-attempt';

export type OcrClassQuoteRequest = z.input<typeof ocrClassQuoteRequestSchema>;

/** Every quote of the signed-in family's classes, whatever they are: asked again together. */
export const ocrClassQuotesKey = ['registration', 'ocr-class-quote'] as const;

/** N12: what an existing family's classes cost it (its siblings and credits priced as the hub's cart prices them), and how the profile lets it pay. */
export function ocrClassQuoteQueryOptions(body: OcrClassQuoteRequest) {
  return queryOptions({
    queryKey: [...ocrClassQuotesKey, body],
    queryFn: ({ signal }) => call(classEndpoints.ocrClassQuote, { body, signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useOcrClassQuote(body: OcrClassQuoteRequest, enabled: boolean) {
  return useQuery({ ...ocrClassQuoteQueryOptions(body), enabled, placeholderData: keepPreviousData });
}

/**
 * F16, R49: the existing family's class registration, its payment included, under an
 * Idempotency-Key: the same key and body answer the same payment, so one whose answer was lost
 * (or whose challenge step was decided) is sent again as it stands.
 */
export function submitOcrClass({ body, idempotencyKey }: { body: OcrClassRequest; idempotencyKey: string }) {
  return sendPaymentAttempt(() => call(classEndpoints.ocrClass, { body, headers: { 'Idempotency-Key': idempotencyKey } }));
}

export function useSubmitOcrClass() {
  return useMutation({ mutationFn: submitOcrClass });
}
