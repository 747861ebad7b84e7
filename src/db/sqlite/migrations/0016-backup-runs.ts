import { type Kysely } from 'kysely';

/**
 * Every backup the server took or tried (src/backups): when, why, where its file went, how big,
 * its SHA-256, and the sentence when it failed. A row is written once the run is over, so a
 * backup cut short by a crash leaves none (and its partial file is cleared by the next run).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('started_at', 'integer', (c) => c.notNull())
    .addColumn('finished_at', 'integer', (c) => c.notNull())
    // 'schedule', 'setup' or 'manual'.
    .addColumn('reason', 'text', (c) => c.notNull())
    // 'good' (written, read back and checked) or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file', 'text')
    .addColumn('bytes', 'integer')
    .addColumn('sha256', 'text')
    // When the newest booking in it was made.
    .addColumn('bookings_up_to', 'integer')
    .addColumn('bookings', 'integer')
    .addColumn('error', 'text')
    // The copy in an S3-compatible bucket (its URL), or why there is none.
    .addColumn('offsite', 'text')
    .addColumn('offsite_error', 'text')
    .execute();
  await db.schema.createIndex('backup_runs_started').on('backup_runs').column('started_at').execute();
}
