import { expect, type Page } from '@playwright/test';
import { mailHttpPort } from './servers.ts';

interface ReceivedMail {
  subject: string;
  text: string;
  /** The Reply-To address ('' when the mail names none). */
  replyTo: string;
}

/** What the test run's SMTP server has received for `email`, oldest first. */
async function mailTo(email: string): Promise<ReceivedMail[]> {
  const res = await fetch(`http://127.0.0.1:${mailHttpPort}/mail?to=${encodeURIComponent(email)}`);
  return (await res.json()) as ReceivedMail[];
}

/** The newest mail to `email` matching `match`, waiting for it to be delivered. */
async function waitForMailTo(email: string, match: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const mails = await mailTo(email);
        found = mails.map((m) => match.exec(`${m.subject}\n${m.text}`)).findLast((m) => m !== null) ?? null;
        return found !== null;
      },
      { message: `a mail to ${email} matching ${match}` },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code of the latest registration mail. */
export async function registrationCode(email: string): Promise<string> {
  const [, code] = await waitForMailTo(email, /verification code is (\d{6})/);
  return code!;
}

/** The path and query of the latest reset link, e.g. /reset-password?token=… */
export async function resetLinkPath(email: string): Promise<string> {
  const [link] = await waitForMailTo(email, /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%.-]+/);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The path and query of the latest family-access invitation, e.g. /join-family?token=…&id=… (decision 101) */
export async function invitationLinkPath(email: string): Promise<string> {
  const [link] = await waitForMailTo(email, /https?:\/\/\S+\/join-family\?token=[A-Za-z0-9_%.-]+(?:&id=\d+)?/);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The path and query of the cancel link in the latest guest booking confirmation, e.g. /ob/cancel?id=…&token=… */
export async function guestCancelLinkPath(email: string): Promise<string> {
  const [link] = await waitForMailTo(email, /https?:\/\/\S+\/ob\/cancel\?id=\d+&token=[A-Za-z0-9_-]+/);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The path of the link in the latest waitlist offer for `className`, e.g. /hub/classes */
export async function waitlistOfferLinkPath(email: string, className: string): Promise<string> {
  const [, link] = await waitForMailTo(email, new RegExp(`^A place is free in ${className}\\n[\\s\\S]*View classes: (https?://\\S+)`));
  return new URL(link!).pathname;
}

/** The 6-digit code of the latest e-mail-change mail (sent to the new address). */
export async function emailChangeCode(email: string): Promise<string> {
  const [, code] = await waitForMailTo(email, /Confirm your new e-mail address[\s\S]*verification code is (\d{6})/);
  return code!;
}

/** The mail to `email` with exactly this subject, waiting for it to be delivered. */
export async function mailWithSubject(email: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(email)).findLast((m) => m.subject === subject);
        return found !== undefined;
      },
      { message: `a mail to ${email} with the subject "${subject}"` },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code of the latest online registration (/ocr) mail. */
export async function onlineRegistrationCode(email: string): Promise<string> {
  const [, code] = await waitForMailTo(email, /registration code is (\d{6})/);
  return code!;
}

/** The registration's address step: the address typed, its mailed code read and entered, and verified. */
export async function proveRegistrationAddress(page: Page, email: string): Promise<void> {
  await page.getByRole('form', { name: 'Your email address' }).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const codeForm = page.getByRole('form', { name: 'Email verification code' });
  await codeForm.getByRole('textbox', { name: 'Code' }).fill(await onlineRegistrationCode(email));
  await codeForm.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email address verified')).toBeVisible();
}
