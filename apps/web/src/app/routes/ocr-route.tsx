import { RegistrationRoute } from '@/features/registration/routes/registration-route';
import { ComingSoon } from '../components/coming-soon';

/** /ocr: the registration, with today's "opens soon" page for the profiles whose class step is not online yet. */
export default function OcrRoute() {
  return <RegistrationRoute classStep={<ComingSoon />} />;
}
