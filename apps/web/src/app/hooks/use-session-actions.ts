import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { logoutCustomer } from '@/features/auth/api/logout';
import { logoutCompany } from '@/features/company/api/logout-company';
import { companyLeft } from '@/lib/api-client';
import { resetIdentity } from '@/entities/customer/identity';
import { useUiStore } from '@/lib/ui-store';

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
    resetIdentity(queryClient, { user: null, company: 'keep' });
    void navigate(paths.company, { replace: true });
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
    resetIdentity(queryClient, { user: null, company: 'drop' });
    // The screen still showing asks for the configuration it lost: answered "no company" here, not by a 401 (C1).
    companyLeft();
    void navigate(paths.hub, { replace: true });
  }, [navigate, queryClient]);
}
