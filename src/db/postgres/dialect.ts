import {
  PostgresDialect,
  PostgresDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { CACHED_WRITE, READ_VERSIONS, UNDOES_WORK } from '../cache-statements.ts';

/**
 * Kysely's PostgresDialect, told when this process has committed a change the caches depend on:
 * after a COMMIT of a transaction that wrote such a table, or after such a write outside one.
 * `onCommitted` is awaited before the caller goes on, so this process's own changes are in its
 * caches' versions before the next request (as SQLite's driver does); other processes' changes
 * arrive by NOTIFY.
 *
 * Inside a transaction the versions are read once and then answered from memory until the
 * transaction writes a cached table itself (each read of a cache inside a transaction reads them:
 * four round trips per booking before). Another process's commit meanwhile is not seen, as if
 * every read had been made at the first; that commit's NOTIFY still reaches the caches.
 */
export class FreshnessPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  readonly #onCommitted: () => Promise<void>;

  constructor(config: PostgresDialectConfig, onCommitted: () => Promise<void>) {
    super(config);
    this.#config = config;
    this.#onCommitted = onCommitted;
  }

  override createDriver(): Driver {
    return new FreshnessDriver(this.#config, this.#onCommitted);
  }
}

interface ConnectionState {
  inTransaction: boolean;
  /** The transaction wrote a table some cache depends on. */
  wrote: boolean;
  /** The versions as the transaction read them, until it writes a cached table. */
  versions: QueryResult<unknown> | undefined;
}

class FreshnessDriver extends PostgresDriver {
  readonly #onCommitted: () => Promise<void>;
  readonly #state = new WeakMap<DatabaseConnection, ConnectionState>();
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(config: PostgresDialectConfig, onCommitted: () => Promise<void>) {
    super(config);
    this.#onCommitted = onCommitted;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      const state: ConnectionState = { inTransaction: false, wrote: false, versions: undefined };
      const onCommitted = this.#onCommitted;
      const execute = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const readsVersions = state.inTransaction && READ_VERSIONS.test(query.sql);
        if (readsVersions && state.versions) return state.versions as QueryResult<R>;
        const result = await connection.executeQuery<R>(query);
        if (readsVersions) state.versions = result;
        if (CACHED_WRITE.test(query.sql) || UNDOES_WORK.test(query.sql)) state.versions = undefined;
        if (CACHED_WRITE.test(query.sql)) {
          if (state.inTransaction) state.wrote = true;
          else await onCommitted();
        }
        return result;
      };
      // Everything else (Kysely's private methods on its connection included) goes to the original.
      wrapped = new Proxy(connection, {
        get(target, property) {
          if (property === 'executeQuery') return execute;
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      // Kysely hands the wrapper back to releaseConnection; the pool needs the original.
      this.#wrapped.set(connection, wrapped);
      this.#wrapped.set(wrapped, connection);
      this.#state.set(wrapped, state);
    }
    return wrapped;
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await super.releaseConnection((this.#wrapped.get(connection) ?? connection) as never);
  }

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    const state = this.#state.get(connection);
    if (state) {
      state.inTransaction = true;
      state.wrote = false;
      state.versions = undefined;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection);
    const state = this.#state.get(connection);
    if (!state) return;
    state.inTransaction = false;
    state.versions = undefined;
    if (state.wrote) {
      state.wrote = false;
      await this.#onCommitted();
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const state = this.#state.get(connection);
    if (state) {
      state.inTransaction = false;
      state.wrote = false;
      state.versions = undefined;
    }
    await super.rollbackTransaction((this.#wrapped.get(connection) ?? connection) as never);
  }
}
