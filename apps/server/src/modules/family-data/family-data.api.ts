// The family-data module's one door: "Download my data" and "Ask to delete my account" (issue 24).
export { familyDataRoutes } from './family-data.routes.ts';
export { familyDataJobs } from './family-data.jobs.ts';
export { confirmDeletionCommand } from './deletion.service.ts';
