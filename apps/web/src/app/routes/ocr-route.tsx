import { signInActionMessages as sm } from '@portal/shared/sign-in-action-schemas';
import { studentTerm } from '@/lib/branding';
import { useConfig } from '@/entities/company/get-company-config';
import { RegistrationPage } from '@/features/registration/components/registration-page';
import { UpdateStudentAction } from '@/features/sign-in-actions/components/update-student-form';

/**
 * /ocr: the online registration (N1–N36). A family signed in completes its students' details
 * inside it (N13) on the same form as the sign-in actions' UpdateStudent.
 */
export default function OcrRoute() {
  const config = useConfig();
  return (
    <RegistrationPage
      renderStudentUpdate={(studentId, onSaved) => <UpdateStudentAction key={studentId} studentId={studentId} title={sm.updateStudentTitle(studentTerm(config))} onSaved={onSaved} />}
    />
  );
}
