import type { Job } from '../../domain/job.ts';
import { deleteOldDeliveries, deliverDuePushes } from './push.service.ts';

export const pushJobs: Job[] = [
  // Every few seconds: a notification reaches a subscribed device well within the minute.
  { name: 'push deliveries', every: 'moment', run: (ctx, now) => deliverDuePushes(ctx, now) },
  { name: 'push deliveries past their week', every: 'hour', run: (ctx, now) => deleteOldDeliveries(ctx, now) },
];
