// The push module's one door: web push to a family's devices (issue 24, decision 100).
export { pushJobs } from './push.jobs.ts';
export { pushRoutes } from './push.routes.ts';
export { clientsWithPushFor, queuePush } from './push.service.ts';
