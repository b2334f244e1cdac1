import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CompanyConfig } from '@portal/shared/company-config';
import { MIN_OCR_VERSION } from '@portal/shared/constants';
import { paths } from '@/config/paths';
import { SpinnerOverlay } from '@/components/ui/spinner';
import { useSignInActions } from '@/features/auth/api/get-sign-in-actions';
import { companyConfigQueryOptions, useCompanyConfig } from '@/lib/company-config';
import { loginByCustomerId } from '@/features/company/api/login-by-customer-id';
import { logoutCompany } from '@/features/company/api/logout-company';
import { InactiveCompanyScreen } from '@/features/company/components/inactive-company-screen';
import { LoadingSplash } from '@/features/company/components/loading-splash';
import { applyBranding, resetBranding } from '@/lib/branding';
import { useCartStore } from '@/lib/cart-store';
import { hubRedirectUrl } from '@/lib/hub-host';
import { postAuthStatus, postToNative } from '@/lib/native-bridge';
import { usePrefsStore } from '@/lib/prefs-store';
import { resetIdentity, useCurrentUser } from '@/lib/identity';
import { useUiStore } from '@/lib/ui-store';
import { useChangeCompany } from './hooks/use-session-actions';

// Modals and the intro are needed only after the first paint (and the forms pull in zod).
const AuthModals = lazy(() => import('@/features/auth/components/auth-modals').then((m) => ({ default: m.AuthModals })));
const IntroCarousel = lazy(() => import('./components/intro-carousel').then((m) => ({ default: m.IntroCarousel })));

/** B13: the tab title. */
function titleFor(pathname: string): string {
  if (pathname === paths.ocr || pathname.startsWith(`${paths.ocr}/`)) return 'OCR';
  if (pathname === paths.ob || pathname.startsWith(`${paths.ob}/`)) return 'OB';
  return 'Hub';
}

/** Pages that make sense with no company chosen yet; anywhere else a missing company → /hub. */
const WORKS_WITHOUT_COMPANY = new Set<string>(['/', paths.hub, paths.resetPassword]);

/** The catch-all route: an unknown address is "not found" whether or not a company is chosen. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/** Links from outside that name their company by `id`. */
const LINKS_WITH_COMPANY = new Set<string>([paths.ocr, paths.ob, paths.obCancel, paths.classSessionLink]);

/** Pages where the intro never shows (B25). */
const NO_INTRO = new Set<string>([paths.ocr, paths.ob, paths.obCancel, paths.resetPassword, paths.classSessionLink]);

export function isPortalActive(config: CompanyConfig): boolean {
  return config.CustomerPortalActive !== false && (config.global_settings?.OCR_Version ?? 0) >= MIN_OCR_VERSION;
}

function normalise(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/**
 * Links that carry a company id: /hub?customer_id=X always opens that company and empties
 * the cart (A29); /ocr?id=X, /ob?id=X (and its cancel link) and /hub/class-session-link?id=X
 * do so when no (or another) company is loaded: company logout, login by customer id, then
 * get-config (A30, X17).
 */
function useCustomerIdBootstrap(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = normalise(location.pathname);
  const params = new URLSearchParams(location.search);
  const fromHub = pathname === paths.hub ? params.get('customer_id') : null;
  const fromLink = LINKS_WITH_COMPANY.has(pathname) ? params.get('id') : null;
  const loaded = queryClient.getQueryData(companyConfigQueryOptions.queryKey);
  const needed = fromHub ?? (fromLink && (!loaded || String(loaded.CustomerID) !== fromLink) ? fromLink : null);
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
        if (!fromHub) await logoutCompany().catch(() => undefined);
        await loginByCustomerId(wanted);
        // Entering a company ends the customer session on the server as well.
        resetIdentity(queryClient, { user: null, company: 'drop', clearCart: fromHub !== null });
        await queryClient.fetchQuery(companyConfigQueryOptions).catch(() => undefined);
      } catch {
        // Unknown id: carry on as if the link had none (the normal rules then apply).
      } finally {
        if (fromHub) {
          const rest = new URLSearchParams(location.search);
          rest.delete('customer_id');
          const qs = rest.toString();
          navigate(`${paths.hub}${qs ? `?${qs}` : ''}`, { replace: true });
        }
        started.current = null;
        setDone(wanted);
        setRunning(null);
      }
    })();
  }, [wanted, fromHub, location.search, navigate, queryClient]);

  return running !== null || (wanted !== null && done !== wanted);
}

