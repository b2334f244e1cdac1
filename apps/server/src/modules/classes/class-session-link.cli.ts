import { parseArgs } from 'node:util';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findCompanyByCode } from '../company/company.api.ts';
import { systemClock, type Ctx } from '../../context.ts';
import { issueClassSessionLink, listShareableSessions, revokeClassSessionLink } from './class-session-link.service.ts';

export const classSessionLinkUsage = `  npm run portal -- class-session-link --company CODE --session ID [--days N]
  npm run portal -- class-session-link --company CODE --class ID [--from yyyy-MM-dd] [--to yyyy-MM-dd] [--days N]
  npm run portal -- class-session-link --company CODE --revoke URL|TOKEN
                                                print a link to a class session (or a class's sessions
                                                between two dates) that anyone may open; without
                                                --session or --class, list the classes and their sessions;
                                                --revoke withdraws a link sent before`;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** `class-session-link`: issues a link the company can send to a family or post. Answers the exit code. */
export async function classSessionLinkCommand(db: Db, publicUrl: string, argv: string[]): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        company: { type: 'string' },
        session: { type: 'string' },
        class: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        days: { type: 'string' },
        revoke: { type: 'string' },
      },
    }));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\nUsage:\n${classSessionLinkUsage}`);
    return 1;
  }
  const ctx: Pick<Ctx, 'db' | 'clock'> = { db, clock: systemClock };
  const code = values.company?.trim().toUpperCase();
  if (!code) {
    console.error(`class-session-link needs --company CODE\nUsage:\n${classSessionLinkUsage}`);
    return 1;
  }
  const company = await findCompanyByCode(ctx as Ctx, code);
  if (!company) {
    console.error(`No company with code ${code}.`);
    return 1;
  }
  const number = (name: string) => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw new AppError(400, 'VALIDATION', `--${name} must be a whole number`);
    return Number(raw);
  };
  for (const name of ['from', 'to']) {
    if (values[name] !== undefined && !isoDate.test(values[name])) {
      console.error(`--${name} must be a date yyyy-MM-dd`);
      return 1;
    }
  }
  try {
    if (values.revoke !== undefined) {
      await revokeClassSessionLink(ctx, company, values.revoke);
      console.log('The link was revoked.');
      return 0;
    }
    const sessionId = number('session');
    const classId = number('class');
    if (sessionId === undefined && classId === undefined) {
      const rows = await listShareableSessions(ctx, company);
      if (rows.length === 0) console.log(`${code} has no class sessions from today on.`);
      let current: number | undefined;
      for (const row of rows) {
        if (row.class_id !== current) console.log(`\nClass ${row.class_id}: ${row.name}`);
        current = row.class_id;
        console.log(`  session ${row.session_id}  ${row.date}${row.status === 'scheduled' ? '' : `  (${row.status})`}`);
      }
      return 0;
    }
    const link = await issueClassSessionLink(ctx, company, { publicUrl, sessionId, classId, fromDate: values.from, toDate: values.to, days: number('days') });
    console.log(`${link.className}, ${link.dates.length === 1 ? link.dates[0] : `${link.dates.length} dates from ${link.dates[0]} to ${link.dates.at(-1)}`}`);
    console.log(`Valid until ${link.expiresAt}`);
    console.log(link.url);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}
