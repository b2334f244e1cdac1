import type { RegistrationClass } from '@portal/shared/registration-schemas';
import type { RegistrationPage, RegistrationState } from './registration-state';

/** The steps after the title page, for "Step n of m": the students' two pages are one step. */
export function stepsOf(skipStudents: boolean, withClasses: boolean): RegistrationPage[][] {
  return [
    ...(withClasses ? [['addClasses'] as RegistrationPage[]] : []),
    ...(skipStudents ? [] : [['addStudent', 'studentsList'] as RegistrationPage[]]),
    ['addCustomer'],
    ['viewCustomer'],
    ['agreements'],
    ...(withClasses ? [['checkout'] as RegistrationPage[]] : []),
  ];
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
