import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-db.ts';

/** What a column holds, as far as both sides can say it. */
type Kind = 'number' | 'string' | 'bytes';
interface Column {
  nullable: boolean;
  /** May be left out of an insert: a default or an auto-incremented id. */
  defaulted: boolean;
  kind: Kind;
}
type Tables = Record<string, Record<string, Column>>;

const schemaFile = path.join(import.meta.dirname, 'schema.ts');

/**
 * The tables `Database` in schema.ts declares, read with the TypeScript checker: Kysely's
 * ColumnType (and Generated, one of them) keeps its select and insert types in `__select__` and
 * `__insert__`; a column that may be left out of an insert has `undefined` in the latter.
 */
function declaredTables(): Tables {
  const program = ts.createProgram([schemaFile], {
    strict: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database')!;
  const members = (type: ts.Type) => (type.isUnion() ? type.types : [type]);
  const kindOf = (type: ts.Type): Kind => {
    const kinds = new Set(
      members(type)
        .filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
        .map((t) => (t.flags & ts.TypeFlags.NumberLike ? 'number' : t.flags & ts.TypeFlags.StringLike ? 'string' : checker.typeToString(t).startsWith('Buffer') ? 'bytes' : checker.typeToString(t))),
    );
    if (kinds.size !== 1) throw new Error(`a column of ${[...kinds].join(' | ')}`);
    return [...kinds][0] as Kind;
  };
  const tables: Tables = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns: Record<string, Column> = {};
    for (const column of checker.getTypeOfSymbolAtLocation(table, database).getProperties()) {
      const type = checker.getTypeOfSymbolAtLocation(column, database);
      const part = (name: string) => {
        const symbol = type.getProperty(name);
        return symbol ? checker.getTypeOfSymbolAtLocation(symbol, database) : type;
      };
      const selected = part('__select__');
      columns[column.name] = {
        nullable: members(selected).some((t) => t.flags & ts.TypeFlags.Null),
        defaulted: members(part('__insert__')).some((t) => t.flags & ts.TypeFlags.Undefined),
        kind: kindOf(selected),
      };
    }
    tables[table.name] = columns;
  }
  return tables;
}

/** Each engine's column types, by what they hold. */
const KINDS: Record<string, Kind> = {
  integer: 'number',
  int4: 'number',
  int8: 'number',
  int2: 'number',
  real: 'number',
  float8: 'number',
  numeric: 'number',
  text: 'string',
  varchar: 'string',
  blob: 'bytes',
  bytea: 'bytes',
};

/** The tables a freshly migrated database holds, read with Kysely's introspector. */
async function migratedTables(db: TestDatabase['db']): Promise<Tables> {
  const tables: Tables = {};
  for (const table of await db.introspection.getTables()) {
    tables[table.name] = Object.fromEntries(
      // SQLite calls its INTEGER PRIMARY KEY nullable, though the rowid it names never is.
      table.columns.map((c) => [
        c.name,
        { nullable: c.isNullable && !c.isAutoIncrementing, defaulted: c.hasDefaultValue || c.isAutoIncrementing, kind: KINDS[c.dataType.toLowerCase()] ?? (c.dataType as Kind) },
      ]),
    );
  }
  return tables;
}

describe('schema.ts', () => {
  let declared: Tables;
  beforeAll(() => {
    declared = declaredTables();
  });

  describe.each(testEngines())('against the migrations on %s', (engine) => {
    let t: TestDatabase;
    let migrated: Tables;
    beforeAll(async () => {
      t = await createTestDatabase(engine);
      migrated = await migratedTables(t.db);
    });
    afterAll(() => t.drop());

    it('declares every table the migrations create, and no other', () => {
      expect(Object.keys(declared).sort()).toEqual(Object.keys(migrated).sort());
    });

    it('declares each table with its columns, each nullable where the database allows null and of what the column holds', () => {
      const shape = (tables: Tables) =>
        Object.fromEntries(
          Object.entries(tables).map(([table, columns]) => [table, Object.fromEntries(Object.entries(columns).map(([name, c]) => [name, `${c.kind}${c.nullable ? ' | null' : ''}`]))]),
        );
      expect(shape(declared)).toEqual(shape(migrated));
    });

    it('lets an insert leave out only a column the database fills in (Generated)', () => {
      const leftOut = Object.entries(declared).flatMap(([table, columns]) =>
        Object.entries(columns)
          .filter(([name, c]) => c.defaulted && !c.nullable && migrated[table]?.[name]?.defaulted === false)
          .map(([name]) => `${table}.${name}`),
      );
      expect(leftOut).toEqual([]);
    });
  });
});
