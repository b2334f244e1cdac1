import type { Job } from '../../domain/job.ts';
import { findCompanyById } from '../../modules/company/company.api.ts';
import { deleteOldPlaces } from '../../modules/waiting-room/waiting-room.api.ts';
import { deleteExpiredRegistrations } from './registration-steps.service.ts';
import { settlePayingRegistrations } from './submission.service.ts';

export const registrationJobs: Job[] = [
  { name: 'expired registrations', every: 'hour', run: deleteExpiredRegistrations },
  { name: 'waiting room places of past openings', every: 'hour', run: deleteOldPlaces },
  {
    // Registrations whose checkout settled, or never began, while nobody was there to hear (decision 049).
    name: 'registrations still paying',
    every: 'minute',
    run: async (ctx, now) => {
      const { errors } = await settlePayingRegistrations(ctx, (id) => findCompanyById(ctx, id), now);
      if (errors.length) throw new AggregateError(errors, `${errors.length} paying registrations could not be settled`);
    },
  },
];
