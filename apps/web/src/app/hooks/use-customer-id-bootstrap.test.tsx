// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { CompanyConfig } from '@portal/shared/company-config';
import type { CompanyAnswer } from '@portal/shared/company-schemas';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { paths } from '@/config/paths';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import { setCompanyLoaded, startPreloadedCalls } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { formTestConfig } from '@/test/form-config';
import { installMockServer, server } from '@/test/msw';
import { useCustomerIdBootstrap } from './use-customer-id-bootstrap';

installMockServer();
afterEach(cleanup);

const SPLASH = 1001;
const ACE = 2002;
const config = (customerId: number) => formTestConfig({ CustomerID: customerId, CompanyDisplayName: customerId === ACE ? 'Ace Tennis' : 'Splash Swim School' }) as CompanyConfig;
const tess: CustomerUser = { ClientID: 7, FirstName: 'Tess', LastName: 'Ng', total_barcodes: 0 };

function Page() {
  return <p>{useCustomerIdBootstrap() ? 'Entering the company' : 'Page shown'}</p>;
}

/**
 * A family signed in to SPLASH opens `link`, which names ACE; answers what the portal asked the
 * server for, in order.
 */
async function openWhileInSplash(link: string) {
  const asked: string[] = [];
  server.use(
    http.post('/api/company/logout', () => {
      asked.push('logout');
      return HttpResponse.json({ success: true });
    }),
    http.post<never, never, CompanyAnswer>('/api/company/login-by-customer-id', () => {
      asked.push('login-by-customer-id');
      return HttpResponse.json({ success: true, company: { CustomerID: ACE, TradingName: 'Ace Tennis', Application: 'portal' } });
    }),
    http.get<never, never, CompanyConfig>('/api/company/get-config', () => {
      asked.push('get-config');
      return HttpResponse.json(config(ACE));
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, config(SPLASH));
  setCompanyLoaded(true);
  useSessionStore.getState().setUser(tess);
  client.setQueryData(currentUserQueryOptions.queryKey, tess);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[link]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked, client };
}

describe('a link that names another company', () => {
  it('an invitation’s link shows its page at once and leaves the family signed in to the company the browser is in', async () => {
    const { asked, client } = await openWhileInSplash(`${paths.joinFamily}?token=abc&id=${ACE}`);
    expect(screen.getByText('Page shown')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(client.getQueryData(companyConfigQueryOptions.queryKey)?.CustomerID).toBe(SPLASH);
    expect(client.getQueryData(currentUserQueryOptions.queryKey)).toEqual(tess);
    expect(useSessionStore.getState().user).toEqual(tess);
  });

  it('a registration link still enters its company, signing out of the one the browser was in', async () => {
    const { asked, client } = await openWhileInSplash(`${paths.ob}?id=${ACE}`);
    expect(await screen.findByText('Page shown')).toBeTruthy();
    expect(asked).toEqual(['logout', 'login-by-customer-id', 'get-config']);
    expect(client.getQueryData(companyConfigQueryOptions.queryKey)?.CustomerID).toBe(ACE);
    expect(useSessionStore.getState().user).toBeNull();
  });
});

describe('a link that names its company, opened with no company chosen', () => {
  it('an invitation’s link enters its company without first asking for a configuration the page said there is none of', async () => {
    const asked: string[] = [];
    let entered = false;
    server.use(
      http.post('/api/company/logout', () => {
        asked.push('logout');
        return HttpResponse.json({ success: true });
      }),
      http.post<never, never, CompanyAnswer>('/api/company/login-by-customer-id', () => {
        asked.push('login-by-customer-id');
        entered = true;
        return HttpResponse.json({ success: true, company: { CustomerID: ACE, TradingName: 'Ace Tennis', Application: 'portal' } });
      }),
      http.get('/api/company/get-config', () => {
        asked.push(entered ? 'get-config' : 'get-config refused');
        return entered ? HttpResponse.json(config(ACE)) : HttpResponse.json({ code: 'COMPANY_REQUIRED', message: 'Please choose a company' }, { status: 401 });
      }),
    );
    // The page came without a company session and said so; the start-up asks for the configuration as main.tsx does.
    const page = document.implementation.createHTMLDocument();
    page.head.innerHTML = '<meta name="portal-company" content="none">';
    startPreloadedCalls(page);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery(companyConfigQueryOptions);
    useSessionStore.getState().setUser(null);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`${paths.joinFamily}?token=abc&id=${ACE}`]}>
          <Page />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Page shown')).toBeTruthy();
    expect(asked).toEqual(['logout', 'login-by-customer-id', 'get-config']);
    expect(client.getQueryData(companyConfigQueryOptions.queryKey)?.CustomerID).toBe(ACE);
  });
});
