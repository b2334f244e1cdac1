import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { insertOutboxMail, setOutboxStatus } from './mail.repository.ts';

export interface MailMessage {
  companyId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Records the mail in the outbox, then delivers it over SMTP when configured. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends after the answer has gone: how long delivery takes must not tell a caller whether an
   * address has an account. Failures are logged and kept in the outbox.
   */
  queue(message: MailMessage): void;
  /** Resolves when every queued mail has been handled (shutdown, tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(db: Db, log: FastifyBaseLogger, options: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();
  const mailer: Mailer = {
    queue(message) {
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => mailer.send(message))
        .catch((err: unknown) => log.error({ err, to: message.to }, 'queued e-mail failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async send(message) {
      const row = { id: await insertOutboxMail(db, message) };
      if (!transport) {
        // No SMTP server configured: the outbox row and this log line are the delivery.
        log.info({ outboxId: row.id, to: message.to, subject: message.subject }, `e-mail (not sent, no SMTP_URL):\n${message.text}`);
        await setOutboxStatus(db, row.id, 'logged');
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        await setOutboxStatus(db, row.id, 'sent');
      } catch (err) {
        log.error({ err, outboxId: row.id }, 'e-mail delivery failed');
        await setOutboxStatus(db, row.id, 'failed', err instanceof Error ? err.message : String(err));
      }
    },
    async close() {
      await mailer.flush();
      transport?.close();
    },
  };
  return mailer;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A plain, branded mail layout; `paragraphs` are text, `action` an optional button. */
export function renderMail(companyName: string, paragraphs: string[], action?: { label: string; url: string }) {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', companyName].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<h2 style="margin:0 0 16px">${escapeHtml(companyName)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>` : ''}
</body></html>`;
  return { text, html };
}
