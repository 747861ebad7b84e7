import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { maskDatabaseUrl } from '../../config.ts';
import type { BackupCopy } from '../copies.ts';
import { BackupError } from '../errors.ts';
import { checkServer, clientConfig, postgresBackupMessage } from './connection.ts';

/**
 * `backup` and `restore` on PostgreSQL run PostgreSQL's own tools, pg_dump and pg_restore, when
 * they are on PATH (else the message says to use them). The connection goes to them in PG*
 * variables, the password in PGPASSWORD: never in their arguments, which any user sees in `ps`.
 */

/** The full path of `name` on PATH, or undefined. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {}
  }
  return undefined;
}

/** libpq's variables for `url`: host, port, user, password, database, sslmode. */
export function libpqEnvironment(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(parsed.hostname.replace(/^\[(.*)\]$/, '$1')),
    PGPORT: parsed.port || '5432',
    PGUSER: decodeURIComponent(parsed.username),
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
    PGAPPNAME: 'booking-api',
  };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Undefined when pg_dump and pg_restore are on PATH; else the sentence telling the operator what to do. */
export function postgresToolsMissing(url: string): string | undefined {
  const missing = (['pg_dump', 'pg_restore'] as const).filter((name) => !onPath(name));
  if (missing.length === 0) return undefined;
  return `${postgresBackupMessage(maskDatabaseUrl(url))}; ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not on PATH (apt-get install postgresql-client), so the database's backups are the operator's job until then`;
}

export function tool(name: 'pg_dump' | 'pg_restore', url: string): string {
  const found = onPath(name);
  if (!found)
    throw new BackupError(`${postgresBackupMessage(maskDatabaseUrl(url))}; ${name} is not on PATH (apt-get install postgresql-client)`);
  return found;
}

/** Runs `file` with `args`, the connection in the environment; rejects with its first error line. */
export function run(file: string, args: string[], url: string): Promise<void> {
  const name = path.basename(file);
  return new Promise((resolve, reject) => {
    // Nothing of ours for libpq to pick up but the connection: no PGPASSFILE, no PGSERVICE.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
    const child = spawn(file, args, { env: { ...inherited, ...libpqEnvironment(url) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => reject(new BackupError(`${name} did not start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const line = stderr.split('\n').find((l) => /error|fatal/i.test(l)) ?? stderr.split('\n')[0] ?? '';
      reject(new BackupError(`${name} failed (exit ${code}): ${line.trim().replace(/^(pg_dump|pg_restore): (error: )?/, '')}`));
    });
  });
}

/** pg_dump -Fc of the database at `url` into `destination`, owner-only, whole or not at all. */
export async function dumpPostgres(url: string, destination: string, options: { force?: boolean } = {}): Promise<BackupCopy> {
  const started = performance.now();
  const pgDump = tool('pg_dump', url);
  const target = path.resolve(destination);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`the folder ${path.dirname(target)} does not exist`);
  if (fs.existsSync(target) && !options.force) throw new BackupError(`${target} already exists; add --force to replace it`);
  await checkServer(url);
  const partial = `${target}.partial-${process.pid}`;
  // Made owner-only before pg_dump writes into it (it keeps the mode of a file that exists).
  fs.closeSync(fs.openSync(partial, 'w', 0o600));
  try {
    await run(pgDump, ['--format=custom', '--no-password', `--file=${partial}`], url);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return { file: target, bytes: fs.statSync(target).size, durationMs: Math.round(performance.now() - started) };
}

export interface PostgresRestore {
  file: string;
  database: string;
  bytes: number;
  /** True when what was there before was replaced (--force). */
  replaced: boolean;
  durationMs: number;
}

/**
 * pg_restore of `from` into the database at `url`, in one transaction: all or nothing. A database
 * that has tables already is refused unless `force`, which drops what the dump holds first.
 */
export async function restorePostgres(url: string, from: string, options: { force?: boolean } = {}): Promise<PostgresRestore> {
  const started = performance.now();
  const pgRestore = tool('pg_restore', url);
  const file = path.resolve(from);
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  await checkServer(url);
  const where = maskDatabaseUrl(url);
  const client = new pg.Client(clientConfig(url));
  client.on('error', () => undefined);
  let tables: number;
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = current_schema()`,
    );
    tables = rows[0]!.n;
  } finally {
    await client.end().catch(() => undefined);
  }
  if (tables > 0 && !options.force) {
    throw new BackupError(
      `the PostgreSQL database ${where} has tables already; restore into a new, empty database (createdb), or add --force to replace them (stop every server on it first)`,
    );
  }
  const args = ['--no-password', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${libpqEnvironment(url).PGDATABASE}`];
  if (tables > 0) args.push('--clean', '--if-exists');
  await run(pgRestore, [...args, file], url);
  return {
    file,
    database: where,
    bytes: fs.statSync(file).size,
    replaced: tables > 0,
    durationMs: Math.round(performance.now() - started),
  };
}
