import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactFormState } from '@portal/shared/contact-schemas';
import { api } from '@/lib/api-client';

export function getContactForm(signal?: AbortSignal): Promise<ContactFormState> {
  return api<ContactFormState>('/api/company/contact-us', { signal });
}

/** Who is asking decides the answer (prefill, captcha): identity changes reset the cache. */
export function getContactFormQueryOptions() {
  return queryOptions({ queryKey: ['contact', 'form'], queryFn: ({ signal }) => getContactForm(signal), refetchOnWindowFocus: false });
}

export function useContactForm() {
  return useQuery(getContactFormQueryOptions());
}
