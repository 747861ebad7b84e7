import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tempDataDir } from './helpers/app.ts';
import { cliJson, startServeProcess } from './helpers/cli.ts';
import { workday } from './helpers/dates.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { eventually } from './helpers/wait.ts';

const ADMIN_TOKEN = 'mail-crash-admin-token-000000000000000';

describe('a server killed while it sends e-mail', () => {
  it('loses no message and sends none twice but the ones on the wire at the kill, after SIGKILL and a restart', async () => {
    const data = tempDataDir();
    const { apiKey, businessId } = cliJson(['demo', '--data', data]);
    // Slow to answer at first (far longer than the 12 bookings take, even on a loaded machine), so
    // the kill finds the first messages received and none answered, and the rest not yet sent.
    const smtp = await SmtpReceiver.start({ delayMs: () => 10_000 });
    const env = { BOOKING_ADMIN_TOKEN: ADMIN_TOKEN, BOOKING_LOG_LEVEL: 'warn', BOOKING_SMTP_URL: smtp.url('&from=desk@demo.test') };
    let server = await startServeProcess(['--data', data], env);
    const call = async (method: string, path: string, body?: unknown, auth: Record<string, string> = { 'X-API-Key': apiKey }) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    try {
      const slots = await call('GET', `/v1/integration/slots?serviceId=3&date=${workday(Date.now())}`);
      const starts = slots.body.data.slice(0, 12).map((s: { startTime: string }) => s.startTime);
      const bookings: number[] = [];
      for (const [i, startTime] of starts.entries()) {
        const booked = await call('POST', '/v1/integration/bookings', {
          serviceId: 3,
          startTime,
          client: { name: `Client ${i}`, email: `c${i}@example.com` },
        });
        assert.equal(booked.status, 201, JSON.stringify(booked.body));
        bookings.push(booked.body.id);
      }
      await smtp.waitFor(2);
      server.child.kill('SIGKILL');
      await server.exited;
      const atKill = smtp.messages.length;
      const onTheWire = new Set(smtp.messages.map((m) => m.mail.messageId));
      assert.ok(atKill < bookings.length, `killed with ${bookings.length - atKill} messages still owed`);

      smtp.options.delayMs = undefined;
      server = await startServeProcess(['--data', data], env);
      const ids = await eventually(
        () => {
          const distinct = new Set(smtp.messages.map((m) => m.mail.messageId));
          return distinct.size === bookings.length ? distinct : undefined;
        },
        30_000,
        'one message for every booking',
      );
      const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
      for (const id of bookings) {
        const events = await eventually(async () => {
          const reply = await call('GET', `/admin/api/businesses/${businessId}/bookings/${id}/events`, undefined, admin);
          return reply.body.data[0].messages[0].status === 'sent' ? reply.body.data : undefined;
        });
        assert.equal(events[0].messages.length, 1);
      }
      const twice = smtp.messages.length - ids.size;
      // What was on the wire when the process died (at most the 4 in flight) goes once more, with its Message-ID.
      assert.ok(twice >= 1 && twice <= 4, `${twice} sent twice: the kill found messages on the wire, and only they went again`);
      for (const id of ids) {
        const copies = smtp.messages.filter((m) => m.mail.messageId === id).length;
        assert.ok(
          copies === 1 || (copies === 2 && onTheWire.has(id)),
          `${id} arrived ${copies} times; only one on the wire at the kill may come twice`,
        );
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await smtp.close();
    }
  });
});
