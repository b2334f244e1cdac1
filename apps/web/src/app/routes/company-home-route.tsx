import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { HomePage } from '@/features/home/components/home-page';

/** /hub/company signed in: the home; ?ocr_profile=N goes on to that profile's enrolment (D22). */
export default function CompanyHomeRoute() {
  const [params] = useSearchParams();
  const profile = params.get('ocr_profile');
  if (profile && /^\d+$/.test(profile)) return <Navigate to={paths.addEnrollments(profile)} replace />;
  return <HomePage />;
}
