import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { CompanySettings } from '@portal/shared/company-config';
import { solidShadeOf } from '@portal/shared/brand-shades';
import type { Db } from '../../db/database.ts';
import type { Ctx } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { claimOutboxMail, deleteOutboxMail, deleteUnsentMailBefore, findUndeliveredMail, insertOutboxMail, setOutboxStatus } from './mail.repository.ts';

export interface MailMessage {
  companyId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's reply goes (Contact Us: the customer who wrote). */
  replyTo?: string;
  /**
   * What only the recipient may see (a reset token, a code): sent in the message, but replaced by
   * "[redacted]" in the outbox row and the log.
   */
  secrets?: readonly string[];
}

/** A message as sent, held in memory only (development without SMTP_URL). */
interface HeldMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

const HELD_MAX = 100;

/**
 * How long a process owns an outbox row it took for delivery; after it, the minute job takes the
 * row again. Well beyond one delivery, whose SMTP waits are bounded below.
 */
export const OUTBOX_LEASE_MS = 10 * 60_000;
/** A pending row this old was written by a process that did not deliver it. */
const PENDING_GRACE_MS = 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export interface Mailer {
  /** Records the mail in the outbox, then delivers it over SMTP when configured. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends after the answer has gone: how long delivery takes must not tell a caller whether an
   * address has an account. Failures are logged and kept in the outbox.
   */
  queue(message: MailMessage): void;
  /** Delivers outbox rows written by `enqueueMail` once their transaction committed, after the answer has gone. */
  deliver(ids: readonly number[]): void;
  /**
   * The minute job's part: delivers rows still pending a minute after they were written (their
   * process died after the commit) and rows left sending past their lease (it died mid-delivery);
   * answers how many it took.
   */
  deliverPending(now?: Date): Promise<number>;
  /** The newest messages as sent, secrets included, when held in memory (development without SMTP); newest last. */
  held(): HeldMail[];
  /** Resolves when every queued mail has been handled (shutdown, tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

function redact(text: string, secrets: readonly string[] = []): string {
  return secrets.reduce((out, secret) => (secret ? out.replaceAll(secret, '[redacted]') : out), text);
}

/**
 * `holdInMemory`: without SMTP, keep the last messages as sent (secrets included) in this
 * process's memory for the development outbox view; never on disk, never in the log.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, options: { smtpUrl?: string | undefined; from: string; holdInMemory?: boolean }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }) : undefined;
  const pending = new Set<Promise<void>>();
  const held: HeldMail[] = [];
  // The rows this process is delivering: its own minute job leaves them alone, whatever its clock says.
  const inHand = new Set<number>();

  /** Hands an outbox row's message to SMTP, or only logs it without SMTP; a delivered row is deleted. */
  async function transmit(id: number, message: Pick<MailMessage, 'to' | 'subject' | 'text' | 'html' | 'replyTo' | 'secrets'>) {
    const subject = redact(message.subject, message.secrets);
    if (!transport) {
      // No SMTP server configured: the redacted outbox row is all that is kept, and in development the message as sent in memory.
      if (options.holdInMemory) {
        held.push({ to: message.to, subject: message.subject, text: message.text, createdAt: nowIso() });
        if (held.length > HELD_MAX) held.shift();
      }
      log.info(
        { outboxId: id, to: message.to, subject },
        options.holdInMemory ? 'e-mail queued, not sent (no SMTP_URL): read it with "npm run portal -- outbox"' : 'e-mail queued, not sent (no SMTP_URL)',
      );
      await setOutboxStatus(db, id, 'logged');
      return;
    }
    try {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, ...(message.replyTo ? { replyTo: message.replyTo } : {}) });
      // Delivered: nothing of it is kept.
      await deleteOutboxMail(db, id);
    } catch (err) {
      log.error({ err, outboxId: id }, 'e-mail delivery failed');
      await setOutboxStatus(db, id, 'failed', err instanceof Error ? err.message : String(err));
    }
  }

  /** Delivers a row written by enqueueMail, once: a row another process holds is left to it. */
  async function deliverRow(id: number, now = new Date()) {
    if (inHand.has(id)) return;
    // The claim answers the message it took: nothing to read again.
    const row = await claimOutboxMail(db, id, nowIso(now), nowIso(new Date(now.getTime() + OUTBOX_LEASE_MS)));
    if (!row) return;
    await inHandWhile(id, () => transmit(id, { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, ...(row.reply_to ? { replyTo: row.reply_to } : {}) }));
  }

  async function inHandWhile(id: number, work: () => Promise<void>) {
    inHand.add(id);
    try {
      await work();
    } finally {
      inHand.delete(id);
    }
  }

  const mailer: Mailer = {
    held: () => [...held],
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
    deliver(ids) {
      for (const id of ids) {
        const job = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => deliverRow(id))
          .catch((err: unknown) => log.error({ err, outboxId: id }, 'queued e-mail failed'))
          .finally(() => pending.delete(job));
        pending.add(job);
      }
    },
    async deliverPending(now = new Date()) {
      const ids = await findUndeliveredMail(db, nowIso(new Date(now.getTime() - PENDING_GRACE_MS)), nowIso(now));
      for (const id of ids) await deliverRow(id, now);
      return ids.length;
    },
    async send(message) {
      const subject = redact(message.subject, message.secrets);
      const id = await insertOutboxMail(db, {
        companyId: message.companyId,
        to: message.to,
        subject,
        text: redact(message.text, message.secrets),
        html: redact(message.html, message.secrets),
        replyTo: message.replyTo,
        // Written as this process's to deliver: an SMTP server slow to answer (its waits add up to
        // two minutes) must not let the minute job, here or in another process, send it again.
        leaseUntil: nowIso(new Date(Date.now() + OUTBOX_LEASE_MS)),
      });
      await inHandWhile(id, () => transmit(id, message));
    },
    async close() {
      await mailer.flush();
      transport?.close();
    },
  };
  return mailer;
}

