import type { OcrProfileAnswer } from '@portal/shared/class-schemas';
import type { CompanyConfig } from '@portal/shared/company-config';
import { formTestConfig } from './form-config';

/** Splash with online registration open, for the registration's component tests. */
export function registrationTestConfig(extra: Record<string, unknown> = {}): CompanyConfig {
  return formTestConfig({
    CustomerID: 1001,
    CompanyDisplayName: 'Splash Swim School',
    OCRCompanyName: 'Splash Swim School – Online Enrolment',
    CompanyInformation: '',
    AllowOCR: true,
    CustomerPortalAllowOCR: true,
    CanTakeNewSignUps: true,
    ...extra,
  });
}

/** Splash's family-account profile (demo profile 3): no class step, no students. */
export function familyProfile(change: Partial<OcrProfileAnswer['profile']> = {}): OcrProfileAnswer['profile'] {
  return {
    OCRProfileID: 3,
    ProfileName: 'join-the-family',
    DisplayName: 'Join Splash – family account',
    PageType: 'NoClasses',
    CustomCustomerTerm: '',
    CustomStudentTerm: '',
    SkipStudents: true,
    AutoEnroll: false,
    AllowCasualEnrolments: false,
    ShowCAPTCHA: false,
    DefaultState: '',
    CanSelectCustomMedicalCondition: null,
    EmailMarketingAgreement: '',
    RegistrationHeader: 'Create your family account',
    RegistrationText: '',
    ...change,
  };
}
