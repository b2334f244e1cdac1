import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OcrProfileAnswer } from '@portal/shared/class-schemas';
import { api } from '@/lib/api-client';

export function getOcrProfile(id: number): Promise<OcrProfileAnswer> {
  return api<OcrProfileAnswer>(`/api/classes/ocr-profiles/${id}`);
}

export function ocrProfileQueryOptions(id: number) {
  return queryOptions({ queryKey: ['classes', 'ocr-profile', id], queryFn: () => getOcrProfile(id), staleTime: Infinity });
}

export function useOcrProfile(id: number) {
  return useQuery(ocrProfileQueryOptions(id));
}
