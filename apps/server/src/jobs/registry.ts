import type { Job } from '../domain/job.ts';
import { accountsJobs } from '../modules/accounts/accounts.api.ts';
import { captchaJobs } from '../modules/captcha/captcha.api.ts';
import { classesJobs } from '../modules/classes/classes.api.ts';
import { messagingJobs } from '../modules/messaging/messaging.api.ts';
import { familyDataJobs } from '../modules/family-data/family-data.api.ts';
import { pushJobs } from '../modules/push/push.api.ts';
import { checkoutJobs } from '../flows/checkout/checkout.jobs.ts';
import { registrationJobs } from '../flows/online-registration/registration.jobs.ts';
import { guestBookingJobs } from '../flows/guest-booking/guest-booking.jobs.ts';
import { directDebitJobs } from '../flows/direct-debit/direct-debit.jobs.ts';

/**
 * Every module's and flow's background jobs, in the order a period runs them: the checkout
 * settles before the registrations and guest bookings that pay through it; the lapsed holds go
 * after them, so a payment a dead process left is completed on its held places before they are
 * given back; and mail goes last so it sends what they wrote.
 */
export const jobs: readonly Job[] = [
  ...accountsJobs,
  ...captchaJobs,
  ...checkoutJobs,
  ...directDebitJobs,
  ...registrationJobs,
  ...guestBookingJobs,
  ...classesJobs,
  ...familyDataJobs,
  ...messagingJobs,
  ...pushJobs,
];
