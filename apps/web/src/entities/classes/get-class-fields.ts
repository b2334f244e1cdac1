import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassFieldsAnswer } from '@portal/shared/class-schemas';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { classesKey } from './classes-key';

/** The search fields a registration profile's class step offers. */
export function getClassFields(ocrProfileId: number): Promise<ClassFieldsAnswer> {
  return call(classEndpoints.fields, { query: { ocr_profile_id: ocrProfileId } });
}

export function classFieldsQueryOptions(ocrProfileId: number) {
  // Form fields are cached for good (T30).
  return queryOptions({ queryKey: [...classesKey, 'fields', ocrProfileId], queryFn: () => getClassFields(ocrProfileId), staleTime: Infinity });
}

/** Null: no profile to ask about (a link that names none), nothing is asked. */
export function useClassFields(ocrProfileId: number | null) {
  return useQuery({ ...classFieldsQueryOptions(ocrProfileId ?? 0), enabled: ocrProfileId !== null });
}
