import { PostgresDialect, sql, type DatabaseIntrospector, type DatabaseMetadata, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

interface ColumnRow {
  table: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
}

/**
 * Kysely's PostgreSQL introspector reads every schema of the database and calls
 * `has_schema_privilege(name)` on each: when another connection drops a schema during that read
 * it fails with `schema "…" does not exist` (seen with test files running side by side, each in
 * a schema of its own). This one reads the connection's own schema (`current_schema()`) by OID,
 * the only schema the server and its migrations ever use.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(options: { withInternalKyselyTables?: boolean } = {}): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { schema: string }>`
      select n.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
             t.typname as type, tn.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
             coalesce(a.attidentity <> '' or pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as auto_incrementing
        from pg_catalog.pg_namespace n
        join pg_catalog.pg_class c on c.relnamespace = n.oid
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_catalog.pg_type t on t.oid = a.atttypid
        join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
        left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
       order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && (row.table === 'kysely_migration' || row.table === 'kysely_migration_lock')) continue;
      let table = tables.get(row.table);
      if (!table) tables.set(row.table, (table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] }));
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: { withInternalKyselyTables?: boolean }): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgresDialect whose introspection (the migrator's, the tests') stays in the connection's own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
