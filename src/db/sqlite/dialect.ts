import type BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { CACHED_WRITE, READ_VERSIONS, UNDOES_WORK } from '../cache-statements.ts';

/**
 * Kysely's own SQLite driver prepares every statement anew (measured at 0.58x raw better-sqlite3
 * on an auth + list request). This one keeps the prepared statements by SQL text, so queries stay
 * in Kysely and run at close to raw speed. Transactions begin IMMEDIATE: the write lock is taken up
 * front, so a second process (the CLI) waits on busy_timeout instead of failing mid-transaction.
 */
/** Told the SQL text and time of every statement; for profiling (npm run bench:profile). */
export type QueryObserver = (sql: string, ms: number) => void;

export class CachingSqliteDialect implements Dialect {
  readonly #db: BetterSqlite3.Database;
  readonly #cacheSize: number;
  readonly #observer: QueryObserver | undefined;

  readonly #onCommitted: () => void;
  /** The one connection: the driver's, and the one directConnection() answers for this dialect's adapter. */
  #made: CachingConnection | undefined;

  /** `onCommitted` is told whenever this connection may have committed a change (freshness). */
  constructor(db: BetterSqlite3.Database, onCommitted: () => void, cacheSize = 500, observer?: QueryObserver) {
    this.#db = db;
    this.#onCommitted = onCommitted;
    this.#cacheSize = cacheSize;
    this.#observer = observer;
  }

  createAdapter() {
    const adapter = new TransactionalDdlSqliteAdapter();
    connections.set(adapter, this.#connection);
    return adapter;
  }

  createDriver(): Driver {
    return new CachingSqliteDriver(this.#connection);
  }

  get #connection(): CachingConnection {
    this.#made ??= new CachingConnection(this.#db, this.#onCommitted, this.#cacheSize, this.#observer);
    return this.#made;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}

/** Each dialect's connection by its adapter, which a Kysely instance and all its transactions share. */
const connections = new WeakMap<object, DatabaseConnection>();

/**
 * The connection behind `db` (a Kysely instance or one of its transactions) when it is SQLite's,
 * for src/db/prepared.ts: a prepared statement runs on it directly instead of through Kysely's
 * executor, whose connection provider and result plugins cost several promises per statement (this
 * Kysely has no plugins, and the connection is one and synchronous, which Kysely's provider only
 * hands out in turn). Undefined on PostgreSQL.
 */
export function directConnection(db: Kysely<any>): DatabaseConnection | undefined {
  return connections.get(db.getExecutor().adapter);
}

/** SQLite runs DDL inside transactions; saying so makes Kysely's Migrator apply migrations atomically. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class CachingSqliteDriver implements Driver {
  readonly #connection: CachingConnection;

  constructor(connection: CachingConnection) {
    this.#connection = connection;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.#connection.forgetVersions();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#connection.forgetVersions();
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#connection.forgetVersions();
    // After SQLITE_FULL and similar errors SQLite may already have rolled back on its own.
    if (this.#connection.inTransaction) await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  // Savepoints let a group commit roll back one request's work without the others'.
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoted(name)}`));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.#connection.close();
  }
}

interface Prepared {
  statement: BetterSqlite3.Statement;
  reader: boolean;
  /** False for statements that change data; BEGIN, COMMIT and the like count as read-only. */
  readonly: boolean;
  /** Reads the caches' versions (READ_VERSIONS). */
  readsVersions: boolean;
  /** Writes a cached table or rolls back to a savepoint: the versions read before may have moved. */
  movesVersions: boolean;
}

class CachingConnection implements DatabaseConnection {
  readonly #db: BetterSqlite3.Database;
  readonly #statements: LRUCache<string, Prepared>;
  readonly #observer: QueryObserver | undefined;
  readonly #onCommitted: () => void;
  /** A statement changed data and the transaction holding it (if any) has not ended yet. */
  #pending = false;
  /**
   * The caches' versions as this transaction read them, until it writes a cached table, rolls
   * back to a savepoint or ends: the caches read them on every lookup inside a transaction (every
   * event emitted), and no other writer can change them while this one holds the write lock
   * (BEGIN IMMEDIATE).
   */
  #versions: QueryResult<unknown> | undefined;

  constructor(db: BetterSqlite3.Database, onCommitted: () => void, cacheSize: number, observer: QueryObserver | undefined) {
    this.#db = db;
    this.#onCommitted = onCommitted;
    this.#statements = new LRUCache({ max: cacheSize });
    this.#observer = observer;
  }

  get inTransaction(): boolean {
    return this.#db.inTransaction;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // The versions this transaction read already: not a statement, so not shown to the observer.
    // The anchored pattern before the engine's flag: it fails at once for every other statement, and
    // the flag is a call into better-sqlite3's native side.
    if (this.#versions && READ_VERSIONS.test(compiledQuery.sql) && this.#db.inTransaction) return this.#versions as QueryResult<R>;
    if (!this.#observer) return this.#execute(compiledQuery);
    const started = performance.now();
    try {
      return this.#execute(compiledQuery);
    } finally {
      this.#observer(compiledQuery.sql, performance.now() - started);
    }
  }

  /** The transaction has ended or is about to: its versions may no longer be the database's. */
  forgetVersions(): void {
    this.#versions = undefined;
  }

  #execute<R>(compiledQuery: CompiledQuery): QueryResult<R> {
    const { statement, reader, readonly, readsVersions, movesVersions } = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (!readonly) this.#pending = true;
    if (movesVersions) this.#versions = undefined;
    try {
      if (reader) {
        const result = { rows: statement.all(parameters) as R[] };
        if (readsVersions && this.#db.inTransaction) this.#versions = result;
        return result;
      }
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
    } finally {
      // A change outside a transaction, or a transaction that held one and has ended (COMMIT, or
      // a ROLLBACK, which only costs a needless re-read): the caches' versions may have moved.
      if (this.#pending && !this.#db.inTransaction) {
        this.#pending = false;
        this.#onCommitted();
      }
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement } = this.#prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }

  close(): void {
    this.#statements.clear();
    if (this.#db.open) this.#db.close();
  }

  #prepare(sql: string): Prepared {
    let prepared = this.#statements.get(sql);
    if (!prepared) {
      const statement = this.#db.prepare(sql);
      prepared = {
        statement,
        reader: statement.reader,
        readonly: statement.readonly,
        readsVersions: READ_VERSIONS.test(sql),
        movesVersions: CACHED_WRITE.test(sql) || UNDOES_WORK.test(sql),
      };
      this.#statements.set(sql, prepared);
    }
    return prepared;
  }
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
