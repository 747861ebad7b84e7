import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workday } from './helpers/dates.ts';
import { tempDataDir } from './helpers/app.ts';
import { cliJson, startServeProcess } from './helpers/cli.ts';
import { Receiver } from './helpers/receiver.ts';
import { eventually } from './helpers/wait.ts';

const ENV = {
  BOOKING_ADMIN_TOKEN: 'crash-test-admin-token-0000000000000',
  BOOKING_ALLOW_PRIVATE_TARGETS: 'true',
  BOOKING_LOG_LEVEL: 'warn',
};

describe('a server killed mid-delivery', () => {
  it('delivers every committed event at least once after SIGKILL and restart', async () => {
    const data = tempDataDir();
    const { apiKey } = cliJson(['demo', '--data', data]);
    // No answer before the kill, so it finds deliveries in flight (a webhook's share of the sends,
    // 16) and others not yet sent, however long the bookings take.
    const receiver = await Receiver.start(() => 'hang');
    let server = await startServeProcess(['--data', data], ENV);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}/v1/integration${path}`, {
        method,
        headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    try {
      const webhook = await call('POST', '/webhooks', { targetUrl: receiver.url(), events: ['booking.created', 'client.created'] });
      assert.equal(webhook.status, 201);
      const slots = await call('GET', `/slots?serviceId=3&date=${workday(Date.now())}`);
      const starts = slots.body.data.slice(0, 15).map((s: { startTime: string }) => s.startTime);
      for (const [i, startTime] of starts.entries()) {
        const booked = await call('POST', '/bookings', {
          serviceId: 3,
          startTime,
          client: { name: `Client ${i}`, email: `c${i}@example.com` },
        });
        assert.equal(booked.status, 201, JSON.stringify(booked.body));
      }
      const committed = starts.length * 2; // booking.created and client.created for each new client
      await receiver.waitFor(3);
      server.child.kill('SIGKILL');
      await server.exited;
      const beforeRestart = receiver.requests.length;
      assert.ok(beforeRestart < committed, `killed with ${committed - beforeRestart} deliveries still owed`);

      receiver.handle(() => ({ status: 200 }));
      server = await startServeProcess(['--data', data], ENV);
      const history = await eventually(
        async () => {
          const reply = await call('GET', `/webhooks/${webhook.body.id}/deliveries?limit=100`);
          const records = reply.body.data as Array<{ deliveryId: string; deliveryStatus: string }>;
          const done = new Set(records.filter((r) => r.deliveryStatus === 'success').map((r) => r.deliveryId));
          return done.size === committed ? records : undefined;
        },
        20_000,
        'every delivery to succeed',
      );
      const received = new Set(receiver.requests.map((r) => r.headers['x-webhook-delivery']));
      const owed = new Set(history.map((r) => r.deliveryId));
      assert.equal(owed.size, committed, 'one delivery per committed event');
      for (const id of owed) assert.ok(received.has(id), `${id} reached the receiver`);
      assert.ok(
        history.every((r) => r.deliveryStatus !== 'pending'),
        'nothing left pending or leased',
      );
      const duplicates = receiver.requests.length - received.size;
      assert.ok(duplicates <= committed, `${duplicates} duplicates (at-least-once)`);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await receiver.close();
    }
  });
});
