import { signInActionMessages as sm } from '@portal/shared/sign-in-action-schemas';
import { studentTerm } from '@/lib/branding';
import { useConfig } from '@/entities/company/get-company-config';
import { useCurrentUser } from '@/entities/customer/identity';
import { useSignInActions } from '@/features/auth/api/get-sign-in-actions';
import { RegistrationPage } from '@/features/registration/components/registration-page';
import { UpdateStudentAction } from '@/features/sign-in-actions/components/update-student-form';

/**
 * /ocr: the online registration (N1–N36). A family signed in completes its students' details
 * inside it (N13) on the same form as the sign-in actions' UpdateStudent.
 */
export default function OcrRoute() {
  const config = useConfig();
  const signedIn = useCurrentUser() !== null;
  // A family signed in with steps still to do is led to them (the server refuses the registration's calls meanwhile).
  const actions = useSignInActions();
  return (
    <RegistrationPage
      signInActions={signedIn && !actions.isError ? (actions.data ?? null) : []}
      renderStudentUpdate={(studentId, onSaved) => <UpdateStudentAction key={studentId} studentId={studentId} title={sm.updateStudentTitle(studentTerm(config))} onSaved={onSaved} />}
    />
  );
}
