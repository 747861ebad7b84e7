import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { tempDataDir } from './helpers/app.ts';
import { sqliteMigratorUpTo } from './helpers/migrations.ts';

it('0021 gives a salon the country of its own international phone, and every client its search keys', async () => {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(path.join(tempDataDir(), 'booking.db')) }) });
  try {
    assert.equal((await (await sqliteMigratorUpTo(db, '0020-switched-off-mail')).migrateToLatest()).error, undefined);
    const stamps = { created_at: 0, updated_at: 0, working_hours: '{}', timezone: 'Europe/Berlin' };
    await db
      .insertInto('businesses')
      .values([
        { id: 1, name: 'Salon Berlin', phone: '+49 30 1234567', ...stamps },
        { id: 2, name: 'Salon without', phone: '030 1234567', ...stamps },
      ])
      .execute();
    const client = (id: number, business_id: number, name: string, phone: string | null) => ({
      id,
      business_id,
      name,
      phone,
      email: null,
      email_normalized: null,
      created_at: 0,
      updated_at: 0,
    });
    await db
      .insertInto('clients')
      .values([client(1, 1, 'Jürgen Müller', '0170 1234567'), client(2, 1, 'Gisela Weiß', null), client(3, 2, 'Zoë', '0170 1234567')])
      .execute();

    assert.equal((await (await sqliteMigratorUpTo(db, '0021-client-search')).migrateToLatest()).error, undefined);
    const businesses = await db.selectFrom('businesses').select(['id', 'phone_country']).orderBy('id').execute();
    assert.deepEqual(businesses, [
      { id: 1, phone_country: 'DE' },
      { id: 2, phone_country: null },
    ]);
    const clients = await db.selectFrom('clients').select(['id', 'search_name', 'search_phone']).orderBy('id').execute();
    assert.deepEqual(clients, [
      { id: 1, search_name: 'jurgen muller juergen mueller', search_phone: '+491701234567' },
      { id: 2, search_name: 'gisela weiss', search_phone: null },
      { id: 3, search_name: 'zoe', search_phone: '01701234567' },
    ]);
  } finally {
    await db.destroy();
  }
});
