import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { maskDatabaseUrl } from '../../config.ts';
import { DATABASE_FILE, openDatabase } from '../sqlite/connection.ts';
import { acquireInstanceLock, InstanceLockedError } from '../sqlite/instance-lock.ts';
import { nativeBinding } from '../sqlite/native-addon.ts';
import { clientConfig, openPostgres } from './connection.ts';

/** A reason the copy was not made, said in one line; nothing was written to PostgreSQL. */
export class CopyError extends Error {}

export interface CopiedTable {
  table: string;
  rows: number;
}

export interface CopyResult {
  /** The SQLite file copied from. */
  source: string;
  /** The PostgreSQL database copied into, password masked. */
  target: string;
  tables: CopiedTable[];
  rows: number;
  durationMs: number;
}

/** Bookkeeping of each engine, not salon data: the target's own are made by its migrations. */
const NOT_COPIED = new Set(['cache_versions', 'kysely_migration', 'kysely_migration_lock']);
/** Bind parameters per INSERT; PostgreSQL allows 65 535. */
const PARAMETERS_PER_INSERT = 30_000;

/**
 * Copies the salon database in `dataDir` (booking.db) into the empty PostgreSQL database at `url`:
 * - holds the data dir's server lock throughout, so no server writes to the file meanwhile (a
 *   running one makes the copy refuse);
 * - brings both to the latest migration, then copies every table in one PostgreSQL transaction,
 *   rows and ids as they are, parents before children; the target's user triggers are off during
 *   the copy (it holds finished data: attempt counts, bookings made before a hold), its foreign
 *   keys and constraints are checked as ever;
 * - sets every identity sequence past the largest id copied, and bumps the cache versions.
 * Webhook secrets are copied as stored (sealed with the data dir's secrets.key); the caller makes
 * sure the PostgreSQL server will read that key.
 */
export async function copyDataDirToPostgres(
  dataDir: string,
  url: string,
  options: { checkSource?: (file: string) => void } = {},
): Promise<CopyResult> {
  const started = performance.now();
  const dir = path.resolve(dataDir);
  const file = path.join(dir, DATABASE_FILE);
  const target = maskDatabaseUrl(url);
  if (!fs.existsSync(file)) throw new CopyError(`there is no booking-api database to copy at ${file} (check --data)`);

  let lock;
  try {
    lock = acquireInstanceLock(dir);
  } catch (error) {
    if (error instanceof InstanceLockedError) {
      throw new CopyError(`a booking-api server is running on ${dir}; stop it first, so that the copy has every change`);
    }
    throw error;
  }
  try {
    // Both at the latest migration: the same tables and columns on each side.
    await (await openDatabase(dir)).close();
    options.checkSource?.(file);
    await (await openPostgres(url)).close();

    const source = new BetterSqlite3(file, { readonly: true, fileMustExist: true, nativeBinding: nativeBinding() as string | undefined });
    const client = new pg.Client(clientConfig(url));
    client.on('error', () => undefined);
    try {
      await client.connect();
      // One read snapshot of the file for the whole copy.
      source.exec('begin');
      await client.query('begin');
      try {
        const tables = await copyTables(source, client, target);
        await client.query('commit');
        return {
          source: file,
          target,
          tables,
          rows: tables.reduce((sum, t) => sum + t.rows, 0),
          durationMs: Math.round(performance.now() - started),
        };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        source.exec('rollback');
      }
    } finally {
      source.close();
      await client.end().catch(() => undefined);
    }
  } finally {
    lock.release();
  }
}

async function copyTables(source: BetterSqlite3.Database, client: pg.Client, target: string): Promise<CopiedTable[]> {
  const { rows: tableRows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = tableRows.map((r) => r.name).filter((name) => !NOT_COPIED.has(name));
  const sourceTables = new Set(
    (source.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`).pluck().all() as string[]).filter(
      (name) => !NOT_COPIED.has(name),
    ),
  );
  for (const name of sourceTables) {
    if (!tables.includes(name)) throw new CopyError(`the PostgreSQL database ${target} has no table ${name}, which the salon database has`);
  }

  // Nobody else writes while we copy; then the target must be empty.
  await client.query(`lock table ${tables.map(quote).join(', ')} in exclusive mode`);
  for (const table of tables) {
    const { rows } = await client.query(`select exists (select 1 from ${quote(table)}) as any`);
    if (rows[0].any) {
      throw new CopyError(`the PostgreSQL database ${target} is not empty (${table} has rows): copy into a new, empty database`);
    }
  }

  const { rows: columnRows } = await client.query<{ table: string; column: string; identity: string }>(
    `select table_name as table, column_name as column, is_identity as identity from information_schema.columns
     where table_schema = current_schema()`,
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
     from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`,
  );

  for (const table of tables) await client.query(`alter table ${quote(table)} disable trigger user`);
  const copied: CopiedTable[] = [];
  for (const table of parentsFirst(tables, references)) {
    const targetColumns = new Set(columnRows.filter((c) => c.table === table).map((c) => c.column));
    const columns = sourceTables.has(table)
      ? (source.pragma(`table_info(${quote(table)})`) as Array<{ name: string }>).map((c) => c.name)
      : [];
    for (const column of columns) {
      if (!targetColumns.has(column)) {
        throw new CopyError(`the PostgreSQL database ${target} has no column ${table}.${column}, which the salon database has`);
      }
    }
    let rows = 0;
    if (columns.length > 0) {
      const perInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / columns.length));
      const select = source.prepare(`select ${columns.map(quote).join(', ')} from ${quote(table)} order by rowid`).raw();
      let batch: unknown[][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const values = batch.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`).join(', ');
        await client.query(`insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${values}`, batch.flat());
        rows += batch.length;
        batch = [];
      };
      for (const row of select.iterate() as Iterable<unknown[]>) {
        batch.push(row);
        if (batch.length >= perInsert) await flush();
      }
      await flush();
    }
    for (const { column } of columnRows.filter((c) => c.table === table && c.identity === 'YES')) {
      // Past the largest id copied, so new rows never collide with copied ones.
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), max_id) from (select max(${quote(column)}) as max_id from ${quote(table)}) m where max_id is not null`,
        [table, column],
      );
    }
    copied.push({ table, rows });
  }
  for (const table of tables) await client.query(`alter table ${quote(table)} enable trigger user`);
  // Caches of any server already on this database load everything anew.
  await client.query(`update cache_versions set version = version + 1`);
  await client.query(`select pg_notify('booking_cache_versions', topic) from cache_versions`);
  return copied.sort((a, b) => a.table.localeCompare(b.table));
}

/** The tables in an order that inserts every referenced row before the rows that refer to it. */
function parentsFirst(tables: string[], references: Array<{ child: string; parent: string }>): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { child, parent } of references) if (unquote(child) === table && unquote(parent) !== table) visit(unquote(parent));
    visiting.delete(table);
    if (tables.includes(table)) ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function unquote(name: string): string {
  return name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"');
}
