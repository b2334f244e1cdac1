import fs from 'node:fs';
import path from 'node:path';

/** The tables the schema types give a `client_id` (the family's rows), read from db/schema*.ts. */
export function tablesWithClient(): string[] {
  const dir = path.resolve(import.meta.dirname, '../db');
  const text = fs
    .readdirSync(dir)
    .filter((f) => /^schema.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
  const interfaces = new Map([...text.matchAll(/export interface (\w+) \{([^}]*)\}/g)].map((m) => [m[1]!, m[2]!]));
  const tables = [...text.matchAll(/^\s+(\w+): (\w+Table);$/gm)].map((m) => ({ table: m[1]!, body: interfaces.get(m[2]!) ?? '' }));
  return tables.filter((t) => /\bclient_id\??:/.test(t.body)).map((t) => t.table);
}
