import type { RegistrationClass } from '@portal/shared/registration-schemas';
import type { RegistrationPage, RegistrationState } from './registration-state';

/** What a step of the registration asks for: the title page says it, the step's own page asks it. */
export type RegistrationStepKind = 'classes' | 'students' | 'details' | 'review' | 'agreements' | 'checkout';
export interface RegistrationStep {
  kind: RegistrationStepKind;
  pages: RegistrationPage[];
}

/**
 * The steps after the title page, for "Step n of m" on each page and the title page's list of what
 * will be asked (one list, so the two cannot disagree): the students' two pages are one step.
 */
export function stepsOf(skipStudents: boolean, withClasses: boolean): RegistrationStep[] {
  const steps: (RegistrationStep | null)[] = [
    withClasses ? { kind: 'classes', pages: ['addClasses'] } : null,
    skipStudents ? null : { kind: 'students', pages: ['addStudent', 'studentsList'] },
    { kind: 'details', pages: ['addCustomer'] },
    { kind: 'review', pages: ['viewCustomer'] },
    { kind: 'agreements', pages: ['agreements'] },
    withClasses ? { kind: 'checkout', pages: ['checkout'] } : null,
  ];
  return steps.filter((step) => step !== null);
}

/** The class step's choices as the quote and the submission take them: one entry per student and class. */
export function registrationClassesOf(state: RegistrationState): RegistrationClass[] {
  return state.students.flatMap((_, student) =>
    (state.studentClasses[student] ?? []).flatMap((classId) => {
      const c = state.classes.find((x) => x.ClassID === classId);
      return c ? [{ student, ClassID: c.ClassID, casual: c.casual, dates: c.dates, waitlist: c.waitlist }] : [];
    }),
  );
}

/**
 * N9: the pages that need the student form's configuration: the students' own pages (or a later
 * page that shows them, reloaded without a student or with one lacking a class), and the pages
 * that send the registration, which parse the students with it (a reload there finds nothing cached).
 */
export function studentFormNeeded(state: RegistrationState, withClasses: boolean): boolean {
  const { page } = state;
  if (page === 'titlePage' || (withClasses && (page === 'addClasses' || state.classes.length === 0))) return false;
  if (page === 'addStudent' || page === 'studentsList' || page === 'agreements' || page === 'checkout') return true;
  const unassigned = withClasses && state.students.some((_, i) => (state.studentClasses[i] ?? []).length === 0);
  return state.students.length === 0 || unassigned;
}
