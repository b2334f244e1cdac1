// A real SMTP server for the browser suite: the portal under test delivers to it over SMTP_URL,
// and tests read what arrived over a small HTTP endpoint (GET /mail?to=address). It keeps the
// mail in memory only, and it is part of the test run, never of the portal.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const smtpPort = Number(process.env.MAIL_SMTP_PORT);
const httpPort = Number(process.env.MAIL_HTTP_PORT);
/** @type {{ to: string[]; subject: string; text: string; replyTo: string }[]} */
const received = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          replyTo: mail.replyTo ? mail.replyTo.value.map((a) => a.address).join(',') : '',
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/readyz') return res.end('ok');
    if (url.pathname === '/mail') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(received.filter((m) => m.to.includes(to))));
    }
    res.statusCode = 404;
    res.end();
  })
  .listen(httpPort, '127.0.0.1');
