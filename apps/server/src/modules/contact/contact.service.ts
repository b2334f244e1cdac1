import type { z } from 'zod';
import { contactMessages, type ContactFormState, type contactFormSchema } from '@portal/shared/contact-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderMail } from '../messaging/messaging.api.ts';
import { findContactDetails } from '../accounts/accounts.api.ts';
import { guardianContact } from '../family-access/family-access.api.ts';
import { solutionOf, verifySolution } from '../captcha/captcha.api.ts';

type ContactInput = z.output<typeof contactFormSchema> & { captcha?: string | undefined };

/** A guest proves it is a person where the company asks for it; a signed-in customer already has. */
const captchaRequired = (company: Company, clientId: number | undefined) => clientId === undefined && company.settings.switches.ShowContactUsCAPTCHA;

/** What the form shows first: whether it can send, whether a guest must solve a challenge, and the customer's details. */
export async function contactFormState(ctx: Ctx, company: Company, clientId: number | undefined): Promise<ContactFormState> {
  const details = clientId === undefined ? undefined : await findContactDetails(ctx, company.id, clientId);
  // A guardian writes as themselves (decision 101): the reply goes to them, not to the account holder.
  const guardian = clientId !== undefined && ctx.guardian ? await guardianContact(ctx, company.id, clientId, ctx.guardian.id) : null;
  return {
    success: true,
    available: company.settings.ContactEmail !== '',
    contact_email: company.settings.ContactEmail,
    captcha_required: captchaRequired(company, clientId),
    prefill: guardian
      ? { ...guardian, phone: '' }
      : details
        ? { name: `${details.first_name} ${details.last_name}`.trim(), email: details.email, phone: details.phone_mobile.replace(/[^+0-9]/g, '') }
        : null,
  };
}

/**
 * Mails the message to the company's contact address through the outbox, with Reply-To the
 * sender, so the office answers the family from its own mail program.
 */
export async function sendContactMessage(ctx: Ctx, company: Company, clientId: number | undefined, input: ContactInput): Promise<string> {
  const to = company.settings.ContactEmail;
  if (!to) throw new AppError(409, 'CONTACT_UNAVAILABLE', contactMessages.unavailable);
  if (captchaRequired(company, clientId)) {
    if (!input.captcha) throw new AppError(400, 'CAPTCHA_REQUIRED', contactMessages.captchaRequired);
    const solution = solutionOf(input.captcha);
    if (!solution || !(await verifySolution(ctx, company.id, solution))) throw new AppError(400, 'CAPTCHA_FAILED', contactMessages.captchaFailed);
  }
  const account = clientId === undefined ? undefined : await findContactDetails(ctx, company.id, clientId);
  const body = renderMail(company.settings, [
    `New message from the Customer Hub: ${input.subject}`,
    `From: ${input.name} <${input.email}>${input.phone ? `, phone ${input.phone}` : ''}`,
    account
      ? ctx.guardian
        ? `Sent by ${ctx.guardian.firstName} ${ctx.guardian.lastName}, a ${ctx.guardian.role} with family access to the account of ${account.first_name} ${account.last_name} (client ${clientId}, ${account.email}).`
        : `Sent while signed in as ${account.first_name} ${account.last_name} (client ${clientId}, ${account.email}).`
      : 'Sent by a visitor who was not signed in.',
    input.message,
  ]);
  await ctx.mailer.send({ companyId: company.id, to, replyTo: input.email, subject: `Customer Hub: ${input.subject}`, ...body });
  return contactMessages.sent;
}
