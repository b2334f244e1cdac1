import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BarcodesAnswer } from '@portal/shared/barcode-schemas';
import { call } from '@/lib/call';
import { barcodeEndpoints } from '@portal/shared/endpoints/barcodes';

export function getBarcodes(signal?: AbortSignal): Promise<BarcodesAnswer> {
  return call(barcodeEndpoints.list, { signal });
}

/** Asked again on every visit; the ETag makes a repeat visit a 304 with no body. */
export function getBarcodesQueryOptions() {
  return queryOptions({ queryKey: ['barcodes'], queryFn: ({ signal }) => getBarcodes(signal) });
}

export function useBarcodes() {
  return useQuery(getBarcodesQueryOptions());
}
