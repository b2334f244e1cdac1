import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormFieldsAnswer, FormKind } from '@portal/shared/form-config';
import { call } from '@/lib/call';
import { companyEndpoints } from '@portal/shared/endpoints/company';

const ENDPOINTS = { customer: companyEndpoints.customerFormFields, student: companyEndpoints.studentFormFields } as const satisfies Record<FormKind, unknown>;

/** A form's configuration (R11, R33); no profile id means the hub's own forms (K7, E6). */
export function getFormFields(kind: FormKind, profileId?: number): Promise<FormFieldsAnswer> {
  return call(ENDPOINTS[kind], { query: { id: profileId } });
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
