import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomerUser, SignInAction } from '@portal/shared/customer-schemas';
import { paths } from '@/config/paths';
import { isSafeInternalPath } from '@portal/shared/safe-path';
import { resetIdentity } from '@/entities/customer/identity';
import { signInActionsQueryOptions } from '../api/get-sign-in-actions';
import { ocrSignInActions } from '../api/ocr-sign-in-actions';

export interface SignedIn {
  user: CustomerUser;
  actions?: SignInAction[];
  server_redirect?: string;
}

/**
 * Everything that happens once the server has signed a customer in (login or the
 * registration code): store the user, seed the action queue, hand the cart to this
 * client, tell a native wrapper, then go where the flow says (A16, A17, D22).
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  return useCallback(
    (answer: SignedIn) => {
      // Whatever the previous visitor loaded belongs to them; the company config stays.
      resetIdentity(queryClient, { user: answer.user, company: 'keep' });
      const actions = answer.actions ?? [];
      queryClient.setQueryData(signInActionsQueryOptions.queryKey, actions);

      const params = new URLSearchParams(location.search);
      if (location.pathname === paths.ocr) {
        // N35, L13: signed in during registration, the client is asked for what the profile's
        // forms still need; the registration page itself asks for its students' details (N13).
        const profile = params.get('p');
        void ocrSignInActions({ client_id: answer.user.ClientID, profile_id: profile && /^\d+$/.test(profile) ? Number(profile) : null }).then(
          (queued) => {
            queryClient.setQueryData(signInActionsQueryOptions.queryKey, queued);
            // N13: the students' details are completed inside the registration; anything else first on its own page.
            if (queued.some((a) => a.type !== 'UpdateStudent')) void navigate(paths.signInActions, { replace: true });
          },
          () => {
            if (actions.length > 0) void navigate(paths.signInActions, { replace: true });
          },
        );
        return;
      }
      if (actions.length > 0) {
        void navigate(paths.signInActions, { replace: true });
        return;
      }
      const serverRedirect = answer.server_redirect;
      if (isSafeInternalPath(serverRedirect)) {
        void navigate(serverRedirect, { replace: true });
        return;
      }
      const ocrProfile = params.get('ocr_profile');
      if (ocrProfile && /^\d+$/.test(ocrProfile)) {
        void navigate(paths.addEnrollments(ocrProfile), { replace: true });
        return;
      }
      const to = params.get('to');
      if (isSafeInternalPath(to)) {
        void navigate(to, { replace: true });
        return;
      }
      // Signing in from the landing goes home; on any other page the page itself now opens.
      if (location.pathname === paths.hub || location.pathname === paths.hub + '/') {
        void navigate(paths.company, { replace: true });
      }
    },
    [queryClient, navigate, location.search, location.pathname],
  );
}
