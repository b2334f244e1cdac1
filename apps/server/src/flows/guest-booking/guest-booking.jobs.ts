import type { Job } from '../../domain/job.ts';
import { findCompanyById } from '../../modules/company/company.api.ts';
import { settleGuestBookings } from './guest-booking.service.ts';

/** Guest bookings paid while nobody was there to hear it are confirmed and mailed (decision 050). */
export const guestBookingJobs: Job[] = [
  {
    name: 'guest bookings paid while their process died',
    every: 'minute',
    run: async (ctx, now) => {
      const { errors } = await settleGuestBookings(ctx, (id) => findCompanyById(ctx, id), now);
      if (errors.length) throw new AggregateError(errors, `${errors.length} guest bookings could not be settled`);
    },
  },
];
