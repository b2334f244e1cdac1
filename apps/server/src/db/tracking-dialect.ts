import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { effectOf, type ChangeFeed, type Effect } from './change-feed.ts';

/**
 * Wraps a Kysely dialect so that every write this process commits is reported to the change
 * feed: at once for a statement outside a transaction (it has committed when it returns), at
 * COMMIT for one inside (a reader elsewhere still sees the old rows until then).
 */
export function trackingDialect(inner: Dialect, feed: ChangeFeed): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => new TrackingDriver(inner.createDriver(), feed),
  };
}

class TrackedConnection implements DatabaseConnection {
  private inTransaction = false;
  private pending: Effect[] = [];

  constructor(
    readonly inner: DatabaseConnection,
    private readonly feed: ChangeFeed,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      // Reported even when it failed: a lost connection may follow a commit, and a needless report costs a cache miss.
      const effect = effectOf(query.sql);
      if (effect.kind !== 'none') {
        if (this.inTransaction) this.pending.push(effect);
        else apply(this.feed, effect);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  begin(): void {
    this.inTransaction = true;
    this.pending = [];
  }

  /** After COMMIT (or a failed one, which may have committed all the same). */
  committed(): void {
    const done = this.pending;
    this.inTransaction = false;
    this.pending = [];
    for (const effect of done) apply(this.feed, effect);
  }

  rolledBack(): void {
    this.inTransaction = false;
    this.pending = [];
  }
}

function apply(feed: ChangeFeed, effect: Effect): void {
  if (effect.kind === 'write') feed.changed(effect.table, effect.op);
  else if (effect.kind === 'unknown') feed.changedAll();
}

class TrackingDriver implements Driver {
  private readonly tracked = new WeakMap<DatabaseConnection, TrackedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly feed: ChangeFeed,
  ) {
    // What ran since a savepoint rolled back to stays pending; at worst that costs a cache miss.
    const unwrap = (c: DatabaseConnection) => (c as TrackedConnection).inner;
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
    if (savepoint) this.savepoint = (c, name, compile) => savepoint.call(inner, unwrap(c), name, compile);
    if (rollbackToSavepoint) this.rollbackToSavepoint = (c, name, compile) => rollbackToSavepoint.call(inner, unwrap(c), name, compile);
    if (releaseSavepoint) this.releaseSavepoint = (c, name, compile) => releaseSavepoint.call(inner, unwrap(c), name, compile);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let t = this.tracked.get(connection);
    if (!t) {
      t = new TrackedConnection(connection, this.feed);
      this.tracked.set(connection, t);
    }
    return t;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const t = connection as TrackedConnection;
    await this.inner.beginTransaction(t.inner, settings);
    t.begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const t = connection as TrackedConnection;
    try {
      await this.inner.commitTransaction(t.inner);
    } finally {
      t.committed();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const t = connection as TrackedConnection;
    try {
      await this.inner.rollbackTransaction(t.inner);
    } finally {
      t.rolledBack();
    }
  }

  // Savepoints exist only where the wrapped driver has them, so Kysely's own "not supported" error stands.
  readonly savepoint?: Driver['savepoint'];
  readonly rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  readonly releaseSavepoint?: Driver['releaseSavepoint'];

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as TrackedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
