import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** A reference that must stay inside one company: (company_id, column) → parent (company_id, id). */
interface TenantKey {
  table: string;
  column: string;
  parent: string;
}

/** Parents get a unique (company_id, id) so children can reference the pair. */
const PARENTS = ['logins', 'clients', 'students', 'classes', 'notifications', 'messages', 'agreements'];

/**
 * Every reference from a company's row to another row of a company, as a composite key: a row of
 * one company can no longer point at another company's client (or sign-in, student, class,
 * notification, message, agreement), whoever writes it. Deleting the parent still cascades.
 */
export const TENANT_KEYS: TenantKey[] = [
  { table: 'clients', column: 'login_id', parent: 'logins' },
  { table: 'password_reset_tokens', column: 'login_id', parent: 'logins' },
  { table: 'sessions', column: 'client_id', parent: 'clients' },
  { table: 'students', column: 'client_id', parent: 'clients' },
  { table: 'invoices', column: 'client_id', parent: 'clients' },
  { table: 'notification_contacts', column: 'client_id', parent: 'clients' },
  { table: 'notification_contacts', column: 'notification_id', parent: 'notifications' },
  { table: 'notification_opt_outs', column: 'client_id', parent: 'clients' },
  { table: 'messages', column: 'client_id', parent: 'clients' },
  { table: 'message_reads', column: 'client_id', parent: 'clients' },
  { table: 'message_reads', column: 'message_id', parent: 'messages' },
  { table: 'agreement_signatures', column: 'client_id', parent: 'clients' },
  { table: 'agreement_signatures', column: 'agreement_id', parent: 'agreements' },
  { table: 'sign_in_actions', column: 'client_id', parent: 'clients' },
  { table: 'sign_in_actions', column: 'agreement_id', parent: 'agreements' },
  { table: 'sign_in_actions', column: 'student_id', parent: 'students' },
  { table: 'barcodes', column: 'client_id', parent: 'clients' },
  { table: 'class_sessions', column: 'class_id', parent: 'classes' },
  { table: 'enrolments', column: 'class_id', parent: 'classes' },
  { table: 'enrolments', column: 'student_id', parent: 'students' },
];

const constraint = (k: TenantKey) =>
  `constraint ${k.table}_${k.column}_tenant foreign key (company_id, ${k.column}) references ${k.parent} (company_id, id) on delete cascade`;

export function tenantKeys(engine: Engine) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      if (engine === 'postgres') {
        // Runs inside the migration's transaction.
        for (const parent of PARENTS) await sql.raw(`alter table ${parent} add constraint ${parent}_company_id_key unique (company_id, id)`).execute(db);
        for (const key of TENANT_KEYS) await sql.raw(`alter table ${key.table} add ${constraint(key)}`).execute(db);
        return;
      }
      await rebuildSqliteTables(db);
    },
  };
}

/**
 * SQLite cannot add a constraint to a table: each child table is made again with it (the
 * procedure of https://www.sqlite.org/lang_altertable.html#otheralter). Foreign keys are off
 * while the tables are swapped (a DROP would otherwise cascade), checked before the commit, and
 * on again after; legacy_alter_table keeps the rename from re-checking triggers of other tables
 * that name the table being swapped. Columns, indexes and triggers are taken from the schema as
 * it is, so the rebuild keeps whatever earlier migrations made.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it is on disk
async function rebuildSqliteTables(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('pragma foreign_keys = off');
  await run('pragma legacy_alter_table = on');
  await run('begin immediate');
  try {
    for (const parent of PARENTS) await run(`create unique index ${parent}_company_id_key on ${parent} (company_id, id)`);
    const tables = [...new Set(TENANT_KEYS.map((k) => k.table))];
    for (const table of tables) {
      const { rows } = await sql<{ type: string; sql: string }>`select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
      const create = rows.find((r) => r.type === 'table')?.sql;
      if (!create) throw new Error(`table ${table} not found`);
      const keys = TENANT_KEYS.filter((k) => k.table === table).map(constraint);
      const close = create.lastIndexOf(')');
      const renamed = create.replace(/^create table\s+("?)([A-Za-z_]+)\1/i, `create table "${table}__new"`);
      const withKeys = `${renamed.slice(0, close - create.length + renamed.length)}, ${keys.join(', ')})`;
      await run(withKeys);
      await run(`insert into "${table}__new" select * from "${table}"`);
      await run(`drop table "${table}"`);
      await run(`alter table "${table}__new" rename to "${table}"`);
      for (const other of rows.filter((r) => r.type !== 'table')) await run(other.sql);
    }
    const { rows: broken } = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
    if (broken.length > 0) throw new Error(`rows point at another company's rows in: ${[...new Set(broken.map((b) => b.table))].join(', ')}`);
    await run('commit');
  } catch (err) {
    await run('rollback');
    throw err;
  } finally {
    await run('pragma legacy_alter_table = off');
    await run('pragma foreign_keys = on');
  }
}
