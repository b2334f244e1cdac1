import { openDatabase } from '../../apps/server/src/db/database.ts';
import { databaseUrl } from './servers.ts';

/**
 * Lets the places a family holds from its cart run out now, as the hold period would: their
 * `hold_until` moved a minute into the past (the server's hourly and minute jobs are not waited for).
 */
export async function lapseCartHolds(code: string, email: string): Promise<number> {
  const handle = openDatabase(databaseUrl);
  try {
    const past = new Date(Date.now() - 60_000).toISOString();
    const clients = handle.db
      .selectFrom('clients as cl')
      .innerJoin('companies as co', 'co.id', 'cl.company_id')
      .select('cl.id')
      .where('co.code', '=', code)
      .where((eb) => eb(eb.fn('lower', ['cl.email']), '=', email.toLowerCase()));
    const students = handle.db.selectFrom('students').select('id').where('client_id', 'in', clients);
    const rows = await handle.db.updateTable('enrolments').set({ hold_until: past }).where('status', '=', 'held').where('student_id', 'in', students).executeTakeFirst();
    return Number(rows.numUpdatedRows);
  } finally {
    await handle.close();
  }
}