/** The root route: branding, company gate, session events, intro and auth modals. */
export function AppRoot() {
  const location = useLocation();
  const pathname = normalise(location.pathname);
  const bootstrapping = useCustomerIdBootstrap();
  const config = useCompanyConfig();
  const user = useCurrentUser();
  const companyInactive = useUiStore((s) => s.companyInactive);
  const blocking = useUiStore((s) => s.blocking);
  const dark = usePrefsStore((s) => s.dark);
  const changeCompany = useChangeCompany();
  const [redirecting, setRedirecting] = useState(false);
  const data = bootstrapping ? undefined : config.data;
  const notFound = useMatches().some((m) => m.id === NOT_FOUND_ROUTE_ID);
  // The auth modals (and the form library with them) load the first time one is opened,
  // then stay mounted so they can animate out.
  const modalOpen = useUiStore((s) => s.modal !== null);
  const [authModalsWanted, setAuthModalsWanted] = useState(modalOpen);
  if (modalOpen && !authModalsWanted) setAuthModalsWanted(true);

  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);

  // Tell a native wrapper who is signed in as soon as the app starts, and whenever the
  // session query's answer differs from the hint the page started with (B36).
  const clientId = user?.ClientID ?? null;
  useEffect(() => {
    postAuthStatus(clientId);
  }, [clientId]);

  // A cart filled by another client on this device is emptied (D1 §4 Cart).
  useEffect(() => {
    if (clientId !== null) useCartStore.getState().claimFor(clientId);
  }, [clientId]);

  useEffect(() => {
    if (!data) return;
    applyBranding(data);
    postToNative({ type: 'company-config', config: data });
    // C16: UK companies live on the '2' hosts, everyone else on the plain ones.
    const target = hubRedirectUrl(window.location, data.ServerLocation);
    if (target) {
      setRedirecting(true);
      window.location.replace(target);
    }
  }, [data]);

  useEffect(() => {
    if (config.isError) resetBranding();
  }, [config.isError]);

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
        {authModalsWanted && <AuthModals />}
        <Intro pathname={pathname} search={location.search} signedIn={user !== null} />
      </Suspense>
      <OcrProfileLoginPrompt pathname={pathname} search={location.search} signedIn={user !== null} />
      {overlay}
    </>
  );
}

/**
 * B22–B27, X15: only with ?intro, never on the standalone pages, never with ?client_id,
 * never while sign-in actions are queued, and not again once Skip / Get Started was used.
 */
function Intro({ pathname, search, signedIn }: { pathname: string; search: string; signedIn: boolean }) {
  const introDone = usePrefsStore((s) => s.introDone);
  const setIntroDone = usePrefsStore((s) => s.setIntroDone);
  const actions = useSignInActions();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const queued = signedIn && (actions.data?.length ?? 0) > 0;
  const show = params.has('intro') && !params.has('client_id') && !NO_INTRO.has(pathname) && !queued && !introDone;
  if (!show) return null;
  return (
    <IntroCarousel
      onDone={() => {
        setIntroDone();
        params.delete('intro');
        const qs = params.toString();
        navigate(`${pathname}${qs ? `?${qs}` : ''}`, { replace: true });
      }}
    />
  );
}

/** D21: a guest arriving at /hub/company?ocr_profile=… is asked to log in first. */
function OcrProfileLoginPrompt({ pathname, search, signedIn }: { pathname: string; search: string; signedIn: boolean }) {
  const openModal = useUiStore((s) => s.openModal);
  const hasProfile = new URLSearchParams(search).has('ocr_profile');
  const prompt = pathname === paths.company && hasProfile && !signedIn;
  useEffect(() => {
    if (prompt) openModal('login');
  }, [prompt, openModal]);
  return null;
}
