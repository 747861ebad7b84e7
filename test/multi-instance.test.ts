import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, tempDataDir, type Reply, type TestApp } from './helpers/app.ts';
import { startServeProcess } from './helpers/cli.ts';
import { freshTestDatabase, testingOnPostgres } from './helpers/postgres.ts';
import { Receiver } from './helpers/receiver.ts';
import { admin, bookingBody, makeSalon, type Salon } from './helpers/salon.ts';
import { sleep } from './helpers/wait.ts';

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
  async request(
    method: string,
    pathname: string,
    options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers['X-API-Key'] = options.key;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(this.url + pathname, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
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
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      startServeProcess(['--data', tempDataDir()], {
        BOOKING_DATABASE_URL: url,
        BOOKING_ADMIN_TOKEN: ADMIN_TOKEN,
        BOOKING_ALLOW_PRIVATE_TARGETS: 'true',
        BOOKING_LOG_LEVEL: 'error',
        ...env,
      }),
    ),
  );
  return servers.map((server) => new Instance(server));
}

/** A working day (not Sunday) two weeks ahead, as YYYY-MM-DD: bookable by the real clock of the servers. */
export function futureWorkday(daysAhead = 14): string {
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
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
    const day = futureWorkday(20);
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
      body: bookingBody(salon.haircut, `${futureWorkday(21)}T09:00:00Z`, { staffId: salon.anna }),
    });
    assert.equal(first.status, 201, first.text);
    const hook = await A.request('POST', '/v1/integration/webhooks', {
      key,
      body: { targetUrl: receiver.url('/fresh'), events: ['booking.created'] },
    });
    assert.equal(hook.status, 201, hook.text);
    const registered = Date.now();
    await seenWithin(1_000, 'new webhook', async () => {
      const booked = await B.request('POST', '/v1/integration/bookings', {
        key,
        body: bookingBody(
          salon.haircut,
          `${futureWorkday(21)}T${String(10 + (Date.now() % 6)).padStart(2, '0')}:${String(Math.floor(Math.random() * 4) * 15).padStart(2, '0')}:00Z`,
          { staffId: salon.anna },
        ),
      });
      if (booked.status !== 201) return false;
      await sleep(200);
      return receiver.requests.some((r) => r.path === '/fresh' && JSON.parse(r.body).data.bookingId === booked.body.id);
    }).catch((error) => assert.fail(`${error.message} (${Date.now() - registered} ms)`));
  });

  it('lets no slot be booked twice, whichever instances the requests reach at once', async () => {
    const { key } = await newKey();
    const at = `${futureWorkday(15)}T10:00:00Z`;
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
    const body = bookingBody(salon.haircut, `${futureWorkday(16)}T11:00:00Z`, { staffId: salon.anna });
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
