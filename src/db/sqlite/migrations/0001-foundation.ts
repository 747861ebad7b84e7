import { sql, type Kysely } from 'kysely';

/** Businesses, API keys, rate counters, services, webhooks and the delivery outbox. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('businesses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('website', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('working_hours', 'text', (c) => c.notNull())
    .addColumn('slot_step_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    // Bumped by triggers whenever the business, its services or staff change (see 0002).
    .addColumn('directory_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('allowed_origins', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'revoked')`))
    .addColumn('expires_at', 'integer')
    .addColumn('last_used_at', 'integer')
    .addColumn('revoked_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_business').on('api_keys').column('business_id').execute();

  await db.schema
    .createTable('rate_counters')
    .addColumn('api_key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['api_key_id', 'day'])
    .execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes > 0`))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('services_business').on('services').column('business_id').execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('api_key_id', 'integer', (c) => c.notNull().references('api_keys.id'))
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'failed')`))
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_reason', 'text')
    .addColumn('last_triggered_at', 'integer')
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_key').on('webhooks').columns(['api_key_id', 'status']).execute();
  await db.schema.createIndex('webhooks_business').on('webhooks').columns(['business_id', 'status']).execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_business_time').on('events').columns(['business_id', 'created_at']).execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('delivery_id', 'text', (c) => c.notNull().unique())
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.references('events.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deliveries_webhook').on('deliveries').column('webhook_id').execute();

  await db.schema
    .createTable('delivery_attempts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('delivery_pk', 'integer', (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('attempt_number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'success', 'retrying', 'failed')`),
    )
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('event', 'retry', 'manual', 'ping')`))
    .addColumn('due_at', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'integer')
    .addColumn('sent_at', 'integer')
    .addColumn('response_status_code', 'integer')
    .addColumn('response_time_ms', 'integer')
    .addColumn('error_message', 'text')
    .addColumn('response_excerpt', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  // The queue, per webhook: only pending rows are ever claimed, so the index holds only them,
  // and a claim seeks each webhook's queue instead of scanning past the others'.
  await db.schema
    .createIndex('delivery_attempts_due')
    .on('delivery_attempts')
    .columns(['webhook_id', 'due_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('delivery_attempts_history')
    .on('delivery_attempts')
    .columns(['webhook_id', 'id'])
    .execute();
  await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').column('delivery_pk').execute();
  // The history's `total` without counting a million rows: attempts are only ever added (they go
  // when their webhook goes), so a counter kept by the database itself stays exact.
  await sql`create trigger delivery_attempts_count after insert on delivery_attempts
            begin update webhooks set attempt_count = attempt_count + 1 where id = new.webhook_id; end`.execute(db);
  // For the status page: finished attempts by when they finished. Pending rows (the hot part of
  // the table) stay out of it, so queuing and claiming never touch it.
  await db.schema
    .createIndex('delivery_attempts_finished')
    .on('delivery_attempts')
    .columns(['updated_at', 'status'])
    .where(sql.ref('status'), '!=', 'pending')
    .execute();
}
