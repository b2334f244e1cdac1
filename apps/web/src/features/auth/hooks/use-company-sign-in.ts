import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CompanyListEntry } from '@portal/shared/company-schemas';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { resetIdentity } from '@/entities/customer/identity';
import { getCompaniesByEmail } from '../api/get-companies-by-email';
import { loginByCode } from '../api/login-by-code';
import { loginCompany } from '../api/login-company';
import { useCustomerSignIn, type Credentials } from './use-customer-sign-in';

/**
 * The landing's two ways in (D1 §4 "Company landing login"): a company code, or e-mail and
 * password, which finds the companies holding that account (several → "Select Company",
 * one → chosen for the user) and continues into the customer login with the same
 * credentials.
 */
export function useCompanySignIn() {
  const queryClient = useQueryClient();
  const customer = useCustomerSignIn();
  const [companyChoice, setCompanyChoice] = useState<{ credentials: Credentials; companies: CompanyListEntry[] } | null>(null);

  /** A new company session: drop what belonged to the old one and load the new config. */
  const loadCompany = useCallback(async () => {
    await queryClient.fetchQuery({ ...companyConfigQueryOptions, staleTime: 0 });
  }, [queryClient]);

  const enterCompany = useCallback(
    async (entry: CompanyListEntry, credentials: Credentials) => {
      await loginCompany(entry);
      // Opening a company ends any customer session the browser had (server side too). The
      // config query stays until the new one has loaded, so the landing stays on screen.
      resetIdentity(queryClient, { user: null, company: 'keep' });
      setCompanyChoice(null);
      // The config loads only once the customer is in, so the landing stays on screen
      // (with its Select Account modal) instead of switching to the guest welcome page.
      const loadQuietly = () => void loadCompany().catch(() => undefined);
      try {
        await customer.signIn(credentials, { beforeFinish: loadCompany, onCancel: loadQuietly });
      } catch (error) {
        loadQuietly();
        throw error;
      }
    },
    [loadCompany, customer, queryClient],
  );

  const signInWithEmail = useCallback(
    async (credentials: Credentials) => {
      const { companies } = await getCompaniesByEmail(credentials.email, credentials.password);
      if (companies.length > 1) {
        setCompanyChoice({ credentials, companies });
        return;
      }
      const only = companies[0];
      if (!only) throw new Error('No companies were found for those details');
      await enterCompany(only, credentials);
    },
    [enterCompany],
  );

  const chooseCompany = useCallback(
    async (entry: CompanyListEntry) => {
      if (!companyChoice) return;
      await enterCompany(entry, companyChoice.credentials);
    },
    [companyChoice, enterCompany],
  );

  const signInWithCode = useCallback(
    async (code: string) => {
      await loginByCode(code);
      resetIdentity(queryClient, { user: null, company: 'keep' });
      await loadCompany();
    },
    [loadCompany, queryClient],
  );

  return {
    signInWithEmail,
    signInWithCode,
    companies: companyChoice?.companies ?? null,
    chooseCompany,
    cancelCompanyChoice: () => setCompanyChoice(null),
    /** The customer step alone, for screens where the company is already known. */
    customer,
  };
}
