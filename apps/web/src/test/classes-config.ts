import type { TimeDisplay } from '@portal/shared/class-time-text';
import type { CompanyConfig } from '@portal/shared/company-config';
import { formTestConfig } from './form-config';

/**
 * A company as the class pages read it, for their component tests: Splash's words (Instructor
 * for who teaches, Lane for the court), dd/MM/yyyy, and the TimeDisplay the test is about.
 */
export function classesTestConfig(display: TimeDisplay, extra: Record<string, unknown> = {}): CompanyConfig {
  const base = formTestConfig();
  return formTestConfig({
    CompanyDisplayName: 'Splash Swim School',
    CoachText: 'Coach',
    CourtText: 'Court',
    StandardName: 'Level',
    CanNotifyAbsence: true,
    CanTakeMakeups: true,
    classes_setup: { TimeDisplay: display },
    localization: { ...base.localization, DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', CoachLabel: 'Instructor', CourtLabel: 'Lane' },
    ...extra,
  });
}

export const TIME_DISPLAY_CASES: { display: TimeDisplay; when: string; session: string }[] = [
  { display: 'HoursAndMinutes', when: 'Mon 04:00 PM · 1 hour 30 minutes', session: '07/12/2026 04:00 PM' },
  { display: 'Minutes', when: 'Mon 04:00 PM · 90 minutes', session: '07/12/2026 04:00 PM' },
  { display: 'NoTimeDisplayed', when: 'Mon', session: '07/12/2026' },
];
