// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { CompanyBrand, CompanyConfig } from '@portal/shared/company-config';
import type { LoginAnswer } from '@portal/shared/customer-schemas';
import type { InvitationInfo } from '@portal/shared/guardian-schemas';
import { paths } from '@/config/paths';
import { companyConfigQueryOptions, useCompanyConfig } from '@/entities/company/get-company-config';
import { setCompanyLoaded } from '@/lib/api-client';
import { applyBranding } from '@/lib/branding';
import { formTestConfig } from '@/test/form-config';
import { installMockServer, server } from '@/test/msw';
import JoinFamilyRoute from './join-family-route';

installMockServer();
afterEach(cleanup);

const SPLASH = 1001;
const ACE = 2002;
/** Another company that calls itself by the same name. */
const NAMESAKE = 3003;
const nameOf = (customerId: number) => (customerId === ACE ? 'Ace Tennis' : 'Splash Swim School');
const brandOf = (customerId: number): CompanyBrand => ({
  CompanyDisplayName: nameOf(customerId),
  CompanyLogo: null,
  colors: { '500': customerId === ACE ? '#e4572e' : '#1e88e5' } as CompanyBrand['colors'],
  global_settings: { NavBarShading: 'Light', ButtonRadius: 'SemiRound', Font: 'Inter', logoImage: null, UseLogoImage: false, AlternateCompanyName: '' },
});
const config = (customerId: number) => formTestConfig({ CustomerID: customerId, ...brandOf(customerId) }) as CompanyConfig;

/** Where accepting leads: the company page, in the company the portal is in by then. */
function CompanyPage() {
  const { data } = useCompanyConfig();
  return <p>{data ? `In company ${data.CustomerID}` : 'Entering the company'}</p>;
}

/**
 * The invitation's page at /join-family?token=T&id=`familyCompany`, in a browser in the company
 * `current`, for an invitation of the family at `familyCompany`; answers how often the portal
 * asked the server for its company.
 */
async function openIn(current: number, familyCompany: number, linkId = familyCompany, role: InvitationInfo['role'] = 'co-parent') {
  let configAsked = 0;
  server.use(
    http.get<never, never, InvitationInfo>('/api/family-access/invitations/:token', () =>
      HttpResponse.json({
        success: true,
        company: nameOf(familyCompany),
        customer_id: familyCompany,
        brand: brandOf(familyCompany),
        family: 'Ng family',
        invited_by: 'Tess Ng',
        email: 'tom@example.com',
        role,
        student_term: 'Swimmer',
        has_sign_in: true,
      }),
    ),
    http.post<never, never, LoginAnswer>('/api/family-access/invitations/:token/accept', () =>
      HttpResponse.json({ success: true, actions: [], user: { ClientID: 7, FirstName: 'Tom', LastName: 'Ng', total_barcodes: 0, Role: 'co-parent' } }),
    ),
    http.get<never, never, CompanyConfig>('/api/company/get-config', () => {
      configAsked += 1;
      return HttpResponse.json(config(familyCompany));
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, config(current));
  setCompanyLoaded(true);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`${paths.joinFamily}?token=abc&id=${linkId}`]}>
        <Routes>
          <Route path={paths.joinFamily} element={<JoinFamilyRoute />} />
          <Route path={paths.company} element={<CompanyPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Join the Ng family' });
  return () => configAsked;
}

function accept() {
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'abcdef1!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
}

const brand500 = () => document.documentElement.style.getPropertyValue('--brand-500');

describe('the join-family page (decision 101)', () => {
  it('says what the role sees in the inviting company’s word for a student', async () => {
    await openIn(SPLASH, ACE, ACE, 'viewer');
    expect(screen.getByText(/Sees schedules, swimmers and messages; changes nothing and pays nothing\./)).toBeTruthy();
  });

  it('a family at another company of the same name is signed in to that company, not kept in the one the page showed', async () => {
    const configAsked = await openIn(SPLASH, NAMESAKE, SPLASH);
    accept();
    expect(await screen.findByText(`In company ${NAMESAKE}`)).toBeTruthy();
    expect(configAsked()).toBe(1);
  });

  it('a family at the company the browser is in stays in it, with nothing asked again', async () => {
    const configAsked = await openIn(SPLASH, SPLASH);
    expect(screen.getByText('Splash Swim School', { selector: 'span' })).toBeTruthy();
    accept();
    expect(await screen.findByText(`In company ${SPLASH}`)).toBeTruthy();
    expect(configAsked()).toBe(0);
  });

  it('an invitation of another company is shown in that company’s look, and accepting it enters that company', async () => {
    applyBranding(config(SPLASH));
    const configAsked = await openIn(SPLASH, ACE);
    expect(screen.getByText('Ace Tennis', { selector: 'span' })).toBeTruthy();
    expect(brand500()).toBe('#e4572e');
    accept();
    expect(await screen.findByText(`In company ${ACE}`)).toBeTruthy();
    expect(configAsked()).toBe(1);
  });

  it('leaving an invitation of another company unanswered brings back the look of the company the browser is in', async () => {
    applyBranding(config(SPLASH));
    const configAsked = await openIn(SPLASH, ACE);
    expect(brand500()).toBe('#e4572e');
    cleanup();
    expect(brand500()).toBe('#1e88e5');
    expect(configAsked()).toBe(0);
  });
});
