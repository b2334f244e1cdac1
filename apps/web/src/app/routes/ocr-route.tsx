import { RegistrationPage } from '@/features/registration/components/registration-page';

/** /ocr: the online registration (N1–N36). */
export default function OcrRoute() {
  return <RegistrationPage />;
}
