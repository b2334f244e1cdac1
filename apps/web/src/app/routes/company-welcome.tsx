import { WelcomeLanding } from '@/features/home/components/welcome-landing';
import { AppLayout } from '../components/app-layout';

/** The welcome landing of a chosen company, inside the portal frame. */
export default function CompanyWelcome() {
  return (
    <AppLayout>
      <WelcomeLanding />
    </AppLayout>
  );
}
