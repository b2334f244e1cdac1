import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactFormState } from '@portal/shared/contact-schemas';
import { call } from '@/lib/call';
import { contactEndpoints } from '@portal/shared/endpoints/contact';

export function getContactForm(signal?: AbortSignal): Promise<ContactFormState> {
  return call(contactEndpoints.form, { signal });
}

/** Who is asking decides the answer (prefill, captcha): identity changes reset the cache. */
export function getContactFormQueryOptions() {
  return queryOptions({ queryKey: ['contact', 'form'], queryFn: ({ signal }) => getContactForm(signal), refetchOnWindowFocus: false });
}

export function useContactForm() {
  return useQuery(getContactFormQueryOptions());
}
