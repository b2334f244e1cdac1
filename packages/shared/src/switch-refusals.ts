import { classMessages } from './class-schemas';
import type { z } from 'zod';
import type { switchesSchema } from './company-config';
import type { ErrorCode } from './error-codes';
import { serverMessages } from './messages';

/**
 * What an endpoint answers (403) when a company switch it needs is off. The server checks an
 * endpoint's `switches` in one place, before its handler, with these; a switch an endpoint can
 * name is one listed here.
 */
export const SWITCH_REFUSALS = {
  EnableCertificates: { code: 'FEATURE_DISABLED', message: 'Certificates are not shown by this company.' },
  CanTakeMakeups: { code: 'FEATURE_DISABLED', message: classMessages.makeupsNotAllowed },
  CanNotifyAbsence: { code: 'FEATURE_DISABLED', message: classMessages.absenceNotAllowed },
  ShowBookingsTab: { code: 'FEATURE_DISABLED', message: 'Bookings are not available.' },
  ShowFinancialsTab: { code: 'FEATURE_DISABLED', message: 'Financials are not available.' },
  ShowPaymentDetailsTab: { code: 'FEATURE_DISABLED', message: 'Billing details are not available' },
  AllowOCR: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  OnlineClassReservationsEnabled: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  EnableMessages: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  ShowNotificationsTab: { code: 'FEATURE_DISABLED', message: serverMessages.forbidden },
  ShowSkillSets: { code: 'FEATURE_DISABLED', message: 'Skill sets are not shown by this company.' },
  CanTakeNewSignUps: { code: 'SIGN_UPS_CLOSED', message: serverMessages.signUpsClosed },
} satisfies Partial<Record<keyof z.infer<typeof switchesSchema>, { code: ErrorCode; message: string }>>;
