// The activity module's one door: the family's log of changes (issue 24, decision 098).
export { activityRoutes } from './activity.routes.ts';
export { answerChanges, changesBetween, deviceOf, recordActivity, recordSignIn, type NewActivity } from './activity.service.ts';
