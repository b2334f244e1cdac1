import { RegistrationRoute } from '@/features/registration/routes/registration-route';
import { ComingSoon } from '../components/coming-soon';

/** /ocr: the registration, with today's "opens soon" page for a profile whose page type is not taken online yet. */
export default function OcrRoute() {
  return <RegistrationRoute otherPageType={<ComingSoon />} />;
}
