import { registrationMessages as m } from '@portal/shared/registration-schemas';
import type { RegistrationPaymentOption } from '@portal/shared/registration-schemas';
import type { Ctx } from '../../context.ts';
import { directDebitOffered, gatewayFor } from '../../modules/payments/payments.api.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { companyTimeZone } from '../../lib/time.ts';
import { formatDateAtTime } from '@portal/shared/date-time-text';

/** How long a verified address stays good for its registration's submission. */
export const REGISTRATION_TTL_MINUTES = 24 * 60;
/** How long a solved captcha counts for its registration (the submission must follow it). */
export const CAPTCHA_MARK_MINUTES = 10;

/**
 * Online registration is open at the company: AllowOCR on and new sign-ups taken (N36, U30), the
 * latter not asked of a family that has an account; a named profile must be one of the company's,
 * and its opening time (`OpensAt`) passed `at` that instant (decision 091).
 */
export function assertRegistrationOpen(company: Company, profileId?: number, options: { existingFamily?: boolean; at?: Date } = {}) {
  const s = company.settings.switches;
  // A family that already has an account is no new sign-up (decision 060).
  if (!s.AllowOCR || (!s.CanTakeNewSignUps && !options.existingFamily)) throw new AppError(403, 'REGISTRATION_CLOSED', m.registrationClosed);
  if (profileId === undefined) return;
  const profile = company.settings.profiles.find((p) => p.OCRProfileID === profileId);
  if (!profile) throw notFound();
  if (profile.OpensAt && (options.at ?? new Date()).getTime() < Date.parse(profile.OpensAt)) {
    const when = formatDateAtTime(profile.OpensAt, company.settings.localization.DateFormat, companyTimeZone(company.settings.localization));
    throw new AppError(403, 'REGISTRATION_NOT_OPEN', m.notOpenYet(when));
  }
}

export type Profile = Company['settings']['profiles'][number];

/** The options the profile offers (N27, T24) that the company's payment setup takes too. */
export function paymentOptionsOf(ctx: Ctx, company: Company, profile: Profile): RegistrationPaymentOption[] {
  return profile.PaymentOptions.filter((o) => (o === 'credit_card' ? gatewayFor(ctx, company) !== null : directDebitOffered(ctx, company)));
}

/** A profile with a class step (N8): SelectClasses; NoClasses and any other page type take none (decision 067). */
export const takesClasses = (profile: Profile) => profile.PageType === 'SelectClasses';

/**
 * A checkout's refusal of a registration's classes, said of the registration's own choices: the
 * checkout names a class by its cart line (`classItems.<n>`, decisions 129, 132), and a
 * registration's cart leaves its waitlist choices out, so line n is the n-th choice to enrol
 * (`classes.<i>`, the field the registration's page reads).
 */
export function namedAsChoices(err: unknown, classes: readonly { waitlist?: boolean | undefined }[]): unknown {
  if (!(err instanceof AppError) || !err.errors) return err;
  const enrolled = classes.flatMap((c, i) => (c.waitlist ? [] : [i]));
  const errors = err.errors.map((e) => {
    const line = /^classItems\.(\d+)$/.exec(e.field);
    const choice = line ? enrolled[Number(line[1])] : undefined;
    return choice === undefined ? e : { ...e, field: `classes.${choice}` };
  });
  return new AppError(err.statusCode, err.code, err.message, errors, err.headers);
}
