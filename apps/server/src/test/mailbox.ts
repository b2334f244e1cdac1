import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
}

/** The text/plain part of a message nodemailer built (alone, or first of multipart/alternative). */
function plainPart(raw: string): string {
  const at = raw.search(/^Content-Type: text\/plain/im);
  const start = raw.indexOf('\r\n\r\n', at === -1 ? 0 : at);
  const rest = raw.slice(start + 4);
  const end = rest.search(/^--/m);
  return end === -1 ? rest : rest.slice(0, end);
}

/** Quoted-printable soft breaks and escapes, and RFC 2047 encoded words: enough to read our own mail. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, q: string) => q.replace(/_/g, ' '));
}

/** A real SMTP server on loopback: the mail the server sends, as a mail client would receive it. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        const subject = decode(/^Subject: (.*(?:\r\n[ \t].*)*)$/m.exec(raw)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), subject, text: decode(plainPart(raw)).trim() });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    /** The newest mail to an address. */
    lastTo(to: string): ReceivedMail | undefined {
      return received.filter((m) => m.to === to).at(-1);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
