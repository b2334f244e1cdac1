import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';

/** A page as the router shows it at `url` (with the navigation `state` a page sent, if any), with the company's config loaded and no retries (a refusal shows at once). */
export function renderRoute(page: ReactNode, { url, config, state }: { url: string; config: CompanyConfig; state?: unknown }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, config);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[state === undefined ? url : { pathname: url, state }]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}
