/**
 * Tells in-process caches when the rows they were built from may have changed.
 *
 * Every statement this process runs goes through a tracking driver (see tracking-dialect.ts),
 * which reports each committed write by table. Writes by other processes arrive from the
 * engine: on SQLite through `PRAGMA data_version` (checked by `sync()`), on PostgreSQL as
 * notifications sent by statement triggers (see change-sources.ts). A cache registers a Watch over
 * the tables it reads; the watch's version moves on every committed write that could touch
 * them, and an entry is good only while the version it was read at is still current.
 */

export type WriteOp = 'insert' | 'update' | 'delete';

/** A table a cache reads, and whether new rows concern it (a session cache only minds rows changing or going). */
export interface Source {
  table: string;
  inserts?: boolean;
}

export class Watch {
  /** Moves with every committed write that may concern one of the sources. */
  version = 0;
  /** table → whether inserts concern this watch */
  readonly sources: ReadonlyMap<string, boolean>;
  constructor(sources: Source[]) {
    this.sources = new Map(sources.map((s) => [s.table, s.inserts ?? true]));
  }
}

export class ChangeFeed {
  private readonly watches: Watch[] = [];
  /** parent table → tables whose rows a delete there changes (ON DELETE CASCADE / SET NULL), transitively. */
  private cascades = new Map<string, string[]>();
  private schemaKnown = false;
  private listening: boolean;
  private syncer: (() => boolean) | undefined;

  /** @param crossProcess whether changes by other processes arrive through a listener that must be up first (PostgreSQL). */
  constructor(crossProcess: 'listener' | 'poll') {
    this.listening = crossProcess === 'poll';
  }

  watch(sources: Source[]): Watch {
    const w = new Watch(sources);
    this.watches.push(w);
    return w;
  }

  /** False while a change by another process could go unseen (the PostgreSQL listener is down): caches read through. */
  get reliable(): boolean {
    return this.listening && this.enabled;
  }

  /** False when in-process caches are switched off (READ_CACHE=false): every call reads the database. */
  enabled = true;

  disable(): void {
    this.enabled = false;
    this.changedAll();
  }

  /** Reports whether changes by other processes are being received; on every change of mind, what was cached before is dropped. */
  setListening(up: boolean): void {
    if (up === this.listening) return;
    this.listening = up;
    this.changedAll();
  }

  /**
   * Installs the check for writes by other processes that must be asked for (SQLite's
   * data_version). It answers false when it could not tell (the connection is inside a
   * transaction, whose snapshot hides other commits): the next call asks again.
   */
  setSyncer(fn: () => boolean): void {
    this.syncer = fn;
  }

  /**
   * Catches up with writes by other processes where the engine has to be asked. `since` (a
   * performance.now() time, such as a request's arrival) skips the question when it was already
   * asked after then: what another process committed before that time has been seen.
   */
  sync(since = Infinity): void {
    if (!this.syncer || !this.enabled || this.syncedAt >= since) return;
    const at = performance.now();
    if (this.syncer()) this.syncedAt = at;
  }

  private syncedAt = -Infinity;

  /**
   * The watch's version as a read begins (after catching up with other processes' writes that
   * came before `since`), or undefined when the feed cannot vouch for them: read through.
   */
  stamp(watch: Watch, since?: number): number | undefined {
    this.sync(since);
    return this.reliable ? watch.version : undefined;
  }

  /** Whether nothing the watch covers has moved since `stamp`, so what was read under it may be kept. */
  isCurrent(watch: Watch, stamp: number | undefined): stamp is number {
    return stamp !== undefined && this.reliable && watch.version === stamp;
  }

  /** A committed write to `table`, by this process or another. */
  changed(table: string, op: WriteOp): void {
    // Ids are never updated, so only a delete reaches other tables through foreign keys.
    if (op === 'delete') {
      if (!this.schemaKnown) return this.changedAll();
      for (const child of this.cascades.get(table) ?? []) this.bump(child, 'update');
    }
    this.bump(table, op);
  }

  /** Something changed that cannot be pinned to a table (schema change, unrecognised statement). */
  changedAll(): void {
    for (const w of this.watches) w.version++;
  }

  /** The foreign keys that carry a delete from one table to rows of another. */
  setCascades(edges: { parent: string; child: string }[]): void {
    const direct = new Map<string, string[]>();
    for (const { parent, child } of edges) direct.set(parent, [...(direct.get(parent) ?? []), child]);
    const all = new Map<string, string[]>();
    for (const parent of direct.keys()) {
      const seen = new Set<string>();
      const stack = [...(direct.get(parent) ?? [])];
      while (stack.length > 0) {
        const t = stack.pop()!;
        if (seen.has(t)) continue;
        seen.add(t);
        stack.push(...(direct.get(t) ?? []));
      }
      all.set(parent, [...seen]);
    }
    this.cascades = all;
    this.schemaKnown = true;
  }

  private bump(table: string, op: WriteOp): void {
    for (const w of this.watches) {
      const inserts = w.sources.get(table);
      if (inserts === undefined || (op === 'insert' && !inserts)) continue;
      w.version++;
    }
  }
}

export type Effect = { kind: 'none' } | { kind: 'write'; table: string; op: WriteOp } | { kind: 'unknown' };

const NONE: Effect = { kind: 'none' };
const UNKNOWN: Effect = { kind: 'unknown' };
const READ = /^\s*(?:select|pragma|explain|values|show)\b/i;
const CONTROL = /^\s*(?:begin|commit|rollback|savepoint|release|start\s+transaction|end)\b/i;
const WRITE = /^\s*(insert|replace|update|delete)(?:\s+or\s+(\w+))?(?:\s+into|\s+from)?(?:\s+only)?\s+(?:"?\w+"?\.)?"?(\w+)"?/i;
const UPSERT = /\bon\s+conflict\b[\s\S]*\bdo\s+update\b/i;
const effects = new Map<string, Effect>();

/** What a statement does to the data, from its SQL text (memoised: the same texts recur). */
export function effectOf(text: string): Effect {
  let effect = effects.get(text);
  if (effect) return effect;
  effect = classify(text);
  if (effects.size >= 2000) effects.clear();
  effects.set(text, effect);
  return effect;
}

function classify(text: string): Effect {
  // More than one statement, or EXPLAIN ANALYZE (which runs its statement): not pinned to a table.
  if (text.includes(';') || /^\s*explain\s+(?:\(.*\banalyze\b|analyze\b)/i.test(text)) return UNKNOWN;
  if (READ.test(text) || CONTROL.test(text)) return NONE;
  if (/^\s*with\b/i.test(text)) return /\b(?:insert|update|delete|replace)\b/i.test(text) ? UNKNOWN : NONE;
  const m = WRITE.exec(text);
  if (!m) return UNKNOWN;
  const verb = m[1]!.toLowerCase();
  // Unquoted names fold to lower case in both engines' eyes (for our lower-case tables).
  const table = m[3]!.toLowerCase();
  if (verb === 'delete') return { kind: 'write', table, op: 'delete' };
  if (verb === 'update') return { kind: 'write', table, op: 'update' };
  // An insert that may overwrite (INSERT OR REPLACE, REPLACE, ON CONFLICT DO UPDATE) changes existing rows too.
  const overwrites = verb === 'replace' || m[2]?.toLowerCase() === 'replace' || UPSERT.test(text);
  return { kind: 'write', table, op: overwrites ? 'update' : 'insert' };
}
