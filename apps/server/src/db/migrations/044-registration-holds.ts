import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A new family's registration holds its places from its checkout step (decision 109): a held
 * enrolment with no student yet, named by its registration instead, counted wherever places are
 * counted. On submission the held rows become the new students'; a registration that ends takes
 * its holds with it.
 */
export function registrationHolds(engine: Engine) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      const holder = 'constraint enrolments_holder check (student_id is not null or registration_id is not null)';
      if (engine === 'postgres') {
        for (const statement of [
          'alter table enrolments alter column student_id drop not null',
          'alter table enrolments add column registration_id integer references registrations (id) on delete cascade',
          `alter table enrolments add ${holder}`,
          'create index enrolments_registration on enrolments (registration_id) where registration_id is not null',
        ])
          await sql.raw(statement).execute(db);
        return;
      }
      await rebuildSqliteEnrolments(db, holder);
    },
  };
}

/**
 * SQLite cannot drop a NOT NULL: the table is made again (the procedure of migration 006, with
 * foreign keys off while it is swapped and checked before the commit), its indexes and triggers
 * taken from the schema as it is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it is on disk
async function rebuildSqliteEnrolments(db: Kysely<any>, holder: string): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('pragma foreign_keys = off');
  await run('pragma legacy_alter_table = on');
  await run('begin immediate');
  try {
    const { rows } = await sql<{ type: string; sql: string }>`select type, sql from sqlite_master where tbl_name = 'enrolments' and sql is not null`.execute(db);
    const create = rows.find((r) => r.type === 'table')?.sql;
    if (!create) throw new Error('table enrolments not found');
    const nullable = create.replace(/("student_id" integer) not null/i, '$1');
    if (nullable === create) throw new Error('enrolments.student_id: no NOT NULL to drop');
    // The new column before the table's constraints (SQLite takes no column after them), the check last.
    const close = nullable.lastIndexOf(')');
    const constraints = nullable.search(/,\s*constraint\s/i);
    const at = constraints >= 0 ? constraints : close;
    const column = ', "registration_id" integer references "registrations" ("id") on delete cascade';
    const made = `${nullable.slice(0, at)}${column}${nullable.slice(at, close)}, ${holder})`;
    await run(made.replace(/^create table\s+("?)enrolments\1/i, 'create table "enrolments__new"'));
    const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info('enrolments')`.execute(db);
    const list = columns.map((c) => `"${c.name}"`).join(', ');
    await run(`insert into "enrolments__new" (${list}) select ${list} from "enrolments"`);
    await run('drop table "enrolments"');
    await run('alter table "enrolments__new" rename to "enrolments"');
    for (const other of rows.filter((r) => r.type !== 'table')) await run(other.sql);
    await run('create index enrolments_registration on enrolments (registration_id) where registration_id is not null');
    const { rows: broken } = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
    if (broken.length > 0) throw new Error(`rows point at missing rows in: ${[...new Set(broken.map((b) => b.table))].join(', ')}`);
    await run('commit');
  } catch (err) {
    await run('rollback');
    throw err;
  } finally {
    await run('pragma legacy_alter_table = off');
    await run('pragma foreign_keys = on');
  }
}
