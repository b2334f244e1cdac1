import Database from 'better-sqlite3';
import { expect } from '@playwright/test';
import { databaseFile } from './servers.ts';

export interface OutboxMail {
  id: number;
  subject: string;
  text: string;
}

/**
 * The server writes every e-mail to its outbox table before answering (no SMTP in the
 * browser runs); the test reads that table read-only from the project's own database.
 */
export function latestMailTo(project: string, email: string): OutboxMail | undefined {
  const db = new Database(databaseFile(project), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT id, subject, text_body AS text FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1')
      .get(email.toLowerCase()) as OutboxMail | undefined;
  } finally {
    db.close();
  }
}

/** The newest mail to `email`, waiting briefly for it to land. */
export async function waitForMailTo(project: string, email: string, match: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(() => {
      const mail = latestMailTo(project, email);
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
