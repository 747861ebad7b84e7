import pg from 'pg';
import { Kysely, type Transaction } from 'kysely';
import { maskDatabaseUrl } from '../../config.ts';
import { AfterCommit } from '../after-commit.ts';
import { assembleDatabase, type Database } from '../database.ts';
import { StorageSetupError } from '../errors.ts';
import { statementName } from '../statement-names.ts';
import { migrate, migrationsOf } from '../migrate.ts';
import type { Tables } from '../tables.ts';
import { FreshnessPostgresDialect } from './dialect.ts';
import { PostgresFreshness } from './freshness.ts';

export const MIN_SERVER_VERSION = 15;

export interface PostgresOptions {
  /** Connections in the pool. */
  poolSize?: number;
  /** How long a connection may take to open, and a query may wait for a free one; 5 s. Tests shorten it. */
  connectTimeoutMs?: number;
}

/**
 * bigint (every id, time and count here) and numeric (sums, averages) come back as JavaScript
 * numbers, as they do from SQLite: ids and Unix milliseconds stay far below 2^53.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/** How booking-api connects: the URL, a bounded wait for a connection, our types. */
export function clientConfig(url: string, connectTimeoutMs = 5_000): pg.ClientConfig {
  return { connectionString: url, connectionTimeoutMillis: connectTimeoutMs, types, application_name: 'booking-api' };
}

/**
 * Connects once to say clearly what is wrong (unreachable, login refused, no such database,
 * too old) before anything else is tried. Messages show the URL with its password masked.
 */
export async function checkServer(url: string): Promise<void> {
  const where = maskDatabaseUrl(url);
  const client = new pg.Client(clientConfig(url));
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new StorageSetupError(connectFailure(error, where));
  }
  try {
    const { rows } = await client.query<{ server_version_num: string; server_version: string }>(
      `select current_setting('server_version_num') as server_version_num, current_setting('server_version') as server_version`,
    );
    const problem = versionProblem(rows[0]!.server_version_num, rows[0]!.server_version, where);
    if (problem) throw new StorageSetupError(problem);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Why a server reporting `server_version_num` (e.g. 150004, 140011) cannot be used, or undefined
 * when it can: booking-api needs MIN_SERVER_VERSION or newer (its SQL uses 15's features).
 */
export function versionProblem(serverVersionNum: string, serverVersion: string, where: string): string | undefined {
  const version = Number(serverVersionNum);
  if (!Number.isInteger(version) || version <= 0)
    return `PostgreSQL at ${where} did not say which version it is (server_version_num "${serverVersionNum}")`;
  if (version < MIN_SERVER_VERSION * 10_000) {
    return `PostgreSQL ${serverVersion} at ${where} is too old: booking-api needs PostgreSQL ${MIN_SERVER_VERSION} or newer`;
  }
  return undefined;
}

function connectFailure(error: unknown, where: string): string {
  const e = error as { code?: string; message?: string };
  if (e.code === '28P01' || e.code === '28000') return `PostgreSQL at ${where} refused the login (${e.message})`;
  if (e.code === '3D000') return `PostgreSQL at ${where}: ${e.message}`;
  if (
    e.code === 'ECONNREFUSED' ||
    e.code === 'ENOTFOUND' ||
    e.code === 'EHOSTUNREACH' ||
    e.code === 'EAI_AGAIN' ||
    e.code === 'ETIMEDOUT'
  ) {
    return `cannot reach PostgreSQL at ${where} (${e.code})`;
  }
  if (/timeout/i.test(e.message ?? '')) return `cannot reach PostgreSQL at ${where} (no answer within 5 s)`;
  return `cannot connect to PostgreSQL at ${where}: ${e.message ?? String(error)}`;
}

/** Opens PostgreSQL at `url`, migrates it (once, whoever starts at the same time) and returns the Database. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  await checkServer(url);
  const where = maskDatabaseUrl(url);
  const pool = new pg.Pool({ ...clientConfig(url, options.connectTimeoutMs), max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
  // An idle connection that dies (the server restarted) is dropped by the pool; queries then get a new one.
  pool.on('error', () => undefined);
  // One that dies while a transaction holds it (a restart, a failover, a terminated backend) fails
  // that transaction's statements, and then emits 'error' on the client, which the pool listens to
  // only while the client is idle: unheard, that event ended the process. The pool drops the
  // client when it comes back (it is no longer queryable).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // The hot statements go as named prepared statements (src/db/statement-names.ts): Kysely sends
    // every statement unnamed, so PostgreSQL parses and plans it again on each call.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? statementName(text) : undefined;
      return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
    };
  });
  let signal: PostgresFreshness | undefined;
  const kysely = new Kysely<Tables>({ dialect: new FreshnessPostgresDialect({ pool }, async () => signal?.refresh()) });
  try {
    await migrate(kysely, await migrationsOf('postgres'), `the PostgreSQL database ${where}`);
  } catch (error) {
    await kysely.destroy();
    throw error;
  }

  signal = new PostgresFreshness(clientConfig(url));
  try {
    await signal.start();
  } catch (error) {
    await kysely.destroy();
    throw new StorageSetupError(`cannot listen for changes on PostgreSQL at ${where}: ${(error as Error).message}`);
  }

  const hooks = new AfterCommit();
  return assembleDatabase({
    engine: 'postgres',
    exclusive: false,
    db: kysely,
    location: where,
    signal,
    hooks,
    async transaction(work) {
      let mine: Set<() => void> | undefined;
      const value = await kysely.transaction().execute((trx: Transaction<Tables>) => {
        mine = hooks.open(trx);
        return work(trx);
      });
      hooks.run(mine!);
      return value;
    },
    // Vacuum reclaims dead row versions; nothing to truncate.
    forgetOverwritten: () => {},
    sizeBytes: async () => {
      const { rows } = await pool.query<{ size: number }>('select pg_database_size(current_database()) as size');
      return rows[0]!.size;
    },
    close: async () => {
      await signal!.close();
      await kysely.destroy();
    },
  });
}

export function postgresBackupMessage(where: string): string {
  return `the database is PostgreSQL (${where}): back it up with pg_dump and restore it with pg_restore, e.g. "pg_dump -Fc -f booking.dump URL" and "pg_restore -d URL booking.dump"`;
}
