import { sql, type Kysely } from 'kysely';

/**
 * The salon's clients hear from it (issue 22): each business's reminder lead and cancellation
 * cut-off (their language is the booking page's, 0014); its mail server; the mail queue, a message per row, committed with the
 * change that causes it and leased while it is sent, as deliveries are; each address's state
 * (refused by its mail server, reminders turned off); the reminders still to come, one per live
 * booking; and the manage links, of which only the SHA-256 of the token is kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('reminder_lead_minutes', 'integer', (c) => c.notNull().defaultTo(1440))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('cancel_cutoff_minutes', 'integer', (c) => c.notNull().defaultTo(1440))
    .execute();

  await db.schema
    .createTable('mail_settings')
    .addColumn('business_id', 'integer', (c) => c.primaryKey().references('businesses.id'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('tls', 'text', (c) => c.notNull().check(sql`tls in ('starttls', 'tls', 'none')`))
    .addColumn('username', 'text')
    // Sealed with the secrets key, as webhook secrets are (src/secrets/secret-box.ts).
    .addColumn('password', 'text')
    .addColumn('from_address', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('event_id', 'integer', (c) => c.references('events.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('booked', 'received', 'confirmed', 'moved', 'cancelled', 'reminder')`),
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
  await db.schema
    .createIndex('mail_messages_due')
    .on('mail_messages')
    .column('due_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('mail_messages_booking').on('mail_messages').column('booking_id').execute();

  await db.schema
    .createTable('mail_addresses')
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('refused_at', 'integer')
    .addColumn('refused_reason', 'text')
    .addColumn('reminders_off_at', 'integer')
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_addresses_pk', ['business_id', 'address'])
    .execute();

  await db.schema
    .createTable('booking_reminders')
    .addColumn('booking_id', 'integer', (c) => c.primaryKey().references('bookings.id'))
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('due_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_reminders_due').on('booking_reminders').column('due_at').execute();

  await db.schema
    .createTable('manage_links')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
}
