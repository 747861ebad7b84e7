import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, webhooks an integrator would pick over Svix:
 * - webhooks.previous_secrets: the secrets a rotation with a grace period keeps signing with, as
 *   JSON `[{secret, expiresAt}]` oldest first, each secret sealed like `secret`; null without one.
 * - webhooks.custom_headers: the headers sent with every delivery, one sealed JSON object; null without.
 * - webhooks.disabled_at: when it was switched off after its failures; null while active.
 * - webhooks.switch_off_seen_at: when the salon chose to leave it switched off (the overview
 *   stops showing it); null until then, and again once it is switched back on.
 * - webhook_recoveries: "send again everything that failed between since and until", one row per
 *   request, worked through in the background a batch per transaction, each batch moving on
 *   from the last delivery it did, so a restart goes on where it stopped.
 * - delivery_attempts_webhook_finished: one webhook's finished attempts by when they finished, for
 *   its stats and its recoveries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table webhooks add column previous_secrets text`.execute(db);
  await sql`alter table webhooks add column custom_headers text`.execute(db);
  await sql`alter table webhooks add column disabled_at integer`.execute(db);
  await sql`alter table webhooks add column switch_off_seen_at integer`.execute(db);
  await db.schema
    .createTable('webhook_recoveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('since', 'integer', (c) => c.notNull())
    .addColumn('until', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'done')`))
    .addColumn('matched', 'integer', (c) => c.notNull())
    .addColumn('requeued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_delivery_pk', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('finished_at', 'integer')
    .execute();
  await db.schema
    .createIndex('webhook_recoveries_queued')
    .on('webhook_recoveries')
    .column('id')
    .where(sql.ref('status'), '=', 'queued')
    .execute();
  await db.schema.createIndex('webhook_recoveries_webhook').on('webhook_recoveries').column('webhook_id').execute();
  await db.schema
    .createIndex('delivery_attempts_webhook_finished')
    .on('delivery_attempts')
    .columns(['webhook_id', 'updated_at'])
    .where(sql.ref('status'), '!=', 'pending')
    .execute();
}
