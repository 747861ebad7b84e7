import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, describe, it } from 'node:test';
import { CLIENT_TABLES } from '../src/client-rights/client-data.repository.ts';
import { admin, MONDAY } from './helpers/salon.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

// A client's rights over their data (issue 23 section 4, GDPR articles 15 and 17): the owner
// exports everything held about them, and erases them while visits and payments stay.
describe("a client's data: export and erasure (admin API)", () => {
  const { app, clock, salon } = useSalon();
  const receiver = useReceiver();
  const GRACE = { name: 'Grace Hopper', email: 'Grace.Hopper@example.com', phone: '+49 170 5550123' };
  // What must be nowhere once she is erased, in any case.
  const TRACES = ['grace', 'hopper', '5550123'];
  let clientId = 0;
  let bookingIds: number[] = [];
  let feedPath = '';
  const report = async () => (await admin(app, 'GET', `${salon.base}/report?from=2026-11-01&to=2026-11-30`, undefined, 200)).body;

  before(async () => {
    const hook = await app.request('POST', '/v1/integration/webhooks', {
      key: salon.key,
      body: { targetUrl: receiver.url('/hooks/T0SECRET/B0SECRET'), events: ['*'] },
    });
    assert.equal(hook.status, 201, hook.text);
    const book = async (startTime: string, notes: string) => {
      const made = await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        headers: { 'Idempotency-Key': `widget-${startTime.slice(0, 10)}` },
        body: { serviceId: salon.haircut, staffId: salon.anna, startTime, client: GRACE, notes },
      });
      assert.equal(made.status, 201, made.text);
      return made.body;
    };
    const first = await book(`${MONDAY}T10:00:00+01:00`, 'Grace likes green tea');
    const second = await book('2026-11-24T10:00:00+01:00', 'Call +49 170 5550123 if late');
    clientId = first.client.id;
    bookingIds = [first.id, second.id];
    await admin(app, 'PATCH', `${salon.base}/clients/${clientId}`, { notes: 'Allergic to lavender' }, 200);
    await admin(app, 'POST', `${salon.base}/bookings/${first.id}/confirm`, undefined, 200);
    await admin(app, 'POST', `${salon.base}/bookings/${second.id}/cancel`, { reason: 'Grace Hopper is ill' }, 200);
    clock.set(Date.parse('2026-11-25T12:00:00Z'));
    await admin(app, 'POST', `${salon.base}/bookings/${first.id}/complete`, undefined, 200);
    const paid = await admin(
      app,
      'POST',
      `${salon.base}/payments`,
      { bookingId: first.id, amount: 3500, method: 'card', note: 'Paid by G. Hopper' },
      201,
    );
    await admin(app, 'POST', `${salon.base}/payments/${paid.body.id}/refund`, { amount: 500 }, 201);
    await admin(
      app,
      'POST',
      `${salon.base}/reviews`,
      { rating: 5, comment: 'Lovely, says Grace', authorName: 'Grace H.', bookingId: first.id },
      201,
    );
    feedPath = (await admin(app, 'POST', `${salon.base}/calendar-feeds`, undefined, 201)).body.path;
    await receiver.waitFor(7);
  });

  it('exports everything held about the client, one key per table that holds them', async () => {
    const { body } = await admin(app, 'GET', `${salon.base}/clients/${clientId}/export`, undefined, 200);
    assert.equal(body.client.name, GRACE.name);
    assert.equal(body.client.notes, 'Allergic to lavender');
    assert.deepEqual(
      body.bookings.map((b: any) => [b.id, b.status, b.notes]),
      [
        [bookingIds[0], 'completed', 'Grace likes green tea'],
        [bookingIds[1], 'cancelled', 'Call +49 170 5550123 if late'],
      ],
    );
    assert.deepEqual(body.bookings[0].bookedAs, { name: GRACE.name, email: GRACE.email, phone: GRACE.phone });
    assert.deepEqual(
      body.history.map((h: any) => [h.bookingId, h.events.length > 0]),
      [
        [bookingIds[0], true],
        [bookingIds[1], true],
      ],
    );
    assert.deepEqual(
      body.payments.map((p: any) => [p.kind, p.amount]),
      [
        ['payment', 3500],
        ['refund', 500],
      ],
    );
    assert.deepEqual(
      body.reviews.map((r: any) => [r.rating, r.authorName]),
      [[5, 'Grace H.']],
    );
    for (const key of new Set(Object.values(CLIENT_TABLES))) assert.ok(key in body, `the export shows ${key}`);
    assert.ok(!JSON.stringify(body.manageLinks).includes('mng_'), 'never a manage link itself');
  });

  it("says who received the client's data, but not the salon's connection address (often its secret) nor the receiver's answers", async () => {
    const { body } = await admin(app, 'GET', `${salon.base}/clients/${clientId}/export`, undefined, 200);
    const deliveries = body.history.flatMap((h: any) => h.events.flatMap((e: any) => e.deliveries));
    assert.ok(deliveries.length > 0);
    for (const delivery of deliveries) {
      assert.equal(delivery.targetUrl, new URL(receiver.url()).origin);
      assert.deepEqual([delivery.responseStatusCode, delivery.errorMessage], [null, null]);
    }
    assert.ok(!JSON.stringify(body).includes('SECRET'), "the address's path appears nowhere in the export");
    const office = await admin(app, 'GET', `${salon.base}/bookings/${bookingIds[0]}/events`, undefined, 200);
    assert.ok(
      office.body.data.some((e: any) => e.deliveries.some((d: any) => d.targetUrl === receiver.url('/hooks/T0SECRET/B0SECRET'))),
      'the back office still shows the whole address',
    );
  });

  it('covers every table with a client_id or booking_id column', async () => {
    const tables = await app.context.db.introspection.getTables();
    const holding = tables
      .filter((t) => t.columns.some((c) => c.name === 'client_id' || c.name === 'booking_id'))
      .map((t) => t.name)
      .sort();
    const missing = holding.filter((name) => !(name in CLIENT_TABLES));
    assert.deepEqual(missing, [], 'a table that holds a client’s data is missing from CLIENT_TABLES (the export and the erasure)');
  });

  it('refuses to erase a client with a visit still to come, and changes nothing', async () => {
    const made = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: {
        serviceId: salon.haircut,
        staffId: salon.ben,
        startTime: '2026-11-30T10:00:00+01:00',
        client: { name: 'Ada Lovelace', email: 'ada@example.com' },
      },
    });
    assert.equal(made.status, 201, made.text);
    const refused = await admin(app, 'POST', `${salon.base}/clients/${made.body.client.id}/erase`);
    assert.deepEqual([refused.status, refused.body.code], [409, 'client_has_coming_visits']);
    assert.match(refused.body.message, /cancel them first/);
    const kept = await admin(app, 'GET', `${salon.base}/clients/${made.body.client.id}`, undefined, 200);
    assert.equal(kept.body.name, 'Ada Lovelace');
  });

  it('answers 404 for a client that does not exist', async () => {
    const missing = await admin(app, 'POST', `${salon.base}/clients/999999/erase`);
    assert.deepEqual([missing.status, missing.body.code], [404, 'not_found']);
    assert.equal((await admin(app, 'GET', `${salon.base}/clients/999999/export`)).status, 404);
  });

  it('erases the client everywhere, keeps visits and payments, and tells the webhooks which fields', async () => {
    const before = await report();
    const heard = receiver.requests.length;
    const erased = await admin(app, 'POST', `${salon.base}/clients/${clientId}/erase`, undefined, 200);
    assert.deepEqual([erased.body.name, erased.body.email, erased.body.phone, erased.body.notes], ['Erased client', null, null, '']);

    assert.deepEqual(await report(), before, "the report's counts and amounts stay as they were");
    const kept = (await admin(app, 'GET', `${salon.base}/clients/${clientId}/export`, undefined, 200)).body;
    assert.deepEqual(
      kept.bookings.map((b: any) => [b.status, b.price]),
      [
        ['completed', 3500],
        ['cancelled', 3500],
      ],
    );
    assert.deepEqual(
      kept.payments.map((p: any) => p.amount),
      [3500, 500],
    );
    assert.deepEqual(kept.manageLinks, []);

    const db = app.context.db;
    for (const table of await db.introspection.getTables()) {
      const rows = await db
        .selectFrom(table.name as never)
        .selectAll()
        .execute();
      const text = JSON.stringify(rows).toLowerCase();
      for (const trace of TRACES)
        assert.ok(
          !text.includes(trace),
          `${table.name} still holds "${trace}": ${text.slice(Math.max(0, text.indexOf(trace) - 300), text.indexOf(trace) + 100)}`,
        );
    }

    // SQLite's files themselves (the database, its WAL): no old row versions left in free pages or
    // WAL frames. (On PostgreSQL `location` is no file.)
    const file = app.context.database.location;
    if (fs.existsSync(file)) {
      const bytes = await eventually(
        async () => {
          const text = [file, `${file}-wal`]
            .map((f) => (fs.existsSync(f) ? fs.readFileSync(f).toString('latin1') : ''))
            .join('')
            .toLowerCase();
          return TRACES.some((trace) => text.includes(trace)) ? undefined : text;
        },
        5_000,
        'the database files without the client',
      );
      assert.ok(bytes.length > 0);
    }

    const feed = await app.request('GET', feedPath);
    assert.equal(feed.status, 200);
    assert.match(feed.text, /SUMMARY:Haircut: Erased client/);
    assert.ok(!feed.text.toLowerCase().includes('grace'));

    const delivered = await eventually(
      async () => receiver.requests.slice(heard).find((r) => JSON.parse(r.body).event === 'client.updated'),
      10_000,
      'client.updated',
    );
    const { data } = JSON.parse(delivered.body);
    assert.deepEqual(data.changes, ['name', 'email', 'phone', 'notes']);
    assert.equal(data.erased, true);
    assert.deepEqual([data.name, data.email, data.phone], ['Erased client', null, null]);
  });

  it('erases a second time without a change or an event', async () => {
    const count = async () =>
      Number(
        (
          await app.context.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('event', '=', 'client.updated')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const events = await count();
    const again = await admin(app, 'POST', `${salon.base}/clients/${clientId}/erase`, undefined, 200);
    assert.equal(again.body.name, 'Erased client');
    assert.equal(await count(), events);
  });
});
