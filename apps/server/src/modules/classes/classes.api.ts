// The classes module's one door: other modules, flows and the app import only this file.
export { classSessionLinkCommand, classSessionLinkUsage } from './class-session-link.cli.ts';
export { classSessionLinkRoutes } from './class-session-link.routes.ts';
export { issueClassSessionLink, revokeClassSessionLink } from './class-session-link.service.ts';
export { classesRoutes } from './classes.routes.ts';
export { assertClassesOffered, cachedPlacesLeft } from './class-search.service.ts';
export {
  confirmEnrolments,
  createEnrolments,
  endEnrolmentsToday,
  lockAndCheckClassItems,
  holdCartPlaces,
  listCartPlaceHolds,
  listUpcomingSessions,
  releaseEnrolments,
  validateClassItems,
  validateNewStudentClassItem,
  validateNewStudentClassItems,
} from './enrolments.service.ts';
export type { ClassItem, ValidatedClassItem } from './class-items.service.ts';
export { assertWaitlistAges } from './class-items.service.ts';
export { importClassActivity } from './class-import.service.ts';
export { classChangeOptions, moveToClass } from './class-change.service.ts';
export { joinWaitlist } from './waitlist.service.ts';
export { handHoldsBackToRegistration, handRegistrationHoldsOver, holdRegistrationPlaces, registrationHoldsCover } from './registration-holds.service.ts';
export { classesJobs } from './classes.jobs.ts';
