import { type Kysely } from 'kysely';

/**
 * Issue 23 section 3, who did what: one row per change, written in the transaction of the change.
 * Who (actor_kind: office, person, key, client or system; actor_id: the key's or person's id;
 * actor_label: their name as it was then), what (action, target_kind, target_id), the changed
 * fields as JSON ({"field": [before, after]}, a secret's values never), and where from (the
 * request's id and address). business_id is null for the server's own settings (backups).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer')
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('address', 'text')
    .execute();
  await db.schema.createIndex('audit_entries_business_at').on('audit_entries').columns(['business_id', 'at']).execute();
  await db.schema.createIndex('audit_entries_target').on('audit_entries').columns(['business_id', 'target_kind', 'target_id']).execute();
  await db.schema.createIndex('audit_entries_at').on('audit_entries').column('at').execute();
  await db.schema.createIndex('audit_entries_request').on('audit_entries').column('request_id').execute();
}
