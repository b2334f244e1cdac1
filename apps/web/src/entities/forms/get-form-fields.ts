import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormFieldsAnswer, FormKind } from '@portal/shared/form-config';
import { api } from '@/lib/api-client';

const PATHS: Record<FormKind, string> = { customer: '/api/customer/get-form-fields', student: '/api/student/get-form-fields' };

/** A form's configuration (R11, R33); no profile id means the hub's own forms (K7, E6). */
export function getFormFields(kind: FormKind, profileId?: number): Promise<FormFieldsAnswer> {
  return api<FormFieldsAnswer>(PATHS[kind], { query: { id: profileId } });
}

/** Cached for good (T30): a configuration changes only when the company does, and that resets the cache. */
export function formFieldsQueryOptions(kind: FormKind, profileId?: number) {
  return queryOptions({
    queryKey: ['form-fields', kind, profileId ?? null],
    queryFn: () => getFormFields(kind, profileId),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useFormFields(kind: FormKind, profileId?: number) {
  return useQuery(formFieldsQueryOptions(kind, profileId));
}
