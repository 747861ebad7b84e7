import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captureLogs } from './helpers/log-capture.ts';
import { admin, bookingBody, MONDAY, SCHEDULE, TEST_NOW } from './helpers/salon.ts';
import { testingOnPostgres } from './helpers/postgres.ts';
import { useSalon } from './helpers/suite.ts';

describe('the admin API', () => {
  const logs = captureLogs('warn');
  const { clock, app, salon } = useSalon({ logger: logs.logger });
  const wrongTokenLines = () => logs.entries().filter((entry) => /wrong admin token/.test(entry.msg)).length;

  it('refuses a missing or wrong token with 401, and an API key is no admin token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong-token-000000' },
      { Authorization: `Bearer ${salon.key}` },
      { 'X-API-Key': salon.key },
    ];
    for (const headers of attempts) {
      const reply = await app.request('GET', '/admin/api/status', { headers });
      assert.equal(reply.status, 401, JSON.stringify(headers));
      assert.equal(reply.body.code, 'invalid_admin_token');
    }
  });

  it('slows down guessing: after 10 wrong tokens in a minute, further wrong ones get 429; the right one still works', async () => {
    const guess = () => app.request('GET', '/admin/api/status', { headers: { Authorization: 'Bearer guess-0000000000' } });
    clock.set(TEST_NOW + 3600_000);
    const linesBefore = wrongTokenLines();
    for (let i = 0; i < 10; i++) assert.equal((await guess()).status, 401);
    const blocked = await guess();
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.code, 'too_many_attempts');
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
    // Decision (docs/decisions.md): the right token is admitted while its address is throttled.
    assert.equal((await admin(app, 'GET', '/status')).status, 200);
    assert.equal((await guess()).status, 429, 'and the admission does not reset the count');
    for (let i = 0; i < 50; i++) await guess();
    assert.equal(wrongTokenLines() - linesBefore, 10, 'throttled guesses write no log lines');
    clock.advance(60_000);
    assert.equal((await guess()).status, 401, 'a new minute, a new count');
    clock.set(TEST_NOW);
  });

  it('counts only wrong tokens presented: no header, preflights and unknown paths cannot lock the salon out (issue 14)', async () => {
    clock.set(TEST_NOW + 7200_000);
    for (let i = 0; i < 15; i++) {
      assert.equal((await app.request('GET', '/admin/api/status')).status, 401);
      assert.equal(
        (
          await app.request('OPTIONS', '/admin/api/status', {
            headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'GET' },
          })
        ).status,
        401,
      );
      assert.equal((await app.request('GET', `/admin/api/no-such-thing-${i}`)).status, 401);
      assert.equal(
        (await app.request('POST', '/admin/api/businesses', { headers: { Authorization: 'Basic YWRtaW46YWRtaW4=' } })).status,
        401,
      );
    }
    assert.equal((await admin(app, 'GET', '/status')).status, 200);
    // The count is still at zero: ten wrong tokens are answered 401, the eleventh 429.
    const guess = () => app.request('GET', '/admin/api/status', { headers: { Authorization: 'Bearer guess-0000000000' } });
    for (let i = 0; i < 10; i++) assert.equal((await guess()).status, 401, `guess ${i + 1}`);
    assert.equal((await guess()).status, 429);
    clock.set(TEST_NOW);
  });

  it('reports status for the status page', async () => {
    const reply = await admin(app, 'GET', '/status', undefined, 200);
    assert.equal(reply.body.status, 'ok');
    assert.ok(reply.body.databaseBytes > 0);
    assert.equal(reply.body.databaseEngine, testingOnPostgres() ? 'postgres' : 'sqlite');
    assert.deepEqual(Object.keys(reply.body.queue).sort(), ['due', 'inFlight', 'leased', 'scheduled']);
    assert.deepEqual(Object.keys(reply.body.deliveriesLastHour).sort(), ['failed', 'retrying', 'success']);
    const hourly = await admin(app, 'GET', '/deliveries/hourly', undefined, 200);
    assert.equal(hourly.body.data.length, 24);
    const failures = await admin(app, 'GET', '/deliveries/recent-failures?limit=5', undefined, 200);
    assert.ok(Array.isArray(failures.body.data));
    assert.equal((await admin(app, 'GET', '/deliveries/recent-failures?limit=500')).status, 400);
  });

  it('manages businesses, with validated hours and time zones', async () => {
    const created = await admin(app, 'POST', '/businesses', { name: 'Nail bar', timezone: 'America/New_York', currency: 'USD' }, 201);
    assert.equal(created.body.currency, 'USD');
    // The same phone rule as on update: a created business cannot carry what an edit would refuse.
    const badPhone = await admin(app, 'POST', '/businesses', { name: 'Phone bar', timezone: 'Europe/Berlin', phone: 'call me' });
    assert.equal(badPhone.status, 400, badPhone.text);
    assert.equal(badPhone.body.field, 'phone');
    assert.match(badPhone.body.message, /phone number/);
    const patched = await admin(app, 'PATCH', `/businesses/${created.body.id}`, { address: '5th Ave 1', slotStepMinutes: 30 }, 200);
    assert.equal(patched.body.address, '5th Ave 1');
    assert.equal(patched.body.slotStepMinutes, 30);
    const closedMonday = { ...patched.body.workingHours, mon: [] };
    assert.deepEqual(
      (await admin(app, 'PATCH', `/businesses/${created.body.id}`, { workingHours: closedMonday }, 200)).body.workingHours.mon,
      [],
    );
    const cases: Array<[unknown, string]> = [
      [{ timezone: 'Europe/Atlantis' }, 'timezone'],
      [{ workingHours: { ...closedMonday, tue: [{ start: '18:00', end: '09:00' }] } }, 'workingHours'],
      [
        {
          workingHours: {
            ...closedMonday,
            tue: [
              { start: '09:00', end: '13:00' },
              { start: '12:00', end: '18:00' },
            ],
          },
        },
        'workingHours',
      ],
      [{ workingHours: { ...closedMonday, tue: [{ start: '9am', end: '13:00' }] } }, 'workingHours.tue[0].start'],
      [{ slotStepMinutes: 7 }, 'slotStepMinutes'],
      [{}, undefined as unknown as string],
    ];
    for (const [body, field] of cases) {
      const reply = await admin(app, 'PATCH', `/businesses/${created.body.id}`, body);
      assert.equal(reply.status, 400, JSON.stringify(body));
      if (field) assert.equal(reply.body.field, field);
    }
    assert.equal((await admin(app, 'GET', '/businesses/999')).status, 404);
  });

  it('manages services; a deleted service is gone from the catalog and from staff', async () => {
    const s = (await admin(app, 'POST', `${salon.base}/services`, { name: 'Perm', durationMinutes: 120, price: 12000 }, 201)).body;
    assert.equal(s.currency, 'EUR', 'the business currency by default');
    assert.equal((await admin(app, 'POST', `${salon.base}/services`, { name: 'X', durationMinutes: 3, price: 1 })).status, 400);
    assert.equal((await admin(app, 'POST', `${salon.base}/services`, { name: 'X', durationMinutes: 30, price: -1 })).status, 400);
    assert.equal((await admin(app, 'POST', `${salon.base}/services`, { name: 'X', durationMinutes: 30, price: 9.99 })).status, 400);
    await admin(app, 'PUT', `${salon.base}/staff/${salon.anna}/services`, { serviceIds: [salon.haircut, s.id] }, 200);
    await admin(app, 'DELETE', `${salon.base}/services/${s.id}`, undefined, 204);
    assert.equal((await admin(app, 'GET', `${salon.base}/services/${s.id}`)).status, 404);
    assert.equal((await admin(app, 'DELETE', `${salon.base}/services/${s.id}`)).status, 404);
    const anna = await admin(app, 'GET', `${salon.base}/staff/${salon.anna}`, undefined, 200);
    assert.deepEqual(anna.body.serviceIds, [salon.haircut]);
  });

  it('manages staff: schedules are checked, unknown services refused, private data kept to the admin API', async () => {
    const member = (await admin(app, 'POST', `${salon.base}/staff`, { name: 'Cleo', email: 'cleo@salon.test' }, 201)).body;
    assert.deepEqual(member.schedule.mon, { hours: [{ start: '09:00', end: '18:00' }], breaks: [] }, 'the business hours by default');
    const overlap = {
      ...SCHEDULE,
      mon: {
        hours: [{ start: '09:00', end: '18:00' }],
        breaks: [
          { start: '12:00', end: '13:00' },
          { start: '12:30', end: '14:00' },
        ],
      },
    };
    assert.equal((await admin(app, 'PUT', `${salon.base}/staff/${member.id}/schedule`, overlap)).status, 400);
    assert.equal(
      (await admin(app, 'PUT', `${salon.base}/staff/${member.id}/schedule`, { mon: SCHEDULE.mon })).status,
      400,
      'every weekday',
    );
    assert.equal((await admin(app, 'PUT', `${salon.base}/staff/${member.id}/services`, { serviceIds: [424242] })).status, 400);
    const off = await admin(app, 'PATCH', `${salon.base}/staff/${member.id}`, { active: false }, 200);
    assert.equal(off.body.active, false);
    const listed = await app.request('GET', '/v1/integration/staff', { key: salon.key });
    assert.ok(!listed.body.data.some((s: { id: number }) => s.id === member.id), 'inactive staff are not listed');
    for (const s of listed.body.data) {
      assert.deepEqual(Object.keys(s).sort(), ['id', 'name', 'services', 'title']);
    }
  });

  it('manages clients: one per e-mail address, searchable', async () => {
    const c = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Dora Danger', email: 'Dora@Example.com' }, 201)).body;
    const dup = await admin(app, 'POST', `${salon.base}/clients`, { name: 'Other Dora', email: 'dora@example.com' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'client_email_taken');
    const other = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Eve', phone: '+49 1' }, 201)).body;
    assert.equal((await admin(app, 'PATCH', `${salon.base}/clients/${other.id}`, { email: 'DORA@example.com' })).status, 409);
    const found = await admin(app, 'GET', `${salon.base}/clients?search=danger`, undefined, 200);
    assert.deepEqual(
      found.body.data.map((x: { id: number }) => x.id),
      [c.id],
    );
    const literal = await admin(app, 'GET', `${salon.base}/clients?search=%25`, undefined, 200);
    assert.equal(literal.body.total, 0, '% is taken literally');
  });

  it('gives one of several simultaneous new clients with one e-mail address a 201, the others 409, never a 500', async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => admin(app, 'POST', `${salon.base}/clients`, { name: `Twin ${i}`, email: 'twin@example.com' })),
    );
    const statuses = replies.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, ...Array(11).fill(409)], replies.map((r) => r.text).join('\n'));
    assert.ok(replies.every((r) => r.status === 201 || r.body.code === 'client_email_taken'));
  });

  it('records reviews only for completed visits, once each', async () => {
    const booking = (
      await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T16:00:00+01:00`),
      })
    ).body;
    const early = await admin(app, 'POST', `${salon.base}/reviews`, { rating: 4, bookingId: booking.id });
    assert.equal(early.status, 409);
    assert.equal(early.body.code, 'booking_not_completed');
    clock.set(Date.parse(`${MONDAY}T16:30:00+01:00`));
    await admin(app, 'POST', `${salon.base}/bookings/${booking.id}/complete`, undefined, 200);
    clock.set(TEST_NOW);
    assert.equal((await admin(app, 'POST', `${salon.base}/reviews`, { rating: 4, bookingId: booking.id })).status, 201);
    const twice = await admin(app, 'POST', `${salon.base}/reviews`, { rating: 1, bookingId: booking.id });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.code, 'already_reviewed');
    assert.equal((await admin(app, 'POST', `${salon.base}/reviews`, { rating: 6 })).status, 400);
    assert.equal((await admin(app, 'POST', `${salon.base}/reviews`, { rating: 3, authorName: 'Walk-in' })).status, 201);
    // The salon's list says which visit and client each review is about; integrations' does not.
    const listed = (await admin(app, 'GET', `${salon.base}/reviews`, undefined, 200)).body;
    assert.deepEqual(
      listed.data.map((r: Record<string, unknown>) => [r.authorName, r.bookingId, r.clientId]),
      [
        ['Walk-in', null, null],
        ['Ada', booking.id, booking.client.id],
      ],
    );
    const integration = (await app.request('GET', '/v1/integration/reviews', { key: salon.key })).body;
    assert.equal('bookingId' in integration.data[0] || 'clientId' in integration.data[0], false);
    assert.equal((await admin(app, 'GET', `${salon.base}/reviews?staffId=abc`)).status, 400);
  });

  it('never refunds more than was paid', async () => {
    const booking = (
      await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T09:00:00+01:00`),
      })
    ).body;
    const paid = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId: booking.id, amount: 2000, method: 'cash' }, 201)).body;
    assert.equal(paid.currency, 'EUR');
    assert.equal((await admin(app, 'POST', `${salon.base}/payments/${paid.id}/refund`, { amount: 1500 })).status, 201);
    const over = await admin(app, 'POST', `${salon.base}/payments/${paid.id}/refund`, { amount: 501 });
    assert.equal(over.status, 409);
    assert.equal(over.body.code, 'refund_exceeds_payment');
    assert.match(over.body.message, /At most 500/);
    // The amounts as numbers, for a page to say in its own words and money (issue 27's German day).
    assert.deepEqual(
      { refundable: over.body.refundable, paid: over.body.paid, refunded: over.body.refunded, currency: over.body.currency },
      { refundable: 500, paid: 2000, refunded: 1500, currency: 'EUR' },
    );
    assert.equal((await admin(app, 'POST', `${salon.base}/payments/${paid.id}/refund`, { amount: 500 })).status, 201);
    assert.equal((await admin(app, 'POST', `${salon.base}/payments/${paid.id}/refund`, { amount: 1 })).status, 409);
    const refundRow = (await admin(app, 'GET', `${salon.base}/payments?bookingId=${booking.id}`, undefined, 200)).body.data[0];
    assert.equal(
      (await admin(app, 'POST', `${salon.base}/payments/${refundRow.id}/refund`, { amount: 1 })).status,
      404,
      'a refund is not refundable',
    );
    for (const body of [
      { bookingId: booking.id, amount: 0, method: 'cash' },
      { bookingId: booking.id, amount: 10, method: 'gold' },
    ]) {
      assert.equal((await admin(app, 'POST', `${salon.base}/payments`, body)).status, 400);
    }
    assert.equal((await admin(app, 'POST', `${salon.base}/payments`, { bookingId: 999999, amount: 10, method: 'cash' })).status, 404);
  });

  it('takes at most twice a booking’s price, refunds subtracted: the price and a tip as large (issue 26)', async () => {
    const booking = (
      await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T14:00:00+01:00`),
      })
    ).body;
    assert.equal(booking.price, 3500);
    const pay = (amount: number) => admin(app, 'POST', `${salon.base}/payments`, { bookingId: booking.id, amount, method: 'cash' });
    const payments = async () => (await admin(app, 'GET', `${salon.base}/payments?bookingId=${booking.id}`, undefined, 200)).body.total;

    const million = await pay(100_000_000); // 1 000 000.00 for a 35.00 haircut
    assert.equal(million.status, 409, million.text);
    assert.equal(million.body.code, 'payment_too_large');
    assert.match(
      million.body.message,
      /^At most 7000 more can be paid for this booking: .* twice its price .* it costs 3500 and has 0 paid\.$/,
    );
    assert.equal(await payments(), 0, 'nothing was recorded');

    const first = (await pay(5000)).body;
    assert.equal(first.amount, 5000, 'the price and a tip');
    const over = await pay(2001);
    assert.equal(over.body.code, 'payment_too_large');
    assert.match(over.body.message, /^At most 2000 more /);
    assert.equal((await pay(2000)).status, 201);
    assert.equal((await pay(1)).status, 409, 'paid twice over: nothing more');
    await admin(app, 'POST', `${salon.base}/payments/${first.id}/refund`, { amount: 1000 }, 201);
    assert.equal((await pay(1000)).status, 201, 'a refund makes room again');
    assert.equal(await payments(), 4);
  });

  it('stores a time zone under one name and refuses UTC offsets, on create and on change (issue 26)', async () => {
    for (const [typed, stored] of [
      ['europe/berlin', 'Europe/Berlin'],
      ['utc', 'UTC'],
      ['AMERICA/NEW_YORK', 'America/New_York'],
      ['Asia/Kolkata', 'Asia/Kolkata'], // another name of ICU's Asia/Calcutta, spelled as zone names are: kept
      ['asia/kolkata', 'Asia/Calcutta'], // its own spelling unknown: the database's name of the zone
      ['Etc/GMT+5', 'Etc/GMT+5'],
    ] as const) {
      const created = await admin(app, 'POST', '/businesses', { name: `Zone ${typed}`, timezone: typed }, 201);
      assert.equal(created.body.timezone, stored, typed);
      assert.equal((await admin(app, 'GET', `/businesses/${created.body.id}`, undefined, 200)).body.timezone, stored, typed);
      const changed = await admin(app, 'PATCH', `/businesses/${created.body.id}`, { timezone: typed.toLowerCase() }, 200);
      assert.equal(changed.body.timezone, typed === 'Asia/Kolkata' ? 'Asia/Calcutta' : stored, `${typed} in lower case`);
    }
    const salonZone = (await admin(app, 'GET', salon.base, undefined, 200)).body.timezone;
    for (const offset of ['+05:30', '-03', '+0100', '-00:00']) {
      const created = await admin(app, 'POST', '/businesses', { name: 'Offset', timezone: offset });
      assert.equal(created.status, 400, `${offset}: ${created.text}`);
      assert.equal(created.body.field, 'timezone');
      assert.equal(
        created.body.message,
        `"timezone" must be a time zone's name such as Europe/Berlin or Asia/Kolkata, not a UTC offset ("${offset}"): an offset does not follow summer time.`,
      );
      const changed = await admin(app, 'PATCH', salon.base, { timezone: offset });
      assert.equal(changed.status, 400, `${offset}: ${changed.text}`);
    }
    assert.equal((await admin(app, 'GET', salon.base, undefined, 200)).body.timezone, salonZone, 'nothing changed');
  });

  it('manages API keys: create (value once), list without values, revoke, regenerate', async () => {
    const created = await admin(
      app,
      'POST',
      `${salon.base}/keys`,
      { name: 'CRM', scopes: ['bookings:read'], allowedOrigins: ['crm.example.com'] },
      201,
    );
    assert.match(created.body.key, /^bk_live_/);
    const list = await admin(app, 'GET', `${salon.base}/keys`, undefined, 200);
    assert.ok(list.body.data.every((k: object) => !('key' in k)));
    assert.doesNotMatch(list.text, /bk_live_/);
    const regenerated = await admin(app, 'POST', `${salon.base}/keys/${created.body.id}/regenerate`, undefined, 200);
    assert.notEqual(regenerated.body.key, created.body.key);
    assert.equal(
      (await app.request('GET', '/v1/integration/bookings', { key: created.body.key, headers: { Origin: 'https://crm.example.com' } }))
        .status,
      401,
    );
    assert.equal(
      (await app.request('GET', '/v1/integration/bookings', { key: regenerated.body.key, headers: { Origin: 'https://crm.example.com' } }))
        .status,
      200,
    );
    await admin(app, 'POST', `${salon.base}/keys/${created.body.id}/revoke`, undefined, 200);
    const revoked = await app.request('GET', '/v1/integration/bookings', {
      key: regenerated.body.key,
      headers: { Origin: 'https://crm.example.com' },
    });
    assert.equal(revoked.body.code, 'api_key_revoked');
    assert.equal((await admin(app, 'POST', `${salon.base}/keys`, { name: 'x', scopes: [] })).status, 400);
    // A leap second would have been stored as "never expires".
    const leap = await admin(app, 'POST', `${salon.base}/keys`, {
      name: 'x',
      scopes: ['bookings:read'],
      expiresAt: '2030-06-30T23:59:60Z',
    });
    assert.equal(leap.status, 400, leap.text);
    assert.equal(leap.body.field, 'expiresAt');
    const presets = await admin(app, 'GET', '/scopes', undefined, 200);
    assert.deepEqual(presets.body.presets.widget.scopes, ['services:read', 'staff:read', 'slots:read', 'bookings:write']);
  });
});
