import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, requestAt, tempDataDir, tempSecretsKeyFile, type Reply, type RequestOptions, type TestApp } from './helpers/app.ts';
import { startServeProcess } from './helpers/cli.ts';
import { salonTime, workday, workdays } from './helpers/dates.ts';
import { freshTestDatabase, testingOnPostgres } from './helpers/postgres.ts';
import { Receiver } from './helpers/receiver.ts';
import { admin, bookingBody, makeSalon, type Salon } from './helpers/salon.ts';
import { eventually, sleep } from './helpers/wait.ts';

/**
 * Several real `booking-api serve` processes on one PostgreSQL database (the PostgreSQL leg of
 * npm test runs this file): what one instance does, the others see and respect.
 */

type Server = Awaited<ReturnType<typeof startServeProcess>>;

/** A client of one instance, shaped like TestApp for the salon helpers. */
export class Instance {
  readonly server: Server;
  constructor(server: Server) {
    this.server = server;
  }
  get url(): string {
    return this.server.url;
  }
  request(method: string, pathname: string, options: RequestOptions = {}): Promise<Reply> {
    return requestAt(this.url, method, pathname, options);
  }
  /** For helpers written for TestApp (they only call request()). */
  get asApp(): TestApp {
    return this as unknown as TestApp;
  }
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.server.child.exitCode !== null || this.server.child.signalCode !== null) return;
    this.server.child.kill(signal);
    await this.server.exited;
  }
}

/** `count` servers started at once on the database `url`, with `env` on top of the defaults. */
export async function startInstances(url: string, count: number, env: Record<string, string> = {}): Promise<Instance[]> {
  // Every instance seals and opens webhook secrets with the same key (docs/scaling.md).
  const secretsKeyFile = tempSecretsKeyFile();
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      startServeProcess(['--data', tempDataDir()], {
        BOOKING_DATABASE_URL: url,
        BOOKING_ADMIN_TOKEN: ADMIN_TOKEN,
        BOOKING_ALLOW_PRIVATE_TARGETS: 'true',
        BOOKING_LOG_LEVEL: 'error',
        BOOKING_SECRETS_KEY_FILE: secretsKeyFile,
        ...env,
      }),
    ),
  );
  return servers.map((server) => new Instance(server));
}

/** Polls `probe` on an instance until it is true; fails if that takes more than `withinMs`. */
async function seenWithin(withinMs: number, what: string, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - started;
    if (Date.now() - started > withinMs) assert.fail(`${what}: not seen within ${withinMs} ms`);
    await sleep(50);
  }
}

/** Waits, if needed, so that the next `ms` fall inside one clock minute (the rate window). */
async function clearOfMinuteEnd(ms: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await sleep(left + 50);
}

