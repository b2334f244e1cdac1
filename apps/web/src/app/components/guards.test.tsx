// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import type { Access, FamilyRole } from '@portal/shared/family-roles';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import { RequireAccess } from './guards';

afterEach(cleanup);

function renderAs(role: FamilyRole, access: Access) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQueryOptions.queryKey, { ClientID: 1, FirstName: 'Margaret', LastName: 'Mitchell', Email: 'grandma@example.com', total_barcodes: 0, Role: role } as CustomerUser);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/hub/classes/notify-absences']}>
        <Routes>
          <Route element={<RequireAccess access={access} />}>
            <Route path="/hub/classes/notify-absences" element={<h1>Notify Absences</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RequireAccess (decision 101)', () => {
  it('a payer opening a page that changes the children is told so in place of the page, with the way home', async () => {
    renderAs('payer', 'family');
    expect(await screen.findByRole('heading', { name: 'Not part of your family access' })).toBeTruthy();
    expect(screen.getByText('Your family access does not allow this. Ask the account holder.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/hub/company');
    expect(screen.queryByRole('heading', { name: 'Notify Absences' })).toBeNull();
  });

  it.each([
    ['holder', 'family'],
    ['co-parent', 'family'],
    ['viewer', 'family-read'],
    ['payer', 'money'],
  ] as const)('a %s opens a %s page', (role, access) => {
    renderAs(role, access);
    expect(screen.getByRole('heading', { name: 'Notify Absences' })).toBeTruthy();
  });
});
