import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { ROLE_ACCESS, type Access } from '@portal/shared/family-roles';
import { paths } from '@/config/paths';
import { useSignInActions } from '@/features/auth/api/get-sign-in-actions';
import { useCompanyConfig } from '@/entities/company/get-company-config';
import { isSafeInternalPath } from '@portal/shared/safe-path';
import { useCurrentUser, useSession } from '@/entities/customer/identity';
import { useIsMobile } from '@/lib/use-media';
import { useChangeCompany } from '../hooks/use-session-actions';
import { LoadingSplash } from '@/features/company/components/loading-splash';

// The refusal of a page beyond a guardian's access loads only when one is refused.
const AccessRefused = lazy(() => import('./access-refused'));
// The sign-in forms (and zod with them) load only when a guest actually needs them.
const LoginScreen = lazy(() => import('@/features/auth/components/login-screen').then((m) => ({ default: m.LoginScreen })));

/**
 * Signed-in pages (B16, U19): a guest gets the full-screen sign-in in place, so after
 * signing in the page they asked for simply opens. A customer with queued sign-in
 * actions is held on /hub/sign-in-actions until the queue is empty (A16, L1).
 */
export function RequireAuth() {
  const { user, pending } = useSession();
  const { data: config } = useCompanyConfig();
  const actions = useSignInActions();
  const { pathname } = useLocation();
  const changeCompany = useChangeCompany();
  if (pending) return <LoadingSplash />;
  if (!user) {
    return (
      <Suspense fallback={<LoadingSplash />}>
        <LoginScreen config={config ?? null} onChangeCompany={() => void changeCompany()} />
      </Suspense>
    );
  }
  // Until the queue is known no page is drawn: a page's own calls are refused while actions are queued.
  if (actions.isPending) return <LoadingSplash />;
  if ((actions.data?.length ?? 0) > 0 && pathname !== paths.signInActions) {
    return <Navigate to={paths.signInActions} replace />;
  }
  return <Outlet />;
}

/**
 * The /hub landing's sign-in views are for guests (B15): a signed-in customer goes to the
 * `to` target of the link, else home. This also finishes a sign-in made on the landing.
 */
export function GuestOnly() {
  const user = useCurrentUser();
  const { data: config } = useCompanyConfig();
  const { search } = useLocation();
  // Without a company no one is signed in, whoever the browser remembers: its sessions may be gone
  // (cookies cleared, expired), and the page it came from would send it straight back here.
  if (user && config) {
    const params = new URLSearchParams(search);
    const to = params.get('to');
    if (isSafeInternalPath(to)) return <Navigate to={to} replace />;
    // ?customer_id is handled by the shell before this; keep the rest (e.g. ocr_profile).
    params.delete('customer_id');
    params.delete('to');
    const qs = params.toString();
    return <Navigate to={`${paths.company}${qs ? `?${qs}` : ''}`} replace />;
  }
  return <Outlet />;
}

/** Phone-only menus and forms; wider screens go to /hub/company (B14). */
export function MobileOnly() {
  const mobile = useIsMobile();
  if (!mobile) return <Navigate to={paths.company} replace />;
  return <Outlet />;
}

/** An area the company has switched off is not reachable by URL either (C25–C29). */
export function RequireFeature({ when, fallback = paths.company }: { when: (config: CompanyConfig) => boolean; fallback?: string }) {
  const { data: config } = useCompanyConfig();
  if (!config || !when(config)) return <Navigate to={fallback} replace />;
  return <Outlet />;
}

/** /hub/barcodes exists only for customers with at least one barcode (Q1). */
export function RequireBarcodes() {
  const user = useCurrentUser();
  // The menus offer the page only to a role that may read it (nav-items); its call answers the rest.
  if (!user || !(user.total_barcodes > 0)) return <Navigate to={paths.company} replace />;
  return <Outlet />;
}

/**
 * A page whose calls the signed-in guardian's role may not make (decision 101: `access` is what
 * the page reads or changes) says so in place, instead of drawing an empty page or a form whose
 * save is refused. The account holder passes every check.
 */
export function RequireAccess({ access }: { access: Access }) {
  const user = useCurrentUser();
  if (user && !ROLE_ACCESS[user.Role ?? 'holder'].includes(access)) {
    return (
      <Suspense fallback={<LoadingSplash />}>
        <AccessRefused />
      </Suspense>
    );
  }
  return <Outlet />;
}
