import { RegistrationPage } from '@/features/registration/components/registration-page';
import { ComingSoon } from '../components/coming-soon';

/** /ocr: the registration, with today's "opens soon" page for a profile whose page type is not taken online yet. */
export default function OcrRoute() {
  return <RegistrationPage otherPageType={<ComingSoon />} />;
}
