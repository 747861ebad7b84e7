import { sql, type Kysely } from 'kysely';

/**
 * One version per cache topic (src/db/database.ts), bumped by triggers on every change to what the
 * topic covers, by any writer. Replaces the per-business directory_version of 0002 and 0003, which only the
 * directory used: now every cache learns of changes the same way and nobody clears one by hand.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cache_versions')
    .addColumn('topic', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('cache_versions').values([
    { topic: 'keys', version: 0 },
    { topic: 'webhooks', version: 0 },
    { topic: 'directory', version: 0 },
  ]).execute();

  for (const name of [
    'businesses_directory',
    'services_directory_insert',
    'services_directory_update',
    'staff_directory_insert',
    'staff_directory_update',
    'staff_services_directory_insert',
    'staff_services_directory_delete',
  ]) {
    await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await db.schema.alterTable('businesses').dropColumn('directory_version').execute();

  const bump = (topic: string) => `update cache_versions set version = version + 1 where topic = '${topic}';`;
  // last_used_at is written on every authenticated request and no cache reads it.
  const keyColumns = 'business_id, name, key_hash, scopes, allowed_origins, status, expires_at, revoked_at, created_at, updated_at';
  // What Subscriptions reads; the delivery counters (consecutive_failures, last_triggered_at,
  // attempt_count) change on every attempt and are read from the table directly.
  const webhookColumns = 'business_id, api_key_id, events, status';
  const triggers: Array<[topic: string, table: string, timings: string[]]> = [
    ['keys', 'api_keys', ['insert', 'delete', `update of ${keyColumns}`]],
    ['webhooks', 'webhooks', ['insert', 'delete', `update of ${webhookColumns}`]],
    ['directory', 'businesses', ['insert', 'delete', 'update']],
    ['directory', 'services', ['insert', 'delete', 'update']],
    ['directory', 'staff', ['insert', 'delete', 'update']],
    ['directory', 'staff_services', ['insert', 'delete', 'update']],
  ];
  for (const [topic, table, timings] of triggers) {
    for (const timing of timings) {
      const name = `${table}_${timing.split(' ')[0]}_bumps_${topic}`;
      await sql.raw(`create trigger ${name} after ${timing} on ${table} begin ${bump(topic)} end`).execute(db);
    }
  }
}
