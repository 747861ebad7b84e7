import { sql, type Kysely } from 'kysely';

/** Staff and their schedules, clients, bookings, idempotency keys, reviews and payments. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_business').on('staff').column('business_id').execute();

  await db.schema
    .createTable('staff_services')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_services_pk', ['staff_id', 'service_id'])
    .execute();
  await db.schema.createIndex('staff_services_service').on('staff_services').column('service_id').execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('email_normalized', 'text')
    .addColumn('phone', 'text')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  // One client per e-mail address and business; a booking with a known address finds its client.
  await db.schema
    .createIndex('clients_email')
    .on('clients')
    .columns(['business_id', 'email_normalized'])
    .unique()
    .where(sql.ref('email_normalized'), 'is not', null)
    .execute();
  await db.schema.createIndex('clients_phone').on('clients').columns(['business_id', 'phone']).execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'cancelled', 'completed', 'no_show')`),
    )
    .addColumn('start_at', 'integer', (c) => c.notNull())
    .addColumn('end_at', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('integration', 'admin')`))
    .addColumn('api_key_id', 'integer', (c) => c.references('api_keys.id'))
    .addColumn('cancel_reason', 'text')
    .addColumn('cancelled_by', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    // At most a day long: the overlap checks below look back one day, not through all history.
    .addCheckConstraint('bookings_times', sql`end_at > start_at and end_at - start_at <= 86400000`)
    .execute();
  await db.schema.createIndex('bookings_staff_time').on('bookings').columns(['staff_id', 'start_at']).execute();
  await db.schema.createIndex('bookings_business_time').on('bookings').columns(['business_id', 'start_at']).execute();
  await db.schema.createIndex('bookings_client').on('bookings').column('client_id').execute();

  // The database itself refuses a second live booking of one staff member at overlapping times,
  // so concurrent requests for one slot cannot both win, whatever the code above does.
  for (const [name, timing] of [
    ['bookings_no_overlap_insert', 'before insert on bookings'],
    ['bookings_no_overlap_update', 'before update of staff_id, start_at, end_at, status on bookings'],
  ] as const) {
    await sql
      .raw(
        `create trigger ${name} ${timing}
         when new.status in ('pending', 'confirmed')
         begin
           select raise(abort, 'slot_unavailable')
           where exists (
             select 1 from bookings b
             where b.staff_id = new.staff_id
               and b.id is not new.id
               and b.status in ('pending', 'confirmed')
               and b.start_at < new.end_at
               and b.start_at > new.start_at - 86400000
               and b.end_at > new.start_at
           );
         end`,
      )
      .execute(db);
  }

  // A business's directory (its own record, services, staff, who does what) is cached in memory;
  // these triggers bump its version on any change, by any writer, so the cache knows.
  const bump = (business: string) => `update businesses set directory_version = directory_version + 1 where id = ${business};`;
  const directoryTriggers: Array<[string, string, string]> = [
    ['businesses_directory', 'after update of name, timezone, address, phone, email, website, currency, working_hours, slot_step_minutes on businesses', bump('new.id')],
    ['services_directory_insert', 'after insert on services', bump('new.business_id')],
    ['services_directory_update', 'after update on services', bump('new.business_id')],
    ['staff_directory_insert', 'after insert on staff', bump('new.business_id')],
    ['staff_directory_update', 'after update on staff', bump('new.business_id')],
    ['staff_services_directory_insert', 'after insert on staff_services', bump('(select business_id from staff where id = new.staff_id)')],
    ['staff_services_directory_delete', 'after delete on staff_services', bump('(select business_id from staff where id = old.staff_id)')],
  ];
  for (const [name, timing, action] of directoryTriggers) {
    await sql.raw(`create trigger ${name} ${timing} begin ${action} end`).execute(db);
  }

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('api_key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['api_key_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').unique())
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('service_id', 'integer', (c) => c.references('services.id'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_business').on('reviews').columns(['business_id', 'created_at']).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('payment', 'refund')`))
    .addColumn('refund_of', 'integer', (c) => c.references('payments.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_business').on('payments').columns(['business_id', 'created_at']).execute();
  await db.schema.createIndex('payments_booking').on('payments').column('booking_id').execute();
  await db.schema.createIndex('payments_refund_of').on('payments').column('refund_of').execute();
}
