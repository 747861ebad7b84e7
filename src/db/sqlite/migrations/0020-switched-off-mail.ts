import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, section 4: the salon's owner is told by e-mail when a webhook is switched off after its
 * failures, a message on the mail queue like a client's (committed with the switch-off). The queue's
 * `kind` check gains 'switched_off'. SQLite cannot change a check, so the table is made again under
 * its name (nothing refers to it), rows and indexes as they were.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_messages_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('event_id', 'integer', (c) => c.references('events.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('booked', 'received', 'confirmed', 'moved', 'cancelled', 'reminder', 'switched_off')`),
    )
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('manage_token', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed', 'skipped')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'integer')
    .addColumn('error', 'text')
    .addColumn('sent_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into mail_messages_next select id, business_id, booking_id, event_id, kind, recipient, message_id, data,
    manage_token, status, attempts, due_at, lease_until, error, sent_at, created_at, updated_at from mail_messages`.execute(db);
  await db.schema.dropTable('mail_messages').execute();
  await sql`alter table mail_messages_next rename to mail_messages`.execute(db);
  await db.schema
    .createIndex('mail_messages_due')
    .on('mail_messages')
    .column('due_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('mail_messages_booking').on('mail_messages').column('booking_id').execute();
}