describe('several instances on one PostgreSQL database', { skip: !testingOnPostgres() && 'runs in the PostgreSQL leg of npm test' }, () => {
  let instances: Instance[];
  let salon: Salon;
  let receiver: Receiver;

  before(async () => {
    receiver = await Receiver.start(() => ({ status: 200 }));
    instances = await startInstances(await freshTestDatabase(), 3);
    salon = await makeSalon(instances[0]!.asApp);
  });
  after(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.kill()));
    await receiver?.close();
  });

  /** A key of its own for each test (each has its own 60 a minute), through the admin API of instance 0. */
  const newKey = async () =>
    (
      await admin(
        instances[0]!.asApp,
        'POST',
        `${salon.base}/keys`,
        { name: 'test', scopes: ['services:read', 'staff:read', 'slots:read', 'bookings:read', 'bookings:write', 'webhooks:manage'] },
        201,
      )
    ).body as { id: number; key: string };

  it('admits exactly 60 of 75 rapid requests of one key spread over three instances, and X-RateLimit-* agree', async () => {
    await clearOfMinuteEnd(10_000);
    const replies = await Promise.all(
      Array.from({ length: 75 }, (_, i) => instances[i % 3]!.request('GET', '/v1/integration/services', { key: salon.key })),
    );
    const admitted = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 429);
    assert.equal(admitted.length, 60, replies.map((r) => r.status).join(' '));
    assert.equal(refused.length, 15);
    // Each admitted request saw a count of its own: remaining 59, 58, … 0, once each.
    const remaining = admitted.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b);
    assert.deepEqual(
      remaining,
      Array.from({ length: 60 }, (_, i) => i),
    );
    for (const reply of replies) assert.equal(reply.headers.get('x-ratelimit-limit'), '60');
    for (const reply of refused) {
      assert.equal(reply.headers.get('x-ratelimit-remaining'), '0');
      assert.equal(reply.body.code, 'rate_limited');
    }
    const resets = new Set(replies.map((r) => r.headers.get('x-ratelimit-reset')));
    assert.equal(resets.size, 1, 'one minute window for all three instances');
  });

  it('sees a change made through another instance within 1 s: keys, services, staff, schedules, webhooks', async () => {
    const A = instances[0]!;
    const B = instances[1]!;
    // A key revoked through A is refused by B.
    const doomed = await newKey();
    assert.equal((await B.request('GET', '/v1/integration/services', { key: doomed.key })).status, 200);
    await admin(A.asApp, 'POST', `${salon.base}/keys/${doomed.id}/revoke`, undefined, 200);
    await seenWithin(
      1_000,
      'revoked key',
      async () => (await B.request('GET', '/v1/integration/services', { key: doomed.key })).status === 401,
    );
    // A regenerated key: the old value is refused by B, the new one admitted.
    const renewed = await newKey();
    assert.equal((await B.request('GET', '/v1/integration/services', { key: renewed.key })).status, 200);
    const fresh = (await admin(A.asApp, 'POST', `${salon.base}/keys/${renewed.id}/regenerate`, undefined, 200)).body.key as string;
    await seenWithin(
      1_000,
      'regenerated key',
      async () => (await B.request('GET', '/v1/integration/services', { key: renewed.key })).status === 401,
    );
    assert.equal((await B.request('GET', '/v1/integration/services', { key: fresh })).status, 200);

    // A service renamed through A is listed by B under its new name.
    let key = (await newKey()).key;
    assert.equal((await B.request('GET', '/v1/integration/services', { key })).status, 200);
    await admin(A.asApp, 'PATCH', `${salon.base}/services/${salon.haircut}`, { name: 'Cut and dry' }, 200);
    await seenWithin(1_000, 'renamed service', async () =>
      (await B.request('GET', '/v1/integration/services', { key })).body.data.some((s: { name: string }) => s.name === 'Cut and dry'),
    );
    // A staff member renamed through A.
    key = (await newKey()).key;
    assert.equal((await B.request('GET', '/v1/integration/staff', { key })).status, 200);
    await admin(A.asApp, 'PATCH', `${salon.base}/staff/${salon.ben}`, { name: 'Benjamin' }, 200);
    await seenWithin(1_000, 'renamed staff member', async () =>
      (await B.request('GET', '/v1/integration/staff', { key })).body.data.some((s: { name: string }) => s.name === 'Benjamin'),
    );
    // A schedule emptied through A: B offers Ben no slot that day.
    key = (await newKey()).key;
    const day = workday(Date.now(), { daysAhead: 20 });
    const slotsOfBen = async () =>
      (await B.request('GET', `/v1/integration/slots?serviceId=${salon.haircut}&date=${day}&staffId=${salon.ben}`, { key })).body
        .total as number;
    assert.ok((await slotsOfBen()) > 0);
    const closed = { hours: [], breaks: [] };
    const schedule = { mon: closed, tue: closed, wed: closed, thu: closed, fri: closed, sat: closed, sun: closed };
    await admin(A.asApp, 'PUT', `${salon.base}/staff/${salon.ben}/schedule`, schedule, 200);
    await seenWithin(1_000, 'changed schedule', async () => (await slotsOfBen()) === 0);

    // A webhook registered through A hears a booking made through B.
    key = (await newKey()).key;
    const first = await B.request('POST', '/v1/integration/bookings', {
      key,
      body: bookingBody(salon.haircut, salonTime(workday(Date.now(), { daysAhead: 21 }), '10:00'), { staffId: salon.anna }),
    });
    assert.equal(first.status, 201, first.text);
    const hook = await A.request('POST', '/v1/integration/webhooks', {
      key,
      body: { targetUrl: receiver.url('/fresh'), events: ['booking.created'] },
    });
    assert.equal(hook.status, 201, hook.text);
    // B fans the booking's event out to the webhooks it knows of, right after A answered: one that
    // B has not heard of gets no delivery at all, however long it waits. When the delivery
    // arrives does not matter here, so a loaded machine gets 10 s for it.
    const booked = await B.request('POST', '/v1/integration/bookings', {
      key,
      body: bookingBody(salon.haircut, salonTime(workday(Date.now(), { daysAhead: 21 }), '11:00'), { staffId: salon.anna }),
    });
    assert.equal(booked.status, 201, booked.text);
    await eventually(
      () => receiver.requests.find((r) => r.path === '/fresh' && JSON.parse(r.body).data.bookingId === booked.body.id),
      10_000,
      'the booking made through B, delivered to the webhook registered through A',
    );
  });

  it("sees the salon's mail server set or removed through another instance at its very next booking", async () => {
    const A = instances[0]!;
    const B = instances[1]!;
    const { key } = await newKey();
    const day = workday(Date.now(), { daysAhead: 18 });
    /** A booking through B, and its client's message as its history tells it: [status, error]. */
    const bookThroughB = async (time: string) => {
      const booked = await B.request('POST', '/v1/integration/bookings', {
        key,
        body: bookingBody(salon.haircut, salonTime(day, time), { staffId: salon.anna }),
      });
      assert.equal(booked.status, 201, booked.text);
      const history = await admin(A.asApp, 'GET', `${salon.base}/bookings/${booked.body.id}/events`, undefined, 200);
      const [message] = history.body.data[0].messages;
      return [message.status, message.error] as [string, string | null];
    };
    // B knows the salon without a mail server of its own (its directory in memory)...
    const [before, why] = await bookThroughB('14:00');
    assert.equal(before, 'skipped');
    assert.match(why!, /No mail server is set up/);
    // ...A sets one (nobody listens on the port: the message may fail later, but it is not skipped)...
    await admin(A.asApp, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: 9, tls: 'none' }, 200);
    // ...and B's next booking, with no wait, queues its client's message.
    assert.notEqual((await bookThroughB('15:00'))[0], 'skipped');
    // Removed through A: B's next booking skips it again.
    await admin(A.asApp, 'DELETE', `${salon.base}/mail`, undefined, 204);
    assert.deepEqual(await bookThroughB('16:00'), ['skipped', why]);
  });

  it('lets no slot be booked twice, whichever instances the requests reach at once', async () => {
    const { key } = await newKey();
    const at = salonTime(workday(Date.now(), { daysAhead: 15 }), '11:00');
    const replies = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        instances[i % 3]!.request('POST', '/v1/integration/bookings', {
          key,
          body: bookingBody(salon.haircut, at, { staffId: salon.anna, client: { name: `Client ${i}`, email: `c${i}@example.com` } }),
        }),
      ),
    );
    assert.deepEqual(
      replies.map((r) => r.status).sort(),
      [201, 409, 409, 409, 409, 409, 409, 409, 409],
      replies.map((r) => r.text).join('\n'),
    );
    for (const reply of replies.filter((r) => r.status === 409)) assert.equal(reply.body.code, 'slot_unavailable');
    const listed = await instances[2]!.request('GET', `/v1/integration/bookings?limit=100&staffId=${salon.anna}`, {
      key,
    });
    assert.equal(listed.status, 200, listed.text);
    assert.equal(
      listed.body.data.filter(
        (bk: { startTime: string; staffId: number }) => bk.staffId === salon.anna && Date.parse(bk.startTime) === Date.parse(at),
      ).length,
      1,
    );
  });

  it('answers one Idempotency-Key once, whichever instances its repeats reach at once', async () => {
    const { key } = await newKey();
    const body = bookingBody(salon.haircut, salonTime(workday(Date.now(), { daysAhead: 16 }), '12:00'), { staffId: salon.anna });
    const replies = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        instances[i % 3]!.request('POST', '/v1/integration/bookings', { key, body, headers: { 'Idempotency-Key': 'same-request-1' } }),
      ),
    );
    assert.deepEqual(
      replies.map((r) => r.status),
      Array(9).fill(201),
      replies.map((r) => r.text).join('\n'),
    );
    assert.equal(new Set(replies.map((r) => r.body.id)).size, 1, 'one booking');
    assert.equal(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true').length, 8);
  });

  it('holds the cap of 10 active webhooks per key across instances', async () => {
    const { key } = await newKey();
    const replies = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        instances[i % 3]!.request('POST', '/v1/integration/webhooks', {
          key,
          body: { targetUrl: receiver.url(`/cap-${i}`), events: ['booking.cancelled'] },
        }),
      ),
    );
    assert.equal(replies.filter((r) => r.status === 201).length, 10, replies.map((r) => r.status).join(' '));
    const refused = replies.filter((r) => r.status === 409);
    assert.equal(refused.length, 4);
    for (const reply of refused) assert.equal(reply.body.code, 'webhook_limit_reached');
    const listed = await instances[0]!.request('GET', '/v1/integration/webhooks', { key });
    assert.equal(listed.body.total, 10);
  });
});

