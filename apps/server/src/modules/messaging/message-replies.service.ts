import { messageReplyMessages, type MessageReply } from '@portal/shared/message-schemas';
import { serverMessages } from '@portal/shared/messages';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueMail, renderMail } from './mailer.ts';
import * as repo from './message-replies.repository.ts';
import { findClientEmail } from './notification.repository.ts';

const fullName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();

function toReply(row: repo.ReplyRow): MessageReply {
  return { CPMessageReplyID: row.id, Body: row.body, CreatedTimestamp: row.created_at, AuthorName: fullName(row) };
}

const notFound = () => new AppError(404, 'NOT_FOUND', serverMessages.notFound);

/** The client's replies to a message of theirs, oldest first; 404 for a message they cannot see. */
export async function listReplies(ctx: Ctx, companyId: number, clientId: number, messageId: number): Promise<MessageReply[]> {
  if (!(await repo.findVisibleMessage(ctx.db, companyId, clientId, messageId))) throw notFound();
  return (await repo.findReplies(ctx.db, companyId, clientId, messageId)).map(toReply);
}

/** The reply an earlier request under the same key made, if it asked for the same; another body or message is refused. */
function sameRequest(earlier: repo.ReplyRow, input: { messageId: number; body: string }): MessageReply {
  if (earlier.message_id !== input.messageId || earlier.body !== input.body) {
    throw new AppError(422, 'IDEMPOTENCY_MISMATCH', 'This reply was already sent with other words. Please write it again.');
  }
  return toReply(earlier);
}

/** No line break or control character reaches a mail header from a message's title. */
const oneLine = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

/**
 * Keeps the family's reply in the message's thread and mails it to the company's contact address
 * (decision 078): the reply and its mail are written in one transaction, so the office gets
 * every reply kept and no other, and the mail's Reply-To is the family, so the office answers
 * from its own mail program. Once per Idempotency-Key: the same request again answers the same
 * reply and mails nothing more.
 */
export async function sendReply(ctx: Ctx, company: Company, clientId: number, input: { messageId: number; body: string; idempotencyKey: string }): Promise<MessageReply> {
  const earlier = await repo.findReplyByKey(ctx.db, company.id, clientId, input.idempotencyKey);
  if (earlier) return sameRequest(earlier, input);
  const office = company.settings.ContactEmail;
  if (!office) throw new AppError(409, 'REPLIES_UNAVAILABLE', messageReplyMessages.unavailable);
  const message = await repo.findVisibleMessage(ctx.db, company.id, clientId, input.messageId);
  if (!message) throw notFound();
  const family = await findClientEmail(ctx.db, company.id, clientId);
  if (!family) throw notFound();

  const name = fullName(family);
  const mail = renderMail(company.settings, [
    `${name}${family.email ? ` (${family.email})` : ''} replied to your message "${oneLine(message.title)}" in the Customer Hub:`,
    input.body,
    family.email ? `Reply to this e-mail to answer ${name} (client ${clientId}).` : `${name} (client ${clientId}) has no e-mail address on file.`,
  ]);
  const written = await ctx.transaction(async (tx) => {
    const id = await repo.insertReply(tx.db, { companyId: company.id, clientId, messageId: message.id, body: input.body, idempotencyKey: input.idempotencyKey });
    if (id === undefined) return undefined;
    const mailId = await enqueueMail(tx, { companyId: company.id, to: office, subject: `Re: ${oneLine(message.title)}`, ...mail, ...(family.email ? { replyTo: family.email } : {}) });
    return { id, mailId };
  });
  if (!written) {
    // A request with the same key was kept first, meanwhile: answer as it did.
    const first = await repo.findReplyByKey(ctx.db, company.id, clientId, input.idempotencyKey);
    if (!first) throw notFound();
    return sameRequest(first, input);
  }
  ctx.mailer.deliver([written.mailId]);
  const reply = await repo.findReplyById(ctx.db, company.id, clientId, written.id);
  if (!reply) throw notFound();
  return toReply(reply);
}
