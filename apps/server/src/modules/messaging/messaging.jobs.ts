import type { Job } from '../../domain/job.ts';
import { purgeUnsentMail } from './mailer.ts';

export const messagingJobs: Job[] = [
  { name: 'outbox rows past their week', every: 'hour', run: (ctx, now) => purgeUnsentMail(ctx, now) },
  // Last of the minute's jobs in the registry: it sends what the settling jobs before it wrote.
  { name: 'mail a dead process wrote but never delivered', every: 'minute', run: (ctx, now) => ctx.mailer.deliverPending(now) },
];
