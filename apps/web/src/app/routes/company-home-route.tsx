import { Navigate, useSearchParams } from 'react-router';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useSavedMessage } from '@/lib/saved-message';
import { HomePage } from '@/features/home/components/home-page';

/**
 * /hub/company signed in: the home; ?ocr_profile=N goes on to that profile's enrolment (D22).
 * A page that sends the customer here with a message (the last sign-in action's, L9) has it shown
 * above the home until it times out or is dismissed.
 */
export default function CompanyHomeRoute() {
  const [params] = useSearchParams();
  const [saved, setSaved] = useSavedMessage();
  const profile = params.get('ocr_profile');
  if (profile && /^\d+$/.test(profile)) return <Navigate to={paths.addEnrollments(profile)} replace />;
  return (
    <>
      {saved ? (
        <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
          <StatusMessage message={saved} onDismiss={() => setSaved(null)} />
        </div>
      ) : null}
      <HomePage />
    </>
  );
}
