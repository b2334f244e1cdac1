import { classMessages } from './class-schemas';
import type { CompanySwitch } from './endpoint';
import type { ErrorCode } from './error-codes';
import { messages, serverMessages } from './messages';
import { studentMessages } from './student-schemas';

/**
 * What an endpoint answers (403) when a company switch it needs is off. The server checks an
 * endpoint's `switches` in one place, before its handler, with these.
 */
export const SWITCH_REFUSALS: Record<CompanySwitch, { code: ErrorCode; message: string }> = {
  CustomerPortalActive: { code: 'COMPANY_INACTIVE', message: messages.inactiveBody },
  AllowStudentEdit: { code: 'STUDENT_EDIT_OFF', message: studentMessages.editNotAllowed },
  EnableCertificates: { code: 'FEATURE_DISABLED', message: 'Certificates are not shown by this company.' },
  ShowSkillSetNotes: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  CanTakeMakeups: { code: 'FEATURE_DISABLED', message: classMessages.makeupsNotAllowed },
  CanNotifyAbsence: { code: 'FEATURE_DISABLED', message: classMessages.absenceNotAllowed },
  AllowEdit: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  ShowBookingsTab: { code: 'FEATURE_DISABLED', message: 'Bookings are not available.' },
  ShowFinancialsTab: { code: 'FEATURE_DISABLED', message: 'Financials are not available.' },
  ShowPaymentDetailsTab: { code: 'FEATURE_DISABLED', message: 'Billing details are not available' },
  AllowOCR: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  OnlineClassReservationsEnabled: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  EnableMessages: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  ShowNotificationsTab: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  ShowSkillSets: { code: 'FEATURE_DISABLED', message: 'Skill sets are not shown by this company.' },
  CanTakeNewSignUps: { code: 'SIGN_UPS_CLOSED', message: serverMessages.signUpsClosed },
  ShowContactUsCAPTCHA: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
};
