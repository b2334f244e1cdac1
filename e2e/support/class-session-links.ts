import { openDatabase } from '../../apps/server/src/db/database.ts';
import { findCompanyByCode } from '../../apps/server/src/modules/company/company.api.ts';
import { issueClassSessionLink, revokeClassSessionLink } from '../../apps/server/src/modules/classes/classes.api.ts';
import { systemClock, type Ctx } from '../../apps/server/src/context.ts';
import { databaseUrl } from './servers.ts';

/**
 * Issues a class-session link the way `npm run portal -- class-session-link` does, for a class of
 * a test's company: `dates` of its scheduled sessions from the next one on. Answers the link's
 * path and query (/hub/class-session-link?token=…&id=…) and the dates (yyyy-MM-dd).
 */
export async function issueLink(code: string, className: string, dates: number): Promise<{ path: string; token: string; dates: string[] }> {
  const handle = openDatabase(databaseUrl);
  try {
    const ctx = { db: handle.db, clock: systemClock } as Ctx;
    const company = await findCompanyByCode(ctx, code);
    if (!company) throw new Error(`no company ${code}`);
    const today = new Date().toISOString().slice(0, 10);
    const sessions = await handle.db
      .selectFrom('class_sessions as cs')
      .innerJoin('classes as c', (j) => j.onRef('c.company_id', '=', 'cs.company_id').onRef('c.id', '=', 'cs.class_id'))
      .select(['cs.id', 'cs.class_id', 'cs.date'])
      .where('cs.company_id', '=', company.id)
      .where('c.name', '=', className)
      .where('cs.status', '=', 'scheduled')
      .where('cs.date', '>', today)
      .orderBy('cs.date')
      .limit(dates)
      .execute();
    if (sessions.length < dates) throw new Error(`${className} has fewer than ${dates} sessions ahead`);
    const link = await issueClassSessionLink(ctx, company, {
      publicUrl: 'http://portal.invalid',
      classId: sessions[0]!.class_id,
      fromDate: sessions[0]!.date,
      toDate: sessions.at(-1)!.date,
    });
    const url = new URL(link.url);
    return { path: `${url.pathname}${url.search}`, token: url.searchParams.get('token')!, dates: link.dates };
  } finally {
    await handle.close();
  }
}

/** Makes a link expire now. */
export async function expireLink(token: string): Promise<void> {
  const { createHash } = await import('node:crypto');
  const handle = openDatabase(databaseUrl);
  try {
    await handle.db
      .updateTable('class_session_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
  } finally {
    await handle.close();
  }
}

/** Revokes a link as `npm run portal -- class-session-link --revoke` does. */
export async function revokeLink(code: string, token: string): Promise<void> {
  const handle = openDatabase(databaseUrl);
  try {
    const ctx = { db: handle.db, clock: systemClock } as Ctx;
    const company = await findCompanyByCode(ctx, code);
    if (!company) throw new Error(`no company ${code}`);
    await revokeClassSessionLink(ctx, company, token);
  } finally {
    await handle.close();
  }
}
