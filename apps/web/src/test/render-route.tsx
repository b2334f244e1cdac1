import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import { queryDefaults } from '@/app/query-client';

/** A signed-in account holder, for pages whose buttons follow the family role (decision 101). */
export const HOLDER: CustomerUser = { ClientID: 1, FirstName: 'Sarah', LastName: 'Mitchell', total_barcodes: 0, Role: 'holder' };

/** A page as the router shows it at `url` (with the navigation `state` a page sent, if any), with the company's config (and the signed-in user, if given) loaded, the portal's query defaults but no retries (a refusal shows at once); with the page's query client. */
export function renderRoute(page: ReactNode, { url, config, state, user }: { url: string; config: CompanyConfig; state?: unknown; user?: CustomerUser }) {
  const client = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, config);
  // Who is signed in, where a page depends on it (a guardian's role, decision 101).
  if (user) client.setQueryData(currentUserQueryOptions.queryKey, user);
  // A data router, as the portal's own (createBrowserRouter): what needs one (a blocker) works here too.
  const router = createMemoryRouter([{ path: '*', element: page }], {
    initialEntries: [state === undefined ? url : { pathname: url.split('?')[0], search: url.includes('?') ? `?${url.split('?')[1]}` : '', state }],
  });
  const rendered = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...rendered, client };
}
