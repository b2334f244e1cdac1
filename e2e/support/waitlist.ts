import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createRuntime } from '../../apps/server/src/runtime.ts';
import { classesJobs } from '../../apps/server/src/modules/classes/classes.api.ts';
import { findCompanyByCode } from '../../apps/server/src/modules/company/company.api.ts';
import { companyTimeZone, localNow } from '../../apps/server/src/lib/time.ts';
import type { Ctx } from '../../apps/server/src/context.ts';
import { databaseUrl, portalPort, smtpPort } from './servers.ts';

/** Gives a test's class `places` more places (a capacity raise frees places, as a drop would). */
export async function addPlaces(code: string, className: string, places: number): Promise<void> {
  const handle = openDatabase(databaseUrl);
  try {
    const company = handle.db.selectFrom('companies').select('id').where('code', '=', code);
    const changed = await handle.db
      .updateTable('classes')
      .set((eb) => ({ capacity: eb('capacity', '+', places) }))
      .where('company_id', 'in', company)
      .where('name', '=', className)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new Error(`no class ${className} at ${code}`);
  } finally {
    await handle.close();
  }
}

/**
 * Makes a test's class full: its capacity set to the term places taken in it now, a cart's hold
 * counted only while it runs (the class's `enrolled_count` may still count a hold that ran out).
 */
export async function fillClass(code: string, className: string): Promise<void> {
  const handle = openDatabase(databaseUrl);
  try {
    const company = await findCompanyByCode({ db: handle.db } as Ctx, code);
    if (!company) throw new Error(`no company ${code}`);
    const cls = await handle.db.selectFrom('classes').select(['id', 'company_id']).where('company_id', '=', company.id).where('name', '=', className).executeTakeFirstOrThrow();
    // The server's rule (refreshClassCounts): a place that ended before the company's today is free.
    const now = new Date().toISOString();
    const today = localNow(companyTimeZone(company.settings.localization)).date;
    const { n } = await handle.db
      .selectFrom('enrolments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', cls.company_id)
      .where('class_id', '=', cls.id)
      .where('kind', '=', 'ongoing')
      .where((eb) => eb.or([eb('status', '=', 'active'), eb.and([eb('status', '=', 'held'), eb('hold_until', '>', now)])]))
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
      .executeTakeFirstOrThrow();
    await handle.db
      .updateTable('classes')
      .set({ capacity: Number(n) })
      .where('company_id', '=', cls.company_id)
      .where('id', '=', cls.id)
      .execute();
  } finally {
    await handle.close();
  }
}

/**
 * Runs the minute's waitlist sweep now, as the server does every minute (offers of free places,
 * by notification and e-mail to the test run's SMTP server), so a test need not wait for it.
 */
export async function sweepWaitlistsNow(): Promise<void> {
  const handle = openDatabase(databaseUrl);
  const runtime = await createRuntime({
    handle,
    PUBLIC_URL: `http://localhost:${portalPort}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'silent',
    SERVE_WEB: false,
  });
  try {
    const sweep = classesJobs.find((j) => j.name === 'lapsed holds and waitlist offers')!;
    await sweep.run(runtime.ctx, new Date());
    await runtime.ctx.mailer.flush();
  } finally {
    await runtime.close();
    await handle.close();
  }
}
