import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { tempDataDir } from './helpers/app.ts';
import { sqliteMigratorUpTo } from './helpers/migrations.ts';

it('0010 gives events recorded before it the booking they are about', async () => {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(path.join(tempDataDir(), 'booking.db')) }) });
  try {
    assert.equal((await (await sqliteMigratorUpTo(db, '0009-calendar-feeds')).migrateToLatest()).error, undefined);
    const event = (name: string, data: unknown) =>
      db
        .insertInto('events')
        .values({ business_id: 1, event: name, data: JSON.stringify(data), created_at: 0 })
        .execute();
    await db
      .insertInto('businesses')
      .values({ id: 1, name: 'Salon', timezone: 'Europe/Berlin', working_hours: '{}', created_at: 0, updated_at: 0 })
      .execute();
    await event('booking.created', { bookingId: 7, status: 'confirmed' });
    await event('payment.received', { paymentId: 3, bookingId: 7, amount: 1000 });
    await event('client.created', { clientId: 4, name: 'Ada' });
    await event('booking.created', { bookingId: 'not a number' });

    assert.equal((await (await sqliteMigratorUpTo(db, '9999')).migrateToLatest()).error, undefined);
    const rows = await db.selectFrom('events').select(['event', 'booking_id']).orderBy('id').execute();
    assert.deepEqual(
      rows.map((r) => [r.event, r.booking_id]),
      [
        ['booking.created', 7],
        ['payment.received', 7],
        ['client.created', null],
        ['booking.created', null],
      ],
    );
  } finally {
    await db.destroy();
  }
});
