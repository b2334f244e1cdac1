/** Whether an error is the database refusing a duplicate key (either engine's driver). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Whether the duplicate refused is of `table` (and, on PostgreSQL, of its key or index named
 * `key`): PostgreSQL names both; SQLite's message names the table's columns only ("UNIQUE
 * constraint failed: logins.company_id, logins.email").
 */
export function isUniqueViolationOf(err: unknown, table: string, key?: string): boolean {
  if (!isUniqueViolation(err)) return false;
  const e = err as { table?: string; constraint?: string; message?: string };
  if (e.table !== undefined) return e.table === table && (key === undefined || e.constraint === key);
  return (e.message ?? '').includes(`: ${table}.`);
}
