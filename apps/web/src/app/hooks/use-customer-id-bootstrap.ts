import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import type { CompanyConfig } from '@portal/shared/company-config';
import { ApiRequestError, companySessionAtStart } from '@/lib/api-client';
import { useUiStore } from '@/lib/ui-store';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { resetIdentity } from '@/entities/customer/identity';
import { loginByCustomerId } from '@/features/company/api/login-by-customer-id';
import { logoutCompany } from '@/features/company/api/logout-company';
import { prefetchRegistration } from '@/features/registration/lib/registration-link';
import { usePathname } from './use-pathname';

/** What a link from outside that names its company by `id` does with the company the browser is in. */
interface CompanyPolicy {
  /** Whether the company loaded (`current`) does for the link's company `id`, so nothing is entered. */
  keeps: (current: CompanyConfig, id: string) => boolean;
  /** Whether a company not known yet is asked for first, even when the page came without a company session. */
  alwaysAsk: boolean;
}

/** Enters the link's company unless it is the one loaded (A30, X17); a company not known yet is waited for only when its get-config is on its way. */
const SWITCH_COMPANY: CompanyPolicy = { keeps: (current, id) => String(current.CustomerID) === id, alwaysAsk: false };
/**
 * Enters the link's company only where the browser is in none: an invitation read is no sign-out,
 * and its page wears its own company's look (decision 101). It asks whenever it comes.
 */
const ONLY_IF_NONE: CompanyPolicy = { keeps: () => true, alwaysAsk: true };

const COMPANY_LINKS = new Map<string, CompanyPolicy>([
  [paths.ocr, SWITCH_COMPANY],
  [paths.ob, SWITCH_COMPANY],
  [paths.obCancel, SWITCH_COMPANY],
  [paths.classSessionLink, SWITCH_COMPANY],
  [paths.joinFamily, ONLY_IF_NONE],
]);

/**
 * Links that carry a company id: /hub?customer_id=X always opens that company and empties
 * the cart (A29); /ocr?id=X, /ob?id=X (and its cancel link) and /hub/class-session-link?id=X
 * do so when no (or another) company is loaded: company logout, login by customer id, then
 * get-config (A30, X17), with what the link's page needs first beside it. /join-family?id=X opens
 * its company only where the browser is in none (decision 101); accepting it enters that company.
 * Each link's policy is in `COMPANY_LINKS`. True while the page must wait for it.
 */
export function useCustomerIdBootstrap(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const params = new URLSearchParams(location.search);
  const fromHub = pathname === paths.hub ? params.get('customer_id') : null;
  const policy = COMPANY_LINKS.get(pathname);
  const fromLink = policy ? params.get('id') : null;
  const loaded = queryClient.getQueryData(companyConfigQueryOptions.queryKey);
  const needed = fromHub ?? (policy && fromLink && (!loaded || !policy.keeps(loaded, fromLink)) ? fromLink : null);
  const wanted = needed && /^\d+$/.test(needed) ? needed : null;
  const [done, setDone] = useState<string | null>(null);
  // A bootstrap that has started holds the page until it ends, even when an earlier get-config
  // (the page's preload, made with the old cookie) answers this company meanwhile: between the
  // logout and the login there is no company session, and a page call then would be refused.
  const [running, setRunning] = useState<string | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!wanted || started.current === wanted) return;
    started.current = wanted;
    setRunning(wanted);
    void (async () => {
      try {
        // A get-config that has answered "no company" (the start-up's, told by the page it came in) is not asked
        // again: it could only answer 401 once more, an error in the console of a link that works.
        const answered = queryClient.getQueryState(companyConfigQueryOptions.queryKey);
        const inNone = answered?.status === 'error' && answered.error instanceof ApiRequestError && answered.error.status === 401;
        if (!fromHub && policy && !loaded && !inNone && (policy.alwaysAsk || companySessionAtStart())) {
          // Not known yet is not another company: the page's own get-config (its preload, on its way) may answer one
          // that does, and a family signed in to it stays signed in rather than being signed out by the link.
          const current = await queryClient.fetchQuery(companyConfigQueryOptions).catch(() => undefined);
          if (current && policy.keeps(current, wanted)) return;
        }
        if (!fromHub) await logoutCompany().catch(() => undefined);
        await loginByCustomerId(wanted);
        useUiStore.getState().setUnknownLink(false);
        // Entering a company ends the customer session on the server as well.
        resetIdentity(queryClient, { user: null, company: 'drop', clearCart: fromHub !== null });
        const config = queryClient.fetchQuery(companyConfigQueryOptions).catch(() => undefined);
        // A registration link's profile and form come beside get-config, not after it.
        if (pathname === paths.ocr) prefetchRegistration(queryClient, new URLSearchParams(location.search));
        await config;
      } catch (error) {
        // Carry on as if the link had none (the normal rules then apply). The company left on the
        // server is left here too: its name, brand and greeting are no longer shown.
        if (!fromHub) resetIdentity(queryClient, { user: null, company: 'drop', clearCart: false });
        const refused = error instanceof ApiRequestError ? error : null;
        // A company whose portal is off shows the inactive screen (N36), as /hub?customer_id does; only an id the server
        // does not know is "not a business we know", never a lost connection or a failure of the server's.
        if (refused?.code === 'COMPANY_INACTIVE') useUiStore.getState().setCompanyInactive(true);
        else if (refused?.status === 404) useUiStore.getState().setUnknownLink(true);
      } finally {
        if (fromHub) {
          const rest = new URLSearchParams(location.search);
          rest.delete('customer_id');
          const qs = rest.toString();
          void navigate(`${paths.hub}${qs ? `?${qs}` : ''}`, { replace: true });
        }
        started.current = null;
        setDone(wanted);
        setRunning(null);
      }
    })();
  }, [wanted, fromHub, loaded, policy, pathname, location.search, navigate, queryClient]);

  return running !== null || (wanted !== null && done !== wanted);
}
