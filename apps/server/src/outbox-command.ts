import { companyEndpoints } from '@portal/shared/endpoints/company';
import type { DevOutboxAnswer } from '@portal/shared/mail-schemas';

type Mail = DevOutboxAnswer['mails'][number];

/** How many e-mails the command shows unless told. */
const SHOWN = 5;

export const outboxUsage = `  npm run portal -- outbox [ADDRESS] [--last N]
                                                development without SMTP_URL: the e-mails the running
                                                server (PORT) sent, codes and links included, newest
                                                first: the last ${SHOWN}, or N; only those to ADDRESS`;

export interface OutboxOptions {
  to: string | undefined;
  last: number;
}

/** `outbox [ADDRESS] [--last N]`, in any order. */
export function outboxCommandOptions(args: string[]): OutboxOptions {
  let to: string | undefined;
  let last = SHOWN;
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--last') {
      const n = Number(args[(i += 1)]);
      if (!Number.isInteger(n) || n < 1) throw new Error('--last takes a number of e-mails, such as --last 3');
      last = n;
    } else to = args[i];
  }
  return { to, last };
}

/** What the command prints: the chosen e-mails, newest first, then how many older ones it left out. */
export function outboxReport(mails: Mail[], { to, last }: OutboxOptions): string {
  const wanted = to?.toLowerCase();
  const found = mails.filter((m) => wanted === undefined || m.to.toLowerCase() === wanted).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (found.length === 0) return `No e-mail${to ? ` to ${to}` : ''} since the server started.\n`;
  const shown = found.slice(0, last);
  const older = found.length - shown.length;
  return [
    ...shown.map((m) => `--- ${m.createdAt}  to ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n`),
    ...(older > 0 ? [`${older} older e-mail${older === 1 ? '' : 's'} not shown: --last ${found.length} shows them too.\n`] : []),
  ].join('\n');
}

/** The messages are held in the running server's memory only; it shows them to this machine alone. */
export async function showOutbox(port: number, args: string[]): Promise<number> {
  const options = outboxCommandOptions(args);
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}${companyEndpoints.devOutbox.path}`);
  } catch {
    console.error(`No server answers on port ${port}: start it with npm start (or set PORT).`);
    return 1;
  }
  if (res.status === 404) {
    console.error('The server keeps no outbox view: it sends mail over SMTP_URL, or runs with NODE_ENV=production or DEV_OUTBOX=false.');
    return 1;
  }
  const { mails } = (await res.json()) as DevOutboxAnswer;
  process.stdout.write(outboxReport(mails, options));
  return 0;
}
