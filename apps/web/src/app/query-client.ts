import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client';

export const queryDefaults = {
  queries: {
    staleTime: 30_000,
    // A 4xx will not change on retry; only flaky network or 5xx is worth one more try.
    retry: (count, error) => count < 1 && !(error instanceof ApiRequestError && error.status < 500),
    refetchOnWindowFocus: false,
  },
  // A save pressed offline is tried at once and fails with "We could not reach the server…": never
  // held back and sent later, after the family has cancelled, changed it or left the page.
  mutations: { networkMode: 'always' },
} satisfies DefaultOptions;

export const queryClient = new QueryClient({ defaultOptions: queryDefaults });
