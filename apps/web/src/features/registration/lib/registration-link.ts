// Loaded with the portal's first script (the company bootstrap warms a registration link's queries): no schema here.
import type { QueryClient } from '@tanstack/react-query';
import { ocrProfileQueryOptions } from '@/entities/classes/get-ocr-profile';
import { formFieldsQueryOptions } from '@/entities/forms/get-form-fields';

/** The profile a registration link names (`p=`), when it is one. */
export function profileParam(value: string | null): number | null {
  if (!value || !/^[0-9]{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * What a registration's first screen waits for besides the company's configuration: its profile
 * and the profile's customer form. Asked for together (and beside get-config, once the link's
 * company is entered), not one after another.
 */
export function prefetchRegistration(queryClient: QueryClient, params: URLSearchParams): void {
  const profileId = profileParam(params.get('p'));
  if (profileId === null) return;
  void queryClient.prefetchQuery(ocrProfileQueryOptions(profileId));
  void queryClient.prefetchQuery(formFieldsQueryOptions('customer', profileId));
}
