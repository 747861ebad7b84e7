import { type Kysely } from 'kysely';

/**
 * Calendar feeds: a secret URL per staff member (or for the whole salon) that a phone's calendar
 * subscribes to. Like API keys, only the SHA-256 of the token is kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    // Null: the whole salon.
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('revoked_at', 'integer')
    .execute();
  await db.schema.createIndex('calendar_feeds_business').on('calendar_feeds').column('business_id').execute();
}
