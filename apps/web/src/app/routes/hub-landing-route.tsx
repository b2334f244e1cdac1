import { LoginScreen } from '@/features/auth/components/login-screen';
import { useCompanyConfig } from '@/lib/company-config';
import { WelcomeLanding } from '@/features/home/components/welcome-landing';
import { AppLayout } from '../components/app-layout';

/**
 * /hub (A1, D24, U19): with no company, the company choice and sign-in; with a company
 * and a guest, that company's welcome landing inside the portal frame.
 */
export default function HubLandingRoute() {
  const { data: config } = useCompanyConfig();
  if (!config) return <LoginScreen config={null} />;
  return (
    <AppLayout>
      <WelcomeLanding />
    </AppLayout>
  );
}
