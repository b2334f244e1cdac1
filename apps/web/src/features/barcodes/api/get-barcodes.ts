import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BarcodesAnswer } from '@portal/shared/barcode-schemas';
import { api } from '@/lib/api-client';

export function getBarcodes(signal?: AbortSignal): Promise<BarcodesAnswer> {
  return api<BarcodesAnswer>('/api/customer/get-barcodes', { signal });
}

/** Asked again on every visit; the ETag makes a repeat visit a 304 with no body. */
export function getBarcodesQueryOptions() {
  return queryOptions({ queryKey: ['barcodes'], queryFn: ({ signal }) => getBarcodes(signal) });
}

export function useBarcodes() {
  return useQuery(getBarcodesQueryOptions());
}
