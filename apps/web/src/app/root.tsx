import { Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { MIN_OCR_VERSION } from '@portal/shared/constants';
import { paths } from '@/config/paths';
import { SpinnerOverlay } from '@/components/ui/spinner';
import { useCompanyConfig } from '@/entities/company/get-company-config';
import { useCurrentUser } from '@/entities/customer/identity';
import { InactiveCompanyScreen } from '@/features/company/components/inactive-company-screen';
import { LoadingSplash } from '@/features/company/components/loading-splash';
import { useUiStore } from '@/lib/ui-store';
import { AuthModalsOnDemand } from './components/auth-modals-on-demand';
import { Intro } from './components/intro';
import { OcrProfileLoginPrompt } from './components/ocr-profile-login-prompt';
import { useCompanyBranding } from './hooks/use-company-branding';
import { useCustomerIdBootstrap } from './hooks/use-customer-id-bootstrap';
import { useDocumentState } from './hooks/use-document-state';
import { usePathname } from './hooks/use-pathname';
import { useChangeCompany } from './hooks/use-session-actions';
import { useSignedInClient } from './hooks/use-signed-in-client';

/** Pages that make sense with no company chosen yet; anywhere else a missing company → /hub. */
const WORKS_WITHOUT_COMPANY = new Set<string>(['/', paths.hub, paths.resetPassword, paths.joinFamily]);

/** The catch-all route: an unknown address is "not found" whether or not a company is chosen. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

function isPortalActive(config: CompanyConfig): boolean {
  return config.CustomerPortalActive !== false && (config.global_settings?.OCR_Version ?? 0) >= MIN_OCR_VERSION;
}

/** The root route: the company gate around every page, with the intro, the auth modals and the blocking overlay. */
export function AppRoot() {
  const location = useLocation();
  const pathname = usePathname();
  const bootstrapping = useCustomerIdBootstrap();
  const config = useCompanyConfig();
  const user = useCurrentUser();
  const companyInactive = useUiStore((s) => s.companyInactive);
  const blocking = useUiStore((s) => s.blocking);
  const changeCompany = useChangeCompany();
  const data = bootstrapping ? undefined : config.data;
  const notFound = useMatches().some((m) => m.id === NOT_FOUND_ROUTE_ID);
  useDocumentState(pathname);
  useSignedInClient(user?.ClientID ?? null);
  const redirecting = useCompanyBranding(data, config.isError);

  const overlay = blocking ? <SpinnerOverlay label={blocking} /> : null;

  if (companyInactive || (data && !isPortalActive(data))) {
    return (
      <>
        <InactiveCompanyScreen onChangeCompany={() => void changeCompany()} busy={blocking !== null} />
        {overlay}
      </>
    );
  }

  if (bootstrapping || redirecting || config.isPending) return <LoadingSplash />;

  if (!data) {
    // A28: without a company only the landing and the reset page can work.
    if (!WORKS_WITHOUT_COMPANY.has(pathname) && !notFound) {
      const to = `${location.pathname}${location.search}`;
      return <Navigate to={`${paths.hub}?to=${encodeURIComponent(to)}`} replace />;
    }
    return (
      <>
        <ScrollRestoration />
        <Outlet />
        {overlay}
      </>
    );
  }

  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <Suspense fallback={null}>
        <AuthModalsOnDemand />
        <Intro pathname={pathname} search={location.search} signedIn={user !== null} />
      </Suspense>
      <OcrProfileLoginPrompt pathname={pathname} search={location.search} signedIn={user !== null} />
      {overlay}
    </>
  );
}
