import type { Db } from '../db/transaction.ts';
import type { BackupRunsTable } from '../db/tables.ts';
import type { Insertable, Selectable } from 'kysely';

export type BackupRun = Selectable<BackupRunsTable>;

export async function insertRun(db: Db, run: Insertable<BackupRunsTable>): Promise<void> {
  await db.insertInto('backup_runs').values(run).execute();
}

export async function lastGoodRun(db: Db): Promise<BackupRun | undefined> {
  return db
    .selectFrom('backup_runs')
    .selectAll()
    .where('status', '=', 'good')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function recentRuns(db: Db, limit: number): Promise<BackupRun[]> {
  return db.selectFrom('backup_runs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The good backups recorded in `folder`'s files, by file name. */
export async function goodRunsByFile(db: Db, files: readonly string[]): Promise<BackupRun[]> {
  if (files.length === 0) return [];
  return db.selectFrom('backup_runs').selectAll().where('status', '=', 'good').where('file', 'in', files).execute();
}

export async function anyRun(db: Db): Promise<boolean> {
  return (await db.selectFrom('backup_runs').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The salon's time zone (the first business's); undefined before the first set-up. */
export async function salonTimeZone(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('businesses').select('timezone').orderBy('id').limit(1).executeTakeFirst();
  return row?.timezone;
}
