import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change on retry; only flaky network or 5xx is worth one more try.
      retry: (count, error) => count < 1 && !(error instanceof ApiRequestError && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
