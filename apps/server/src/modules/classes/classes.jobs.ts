import type { Job } from '../../domain/job.ts';
import { findCompanyById } from '../company/company.api.ts';
import { deleteExpiredLinks } from './class-session-link.service.ts';
import { sweepWaitlists } from './waitlist.service.ts';

export const classesJobs: Job[] = [
  { name: 'class-session links past their time', every: 'hour', run: deleteExpiredLinks },
  // Lapsed checkout holds give their places back; waitlist offers lapse and pass on; a free place is offered within the minute (decision 092).
  { name: 'lapsed holds and waitlist offers', every: 'minute', run: (ctx, now) => sweepWaitlists(ctx, (id) => findCompanyById(ctx, id), now) },
];