describe('three instances under booking and delivery load, one killed with SIGKILL mid-way', {
  skip: !testingOnPostgres() && 'runs in the PostgreSQL leg of npm test',
}, () => {
  it('delivers every committed event, keeps exactly the bookings answered 201, no slot twice, limits exact', async () => {
    // Receivers that take a while, so the instance killed has sends in flight.
    const receiver = await Receiver.start(() => ({ status: 200, delayMs: 400 }));
    const url = await freshTestDatabase();
    // Short timeout and lease: the killed instance's attempts are taken over within 1 + 1 s + a tick.
    const instances = await startInstances(url, 3, {
      BOOKING_DELIVERY_TIMEOUT_MS: '1000',
      BOOKING_DELIVERY_LEASE_MARGIN_MS: '1000',
      BOOKING_RETRY_DELAYS: '0,1,1,1',
      BOOKING_LOG_LEVEL: 'warn',
    });
    const { default: pg } = await import('pg');
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const salon = await makeSalon(instances[0]!.asApp, 'Chain', 'UTC');
      const newKey = async (via = instances[0]!) =>
        (
          await admin(
            via.asApp,
            'POST',
            `${salon.base}/keys`,
            { name: 'load', scopes: ['services:read', 'bookings:read', 'bookings:write', 'webhooks:manage'] },
            201,
          )
        ).body.key as string;
      const keys = await Promise.all([0, 1, 2, 3].map(() => newKey()));
      // Two webhooks hear every booking.created: each booking is two deliveries.
      for (const path of ['/one', '/two']) {
        const hook = await instances[1]!.request('POST', '/v1/integration/webhooks', {
          key: keys[0]!,
          body: { targetUrl: receiver.url(path), events: ['booking.created'] },
        });
        assert.equal(hook.status, 201, hook.text);
      }
      await sleep(300); // the other instances hear of the webhooks (tested above: within 1 s)

      // 60 distinct slots (2 staff × 6 hours × 5 days) and 12 requests for slots already asked for.
      const slots: Array<{ staffId: number; at: string }> = [];
      for (const day of workdays(Date.now(), 5, { daysAhead: 14, zone: 'UTC' })) {
        for (const hour of ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00']) {
          for (const staffId of [salon.anna, salon.ben]) {
            slots.push({ staffId, at: salonTime(day, hour, 'UTC') });
          }
        }
      }
      const requests = [...slots, ...slots.filter((_, i) => i % 5 === 0)].map((slot, i) => ({
        ...slot,
        key: keys[i % 4]!,
        idempotencyKey: `load-${i}`,
        first: i % 3,
      }));
      const dead = new Set<number>();
      let booked0!: (bookingId: number) => void;
      const midway = new Promise<number>((resolve) => (booked0 = resolve));
      const answers: Array<{ status: number; id?: number; code?: string }> = [];
      /** Sends one booking; an instance that does not answer is replaced by the next, with the same Idempotency-Key. */
      const send = async (request: (typeof requests)[number]) => {
        for (let attempt = 0; attempt < 6; attempt++) {
          const target = (request.first + attempt) % 3;
          if (dead.has(target)) continue;
          try {
            const reply = await instances[target]!.request('POST', '/v1/integration/bookings', {
              key: request.key,
              headers: { 'Idempotency-Key': request.idempotencyKey },
              body: bookingBody(salon.haircut, request.at, { staffId: request.staffId }),
            });
            if (reply.status === 201 || reply.status === 409) {
              answers.push({ status: reply.status, id: reply.body.id, code: reply.body.code });
              // Instance 0 sends the deliveries of its own bookings at once: they are in flight now.
              if (target === 0 && reply.status === 201 && answers.length >= requests.length / 2) booked0(reply.body.id);
              return;
            }
            const output = instances[target]!.server.output();
            const log = `${output.stdout}${output.stderr}`
              .split('\n')
              .filter((line) => line.includes(reply.body?.requestId ?? '-') || line.includes('"level":50'));
            assert.fail(`unexpected answer ${reply.status}: ${reply.text}\n${log.join('\n')}`);
          } catch (error) {
            if ((error as Error).name === 'AssertionError') throw error;
            // No answer (the instance died mid-request): ask another instance.
          }
        }
        assert.fail(`no instance answered ${request.idempotencyKey}`);
      };

      let next = 0;
      const clients = Array.from({ length: 6 }, async () => {
        while (next < requests.length) await send(requests[next++]!);
      });
      // Mid-way, right after it answered 201 (its deliveries in flight at the slow receiver), instance 0 dies.
      const bookingOf0 = await midway;
      const sentBy0 = await eventually(
        () => receiver.requests.find((r) => JSON.parse(r.body).data.bookingId === bookingOf0),
        10_000,
        "instance 0's own delivery reaching the receiver",
      );
      assert.ok(sentBy0);
      dead.add(0);
      await instances[0]!.kill('SIGKILL');
      const killedAt = Date.now();

      // Limits stay exact on the survivors, under the load: 75 rapid requests of a fresh key, 60 admitted.
      const probeKey = await newKey(instances[1]!);
      await clearOfMinuteEnd(5_000);
      const probes = await Promise.all(
        Array.from({ length: 75 }, (_, i) => instances[1 + (i % 2)]!.request('GET', '/v1/integration/services', { key: probeKey })),
      );
      assert.equal(probes.filter((r) => r.status === 200).length, 60, probes.map((r) => r.status).join(' '));
      assert.equal(probes.filter((r) => r.status === 429).length, 15);
      await Promise.all(clients);

      const created = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status === 409);
      assert.equal(answers.length, requests.length, 'every request answered by some instance');
      for (const answer of refused) assert.equal(answer.code, 'slot_unavailable');
      assert.equal(new Set(created.map((a) => a.id)).size, slots.length, 'each distinct slot booked once');

      // The database holds exactly the bookings answered 201, and no slot twice.
      const { rows: stored } = await db.query<{ id: string }>('select id from bookings order by id');
      assert.deepEqual(
        stored.map((r) => Number(r.id)),
        [...new Set(created.map((a) => a.id!))].sort((x, y) => x - y),
      );
      const { rows: twice } = await db.query('select staff_id, start_at from bookings group by staff_id, start_at having count(*) > 1');
      assert.deepEqual(twice, []);

      // Every committed event reached both receivers: each delivery has a successful attempt and the
      // receiver saw its delivery id (the killed instance's sends are sent again by the others).
      const { rows: deliveries } = await db.query<{ delivery_id: string }>('select delivery_id from deliveries');
      assert.equal(deliveries.length, slots.length * 2);
      await eventuallyDelivered(db, 15_000);
      const seen = new Set(receiver.requests.map((r) => r.headers['x-webhook-delivery']));
      assert.ok(receiver.requests.length > deliveries.length, 'what instance 0 had in flight was sent again by the others');
      assert.deepEqual(
        deliveries.map((d) => d.delivery_id).filter((id) => !seen.has(id)),
        [],
        'deliveries the receiver never saw',
      );
      console.log(
        JSON.stringify({
          requests: requests.length,
          created: created.length,
          refused: refused.length,
          deliveries: deliveries.length,
          atReceiver: receiver.requests.length,
          allDeliveredMsAfterKill: Date.now() - killedAt,
        }),
      );
    } finally {
      await db.end();
      await Promise.all(instances.map((instance) => instance.kill()));
      await receiver.close();
    }
  });
});

/** Waits until every attempt is finished and every delivery has a successful one. */
async function eventuallyDelivered(db: import('pg').Client, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { rows } = await db.query<{ missing: string }>(
      `select count(*) as missing from deliveries d
       where not exists (select 1 from delivery_attempts a where a.delivery_pk = d.id and a.status = 'success')`,
    );
    if (Number(rows[0]!.missing) === 0) return;
    if (Date.now() > deadline) {
      const { rows: attempts } = await db.query(
        'select status, error_message, lease_until is not null as leased, count(*) from delivery_attempts group by 1, 2, 3',
      );
      assert.fail(`${rows[0]!.missing} deliveries still without a successful attempt: ${JSON.stringify(attempts)}`);
    }
    await sleep(100);
  }
}
