import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyConfig } from '@portal/shared/company-config';
import { ApiRequestError, setCompanyLoaded, takeNoCompanyKnown } from '@/lib/api-client';
import { call } from '@/lib/call';
import { useSessionStore } from '@/lib/session-store';
import { companyEndpoints } from '@portal/shared/endpoints/company';

export async function getCompanyConfig(): Promise<CompanyConfig> {
  if (takeNoCompanyKnown()) {
    // The page was served to a browser with no company session, or the family has just left its company: the server's answer is known.
    setCompanyLoaded(false);
    useSessionStore.getState().setUser(null);
    throw new ApiRequestError(401, { code: 'COMPANY_REQUIRED', message: 'Please choose a company' });
  }
  try {
    const config = await call(companyEndpoints.config);
    setCompanyLoaded(true);
    return config;
  } catch (error) {
    setCompanyLoaded(false);
    // No company session: no customer one either, so the remembered customer is forgotten.
    if (error instanceof ApiRequestError && error.status === 401) useSessionStore.getState().setUser(null);
    throw error;
  }
}

/** The config changes only when the company does, and changing company resets the cache. */
export const companyConfigQueryOptions = queryOptions({
  queryKey: ['company', 'config'],
  queryFn: getCompanyConfig,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  // "No company chosen" is an answer, not a glitch: a new screen mounting must not ask
  // again (the sign-in flow fetches explicitly once a company is chosen).
  retryOnMount: false,
  refetchOnWindowFocus: false,
});

export function useCompanyConfig() {
  return useQuery(companyConfigQueryOptions);
}

/**
 * For components rendered inside the app shell, which only renders once the config has
 * loaded: the config itself, never undefined.
 */
export function useConfig(): CompanyConfig {
  const { data } = useCompanyConfig();
  if (!data) throw new Error('Company configuration is not loaded');
  return data;
}