/**
 * Writes a message to the outbox inside the caller's transaction: it exists exactly when the
 * transaction commits. After the commit pass the id to `mailer.deliver`; a process that dies
 * first leaves it pending for the minute job (`deliverPending`), and one that dies mid-delivery
 * leaves it sending until its lease (OUTBOX_LEASE_MS) runs out. Stored as sent, so never for
 * messages with secrets.
 */
export function enqueueMail(ctx: Ctx, message: { companyId: number; to: string; subject: string; text: string; html: string; replyTo?: string | undefined }): Promise<number> {
  return insertOutboxMail(ctx.db, message);
}

/** How long an outbox row that was logged (no SMTP) or failed is kept, redacted, for an operator to look at. */
const UNSENT_KEEP_DAYS = 7;

/** The hourly sweep's part: unsent rows older than UNSENT_KEEP_DAYS go. */
export function purgeUnsentMail(ctx: Ctx, now = ctx.clock.now()): Promise<void> {
  return deleteUnsentMailBefore(ctx.db, new Date(now.getTime() - UNSENT_KEEP_DAYS * 24 * 3600_000).toISOString());
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The button's colour: the brand shade the portal's own buttons take; a dark neutral where no shade carries white text. */
function buttonColour(colors: CompanySettings['colors']): string {
  const shade = solidShadeOf(colors);
  return shade ? colors[shade] : '#1f2937';
}

/**
 * The mail layout, in the company's name and colours: one table a mail client lays out at any
 * width (at most 560 px), the name in the brand shade, `paragraphs` as text, an optional `action`
 * button, and a line saying who sent it. No images: clients block them, and a logo stored as a
 * data URL shows in none.
 */
export function renderMail(company: Pick<CompanySettings, 'CompanyDisplayName' | 'colors'>, paragraphs: string[], action?: { label: string; url: string }) {
  const companyName = company.CompanyDisplayName;
  const brand = buttonColour(company.colors);
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', companyName].join('\n\n');
  const font = 'font-family:Arial,Helvetica,sans-serif';
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border-top:4px solid ${brand}">
<tr><td style="padding:24px 28px;${font};font-size:16px;line-height:1.5;color:#1f2937">
<h1 style="margin:0 0 20px;font-size:20px;line-height:1.3;color:${brand}">${escapeHtml(companyName)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p style="margin:24px 0 8px"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:${brand};color:#fff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(action.label)}</a></p>` : ''}
</td></tr></table>
<p style="max-width:560px;margin:16px auto 0;${font};font-size:12px;line-height:1.5;color:#6b7280">Sent by ${escapeHtml(companyName)} through its Customer Hub.</p>
</td></tr></table>
</body></html>`;
  return { text, html };
}
