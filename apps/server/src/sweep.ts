import type { Deps } from './deps.ts';
import { deleteExpiredSessions } from './features/session/session.service.ts';
import { purgeUnsentMail } from './features/mail/mailer.ts';
import { deleteExpiredChallenges } from './features/captcha/captcha.service.ts';
import { deleteExpiredRegistrations, settlePayingRegistrations } from './features/registration/registration.service.ts';
import { deleteExpiredLinks } from './features/class-session-link/class-session-link.service.ts';
import { reconcilePayments } from './features/payment/payment.service.ts';
import { sweepWaitlists } from './features/classes/classes.service.ts';
import { findCompanyById } from './features/company/company.service.ts';
import { settleGuestBookings } from './features/guest-booking/guest-booking.service.ts';

/**
 * The hourly sweep: sessions, reset tokens and codes that can no longer be used, outbox rows
 * that will never be sent, past their week, captcha challenges and class-session links past their time. Every process may run it; it is idempotent.
 */
export async function sweepExpiredRows(deps: Deps, now = new Date()): Promise<void> {
  await deleteExpiredSessions(deps, now);
  await purgeUnsentMail(deps.db, now);
  await deleteExpiredChallenges(deps, now);
  await deleteExpiredRegistrations(deps, now);
  await deleteExpiredLinks(deps, now);
  // Lapsed checkout holds give their places back; waitlist offers lapse and pass on.
  await sweepWaitlists(deps, (id) => findCompanyById(deps, id), now);
}

/**
 * Every minute: payments whose process died between charge and order are completed from the
 * gateway's record, abandoned ones release their holds, charges with no order are refunded
 * (decision 024), registrations still paying are completed or removed with them (decision 049), and outbox mail a dead process wrote but never delivered goes out.
 * Idempotent; every process may run it.
 */
export async function reconcileCheckouts(deps: Deps, now = new Date()) {
  const report = await reconcilePayments(deps, (id) => findCompanyById(deps, id), now);
  // Registrations whose checkout settled, or never began, while nobody was there to hear (decision 049).
  const registrations = await settlePayingRegistrations(deps, (id) => findCompanyById(deps, id), now);
  // Guest bookings paid while nobody was there to hear it are confirmed and mailed (decision 050).
  const guests = await settleGuestBookings(deps, (id) => findCompanyById(deps, id), now);
  // Mail written with an order whose process died before or during its delivery.
  await deps.mailer.deliverPending(now);
  // A row that could not be settled is tried again next minute; the caller logs why.
  const errors = [...registrations.errors, ...guests.errors];
  if (errors.length) throw new AggregateError(errors, `${errors.length} paying registrations or guest bookings could not be settled`);
  return report;
}
