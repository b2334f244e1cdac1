import { lazy } from 'react';
import { useCompanyConfig } from '@/entities/company/get-company-config';

// Each branch is its own chunk: a visitor with no company never downloads the portal frame.
// Most visitors of /hub have no company yet, so the sign-in screen is fetched with this
// route, while the company answer is still on its way, instead of after it.
const loginScreen = import('@/features/auth/components/login-screen');
const LoginScreen = lazy(() => loginScreen.then((m) => ({ default: m.LoginScreen })));
const CompanyWelcome = lazy(() => import('./company-welcome'));

/**
 * /hub (A1, D24, U19): with no company, the company choice and sign-in; with a company
 * and a guest, that company's welcome landing inside the portal frame.
 */
export default function HubLandingRoute() {
  const { data: config } = useCompanyConfig();
  if (!config) return <LoginScreen config={null} />;
  return <CompanyWelcome />;
}
