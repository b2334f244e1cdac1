import { expect } from '@playwright/test';
import { e2eServers } from './servers.ts';

export interface OutboxMail {
  subject: string;
  text: string;
}

/**
 * The browser runs send no real mail (no SMTP_URL): the server keeps the messages as sent in
 * memory and shows them on its loopback-only development view, the same one `npm run portal --
 * outbox` prints. The outbox table holds them with codes and links redacted.
 */
export async function latestMailTo(project: string, email: string): Promise<OutboxMail | undefined> {
  const server = e2eServers.find((s) => s.name === project);
  if (!server) throw new Error(`no e2e server for project ${project}`);
  const res = await fetch(`http://127.0.0.1:${server.port}/api/dev/outbox`);
  const { mails } = (await res.json()) as { mails: { to: string; subject: string; text: string }[] };
  return mails.filter((m) => m.to === email.toLowerCase()).at(-1);
}

/** The newest mail to `email`, waiting briefly for it to land. */
export async function waitForMailTo(project: string, email: string, match: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(async () => {
      const mail = await latestMailTo(project, email);
      found = mail ? match.exec(`${mail.subject}\n${mail.text}`) : null;
      return found !== null;
    }, { message: `a mail to ${email} matching ${match}` })
    .toBe(true);
  return found!;
}

/** The 6-digit code of the latest registration mail. */
export async function registrationCode(project: string, email: string): Promise<string> {
  const [, code] = await waitForMailTo(project, email, /verification code is (\d{6})/);
  return code!;
}

/** The path and query of the latest reset link, e.g. /reset-password?token=… */
export async function resetLinkPath(project: string, email: string): Promise<string> {
  const [link] = await waitForMailTo(project, email, /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%.-]+/);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
