import type { Deps } from './deps.ts';
import { deleteExpiredSessions } from './features/session/session.service.ts';
import { purgeUnsentMail } from './features/mail/mailer.ts';
import { deleteExpiredEmailChanges } from './features/customer/my-details.service.ts';
import { deleteExpiredChallenges } from './features/captcha/captcha.service.ts';

/**
 * The hourly sweep: sessions, reset tokens and codes that can no longer be used, outbox rows
 * that will never be sent, past their week, and captcha challenges past their time. Every process may run it; it is idempotent.
 */
export async function sweepExpiredRows(deps: Deps, now = new Date()): Promise<void> {
  await deleteExpiredSessions(deps);
  await purgeUnsentMail(deps.db, now);
  await deleteExpiredEmailChanges(deps, now);
  await deleteExpiredChallenges(deps, now);
}
