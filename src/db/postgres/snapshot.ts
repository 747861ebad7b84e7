import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { Facts, NewestOf, Snapshot } from '../copies.ts';
import { BackupError } from '../errors.ts';
import { MIGRATIONS } from '../migrate.ts';
import { clientConfig } from './connection.ts';
import { run, tool } from './dump.ts';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A verified pg_dump of the database at `url` at one moment, written to `destination` (which must
 * not exist). A REPEATABLE READ transaction counts every table's rows and exports its snapshot;
 * pg_dump dumps exactly that snapshot (--snapshot). The dump is then read back with pg_restore,
 * which counts the rows of each table's data: the same counts, or a BackupError and no file.
 */
export async function snapshotPostgres(url: string, destination: string, newest?: NewestOf): Promise<Snapshot> {
  const started = performance.now();
  const pgDump = tool('pg_dump', url);
  const pgRestore = tool('pg_restore', url);
  if (newest && !(IDENTIFIER.test(newest.table) && IDENTIFIER.test(newest.column))) throw new Error('not a column name');
  const client = new pg.Client(clientConfig(url));
  client.on('error', () => undefined);
  let facts: Facts;
  try {
    await client.connect();
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    facts = await factsOf(client, newest);
    fs.closeSync(fs.openSync(destination, 'wx', 0o600));
    await run(pgDump, ['--format=custom', '--no-password', `--snapshot=${snapshot}`, `--file=${destination}`], url);
    await client.query('commit');
  } catch (error) {
    fs.rmSync(destination, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`cannot dump the database: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  try {
    const counted = await rowsInDump(pgRestore, destination);
    for (const [table, rows] of Object.entries(facts.rows)) {
      if ((counted[table] ?? 0) !== rows) {
        throw new BackupError(
          `the dump does not hold what the database held: table ${table} has ${counted[table] ?? 0} rows in it and had ${rows}`,
        );
      }
    }
  } catch (error) {
    fs.rmSync(destination, { force: true });
    throw error;
  }
  return { ...facts, file: destination, bytes: fs.statSync(destination).size, durationMs: Math.round(performance.now() - started) };
}

async function factsOf(client: pg.Client, newest: NewestOf | undefined): Promise<Facts> {
  const tables = (
    await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    )
  ).rows.map((row) => row.name);
  const rows: Record<string, number> = {};
  for (const table of tables) {
    rows[table] = (await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)).rows[0]!.n;
  }
  const migrations = tables.includes('kysely_migration')
    ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((row) => row.name)
    : [];
  const unknown = migrations.filter((name) => !(MIGRATIONS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new BackupError(`the database has migration ${unknown.join(', ')}, which this version does not know`);
  const value =
    newest && tables.includes(newest.table)
      ? (await client.query<{ v: string | number | null }>(`select max(${newest.column}) as v from ${newest.table}`)).rows[0]!.v
      : null;
  return { migrations, rows, newest: value === null ? null : Number(value) };
}

/** Rows per table in a pg_dump archive: pg_restore writes its data as COPY blocks, one line a row. */
function rowsInDump(pgRestore: string, file: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgRestore, ['--data-only', '--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const counts: Record<string, number> = {};
    let table: string | undefined;
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (table !== undefined) {
        if (line === '\\.') table = undefined;
        else counts[table] = (counts[table] ?? 0) + 1;
        return;
      }
      const copy = /^COPY (?:"?[^"\s.]+"?\.)?"?([^"\s(]+)"? \(/.exec(line);
      if (copy) {
        table = copy[1]!;
        counts[table] ??= 0;
      }
    });
    child.on('error', (error) => reject(new BackupError(`${path.basename(pgRestore)} did not start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(counts);
      else reject(new BackupError(`the dump cannot be read back (pg_restore exit ${code}: ${stderr.split('\n')[0]})`));
    });
  });
}
