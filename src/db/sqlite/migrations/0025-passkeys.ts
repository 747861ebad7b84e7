import { type Kysely } from 'kysely';

/**
 * Issue 23 section 2, passkeys: a person's WebAuthn credentials (`user_passkeys`: the credential's
 * id and public key as base64url, its signature counter, the transports the browser named, a name
 * the person recognises it by). The challenges the server gives out are not stored: each travels
 * sealed with the secrets key (src/people/passkeys.service.ts), so any instance can check it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_passkeys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('last_used_at', 'integer')
    .execute();
  await db.schema.createIndex('user_passkeys_user').on('user_passkeys').column('user_id').execute();
}
