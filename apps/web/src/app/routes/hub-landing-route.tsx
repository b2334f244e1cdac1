import { lazy } from 'react';
import { useCompanyConfig } from '@/features/company/api/get-config';

// Each branch is its own chunk: a visitor with no company never downloads the portal frame,
// and a company's guest never downloads the sign-in forms.
const LoginScreen = lazy(() => import('@/features/auth/components/login-screen').then((m) => ({ default: m.LoginScreen })));
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
