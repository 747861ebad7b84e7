import { type Kysely } from 'kysely';

/**
 * Issue 23 sections 1 and 2, people instead of one shared token. `users`: a person with an
 * account (role owner, front_desk or stylist; a stylist is one staff member), their password's
 * scrypt hash (null until they accept their invitation), the one-time invitation or password
 * link's SHA-256 and its expiry, and switched_off_at (they can no longer sign in; their sessions
 * ended). `user_sessions`: one row per signed-in browser, found by the SHA-256 of the cookie's
 * value (the value itself is never stored), with its idle and absolute expiry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('password_hash', 'text')
    .addColumn('link_sha256', 'text', (c) => c.unique())
    .addColumn('link_expires_at', 'integer')
    .addColumn('switched_off_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_sha256', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('last_seen_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('user_sessions_user').on('user_sessions').column('user_id').execute();
}
