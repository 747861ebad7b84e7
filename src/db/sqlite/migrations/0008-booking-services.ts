import { type Kysely } from 'kysely';

/**
 * Several services in one booking, back to back by one staff member. The booking row keeps the
 * first service (service_id), the visit's whole time, buffers and total price, and how many
 * services it holds; booking_services lists them, each with its own time and price, for bookings
 * of more than one. A hold remembers the services it holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('service_count', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema
    .createTable('booking_services')
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_at', 'integer', (c) => c.notNull())
    .addColumn('end_at', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_services_pk', ['booking_id', 'position'])
    .execute();
  await db.schema.createIndex('booking_services_service').on('booking_services').column('service_id').execute();
  // JSON array of the service ids a hold is for, in order.
  await db.schema.alterTable('slot_holds').addColumn('service_ids', 'text').execute();
}
