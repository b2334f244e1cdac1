import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { logoutCustomer } from '@/features/auth/api/logout';
import { companyConfigQueryOptions } from '@/lib/company-config';
import { logoutCompany } from '@/features/company/api/logout-company';
import { setCompanyLoaded } from '@/lib/api-client';
import { resetBranding } from '@/lib/branding';
import { postAuthStatus } from '@/lib/native-bridge';
import { useSessionStore } from '@/lib/session-store';
import { useUiStore } from '@/lib/ui-store';

const isConfigKey = (key: readonly unknown[]) =>
  key[0] === companyConfigQueryOptions.queryKey[0] && key[1] === companyConfigQueryOptions.queryKey[1];

/** "Sign Out" / "Logout" (A22): the customer leaves; the company stays chosen. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await useUiStore.getState().runBlocking('Signing out', async () => {
      try {
        await logoutCustomer();
      } catch {
        // Signed out locally either way; the server session expires on its own.
      }
    });
    useSessionStore.getState().clear();
    queryClient.removeQueries({ predicate: (q) => !isConfigKey(q.queryKey) });
    postAuthStatus(null);
    navigate(paths.company, { replace: true });
  }, [navigate, queryClient]);
}

/** "Change Company" (A23): both sessions end, every cached answer and the branding go. */
export function useChangeCompany() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await useUiStore.getState().runBlocking('Changing company', async () => {
      try {
        await logoutCompany();
      } catch {
        // The company cookie is cleared server-side on success; on failure we still leave.
      }
    });
    useSessionStore.getState().clear();
    setCompanyLoaded(false);
    queryClient.clear();
    resetBranding();
    useUiStore.getState().setCompanyInactive(false);
    useUiStore.getState().closeModal();
    postAuthStatus(null);
    navigate(paths.hub, { replace: true });
  }, [navigate, queryClient]);
}
