import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { tempDataDir } from './helpers/app.ts';
import { sqliteMigratorUpTo } from './helpers/migrations.ts';

it('0012 gives bookings made before it their client’s details as booked, and no check', async () => {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(path.join(tempDataDir(), 'booking.db')) }) });
  try {
    assert.equal((await (await sqliteMigratorUpTo(db, '0011-shared-rate-windows')).migrateToLatest()).error, undefined);
    const stamps = { created_at: 0, updated_at: 0 };
    await db
      .insertInto('businesses')
      .values({ id: 1, name: 'Salon', timezone: 'Europe/Berlin', working_hours: '{}', ...stamps })
      .execute();
    await db
      .insertInto('services')
      .values({ id: 1, business_id: 1, name: 'Haircut', duration_minutes: 45, price: 3500, currency: 'EUR', ...stamps })
      .execute();
    await db
      .insertInto('staff')
      .values({ id: 1, business_id: 1, name: 'Anna', schedule: '{}', ...stamps })
      .execute();
    await db
      .insertInto('clients')
      .values([
        {
          id: 1,
          business_id: 1,
          name: 'Maria Schmidt',
          email: 'maria@example.com',
          email_normalized: 'maria@example.com',
          phone: '+49 151 1',
          ...stamps,
        },
        { id: 2, business_id: 1, name: 'Bo', email: null, email_normalized: null, phone: '+49 151 2', ...stamps },
      ])
      .execute();
    const booking = (id: number, clientId: number) => ({
      id,
      business_id: 1,
      service_id: 1,
      staff_id: 1,
      client_id: clientId,
      status: 'completed',
      start_at: id * 3_600_000,
      end_at: id * 3_600_000 + 2_700_000,
      price: 3500,
      currency: 'EUR',
      notes: '',
      source: 'integration',
      ...stamps,
    });
    await db
      .insertInto('bookings')
      .values([booking(1, 1), booking(2, 2)])
      .execute();

    assert.equal((await (await sqliteMigratorUpTo(db, '9999')).migrateToLatest()).error, undefined);
    const rows = await db
      .selectFrom('bookings')
      .select(['id', 'booked_name', 'booked_email', 'booked_phone', 'client_check'])
      .orderBy('id')
      .execute();
    assert.deepEqual(rows, [
      { id: 1, booked_name: 'Maria Schmidt', booked_email: 'maria@example.com', booked_phone: '+49 151 1', client_check: null },
      { id: 2, booked_name: 'Bo', booked_email: null, booked_phone: '+49 151 2', client_check: null },
    ]);
    await assert.rejects(db.updateTable('bookings').set({ client_check: 'name' }).where('id', '=', 1).execute(), /CHECK constraint/);
  } finally {
    await db.destroy();
  }
});
