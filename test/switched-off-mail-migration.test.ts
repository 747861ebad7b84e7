import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { tempDataDir } from './helpers/app.ts';
import { sqliteMigratorUpTo } from './helpers/migrations.ts';

it('0020 keeps the mail queue’s messages and indexes, and lets it hold the owner’s switched_off message', async () => {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(path.join(tempDataDir(), 'booking.db')) }) });
  try {
    assert.equal((await (await sqliteMigratorUpTo(db, '0019-webhook-operations')).migrateToLatest()).error, undefined);
    const stamps = { created_at: 0, updated_at: 0 };
    await db
      .insertInto('businesses')
      .values({ id: 1, name: 'Salon', timezone: 'Europe/Berlin', working_hours: '{}', ...stamps })
      .execute();
    const message = (id: number, kind: string) => ({
      id,
      business_id: 1,
      kind,
      recipient: 'ada@example.com',
      message_id: `<${id}@salon.test>`,
      data: '{}',
      status: 'pending',
      attempts: 2,
      due_at: 5,
      ...stamps,
    });
    await db.insertInto('mail_messages').values(message(7, 'booked')).execute();
    await assert.rejects(db.insertInto('mail_messages').values(message(8, 'switched_off')).execute(), /CHECK constraint/);

    assert.equal((await (await sqliteMigratorUpTo(db, '9999')).migrateToLatest()).error, undefined);
    assert.deepEqual(await db.selectFrom('mail_messages').select(['id', 'kind', 'attempts', 'due_at']).execute(), [
      { id: 7, kind: 'booked', attempts: 2, due_at: 5 },
    ]);
    await db.insertInto('mail_messages').values(message(8, 'switched_off')).execute();
    await assert.rejects(db.insertInto('mail_messages').values(message(9, 'spam')).execute(), /CHECK constraint/);
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'mail_messages' and sql is not null order by name`.execute(db);
    assert.deepEqual(
      indexes.rows.map((r) => r.name),
      ['mail_messages_booking', 'mail_messages_due'],
    );
  } finally {
    await db.destroy();
  }
});
