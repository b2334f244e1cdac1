import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  /** The text/html part, as sent. */
  html: string;
  /** The Reply-To address, when the mail names one. */
  replyTo?: string;
}

/** A real SMTP server on loopback: the mail the server sends, parsed as a mail client would read it. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  // While stalled, a message is read but not answered: its sender waits, as on a slow SMTP server.
  let stalled: Promise<void> | null = null;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream).then(
        async (mail) => {
          await stalled;
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: mail.subject ?? '',
            text: (mail.text ?? '').trim(),
            html: typeof mail.html === 'string' ? mail.html : '',
            ...(mail.replyTo ? { replyTo: mail.replyTo.value.map((a) => a.address).join(',') } : {}),
          });
          done();
        },
        (err: Error) => done(err),
      );
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
    /** Answers no message until the returned function is called (a slow SMTP server). */
    stall(): () => void {
      let release = () => {};
      stalled = new Promise<void>((resolve) => (release = resolve));
      return () => {
        stalled = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
