import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { bookingBody, MONDAY } from './helpers/salon.ts';
import { testingOnPostgres } from './helpers/postgres.ts';
import { Receiver } from './helpers/receiver.ts';
import { useSalon } from './helpers/suite.ts';

/**
 * A booking's writes after the booking row (a new client's client.created and booking.created when
 * no webhook hears them, its reminder, its client's message, its audit entries) go to PostgreSQL as
 * one statement (src/db/write-batch.ts), and a new client is looked up and inserted in one
 * (src/db/booking-statements.ts); SQLite runs them one by one. When one of them
 * fails, nothing of the booking is written: no booking, client, event, reminder, message or audit
 * entry, and its Idempotency-Key stays unused. Once the failure is gone the same request books,
 * with every row. Runs on both engines (the PostgreSQL leg of npm test runs it again).
 */

const postgres = testingOnPostgres();

/** A trigger that refuses an insert into `table` when `condition` (on the row's `new`) holds. */
async function refuse(db: any, name: string, table: string, condition: string): Promise<void> {
  if (postgres) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin if ${condition} then raise exception '${name}'; end if; return new; end $$;
         create trigger ${name} before insert on ${table} for each row execute function ${name}();`,
      )
      .execute(db);
  } else {
    await sql
      .raw(`create trigger ${name} before insert on ${table} when ${condition} begin select raise(abort, '${name}'); end`)
      .execute(db);
  }
}

async function allow(db: any, name: string, table: string): Promise<void> {
  await sql.raw(`drop trigger ${name}${postgres ? ` on ${table}` : ''}`).execute(db);
  if (postgres) await sql.raw(`drop function ${name}()`).execute(db);
}

const TABLES = ['bookings', 'clients', 'events', 'booking_reminders', 'mail_messages', 'audit_entries'] as const;

async function counts(db: any): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    result[table] = Number(rows[0]!.n);
  }
  return result;
}

describe("a booking's writes in one statement, failing in the middle", () => {
  const { app, salon } = useSalon({ salonPerTest: true });

  const refused = [
    ['clients', 'true'],
    // Each event alone: both go in the batched statement, client.created first.
    ['events', "new.event = 'client.created'"],
    ['events', "new.event = 'booking.created'"],
    ['booking_reminders', 'true'],
    ['mail_messages', 'true'],
    ['audit_entries', 'true'],
  ] as const;
  for (const [n, [table, condition]] of refused.entries()) {
    it(`a refused ${table} row (${condition}) writes nothing of the booking, and the same request books once it is allowed`, async () => {
      const db = app.context.db;
      const before = await counts(db);
      const body = bookingBody(salon.haircut, `${MONDAY}T11:00:00+01:00`, {
        staffId: salon.anna,
        client: { name: 'Grace Hopper', email: `grace-${table}@example.com` },
      });
      const headers = { 'idempotency-key': `batch-${n}-${table}` };
      const lastEvent = await lastEventId(db);
      await refuse(db, `refuse_${table}`, table, condition);
      try {
        const failed = await app.request('POST', '/v1/integration/bookings', { key: salon.key, body, headers });
        assert.equal(failed.status, 500, failed.text);
        assert.deepEqual(await counts(db), before);
      } finally {
        await allow(db, `refuse_${table}`, table);
      }
      const booked = await app.request('POST', '/v1/integration/bookings', { key: salon.key, body, headers });
      assert.equal(booked.status, 201, booked.text);
      assert.equal(booked.headers.get('idempotent-replayed'), null);
      const after = await counts(db);
      assert.deepEqual(
        Object.fromEntries(TABLES.map((t) => [t, after[t]! - before[t]!])),
        // client.created and booking.created; the client's and the booking's entries.
        { bookings: 1, clients: 1, events: 2, booking_reminders: 1, mail_messages: 1, audit_entries: 2 },
      );
      // The message names its event (in the batched statement, read from the event's insert).
      const { rows } = await sql<{ event: string; booking_id: number }>`select e.event, e.booking_id from mail_messages m
        join events e on e.id = m.event_id where m.booking_id = ${booked.body.id}`.execute(db);
      assert.deepEqual(
        rows.map((r) => [r.event, Number(r.booking_id)]),
        [['booking.created', booked.body.id]],
      );
      // The events in the order they happened: their ids' order.
      assert.deepEqual(await eventsSince(db, lastEvent), ['client.created', 'booking.created']);
    });
  }
});

async function lastEventId(db: any): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`select max(id) as id from events`.execute(db);
  return Number(rows[0]!.id ?? 0);
}

/** The names of the events after `id`, in their ids' order. */
async function eventsSince(db: any, id: number): Promise<string[]> {
  const { rows } = await sql<{ event: string }>`select event from events where id > ${id} order by id`.execute(db);
  return rows.map((row) => row.event);
}

describe("a new client's booking with a webhook that hears one of its events: the events in order", () => {
  const { app, salon } = useSalon({ salonPerTest: true });
  let receiver: Receiver;
  before(async () => {
    receiver = await Receiver.start();
  });
  after(async () => {
    await receiver?.close();
  });

  // A webhook's event goes with its deliveries in the queue's statement, not in the batched one.
  for (const heard of ['booking.created', 'client.created']) {
    it(`with a webhook for ${heard} only: client.created, then booking.created, each delivered if heard`, async () => {
      const db = app.context.db;
      const webhook = await app.request('POST', '/v1/integration/webhooks', {
        key: salon.key,
        body: { targetUrl: receiver.url(), events: [heard] },
      });
      assert.equal(webhook.status, 201, webhook.text);
      const lastEvent = await lastEventId(db);
      const booked = await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T11:00:00+01:00`, {
          staffId: salon.anna,
          client: { name: 'Grace Hopper', email: 'grace@example.com' },
        }),
      });
      assert.equal(booked.status, 201, booked.text);
      assert.deepEqual(await eventsSince(db, lastEvent), ['client.created', 'booking.created']);
      const { rows } = await sql<{ event: string }>`select e.event from deliveries d join events e on e.id = d.event_id
        where e.id > ${lastEvent}`.execute(db);
      assert.deepEqual(
        rows.map((row) => row.event),
        [heard],
      );
      const { rows: messages } = await sql<{ event: string }>`select e.event from mail_messages m join events e on e.id = m.event_id
        where m.booking_id = ${booked.body.id}`.execute(db);
      assert.deepEqual(
        messages.map((row) => row.event),
        ['booking.created'],
      );
    });
  }
});
