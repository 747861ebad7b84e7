import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestApp, tempDataDir } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { testingOnPostgres } from './helpers/postgres.ts';
import { admin, bookingBody, makeSalon, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { eventually, sleep } from './helpers/wait.ts';

const LEASE_MS = 5 * 60_000;

/**
 * A stopped server's data with one booking's confirmation leased and never sent: what a process
 * that died mid-send (or is still sending) leaves. The mail queue's engine is stopped before the
 * booking, so the message waits in the queue; then it is leased as a worker would.
 */
async function oneMessageLeased(clock: TestClock) {
  const smtp = await SmtpReceiver.start();
  const dataDir = tempDataDir();
  const first = await TestApp.start({ dataDir, clock });
  const salon = await makeSalon(first, 'Salon Rosa');
  await admin(first, 'PATCH', salon.base, { email: 'hello@rosa.test' }, 200);
  await admin(first, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
  await first.context.mail.stop();
  const booked = await first.request('POST', '/v1/integration/bookings', {
    key: salon.key,
    body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`),
  });
  assert.equal(booked.status, 201, booked.text);
  const leased = await first.context.db
    .updateTable('mail_messages')
    .set({ lease_until: clock.now() + LEASE_MS })
    .where('status', '=', 'pending')
    .executeTakeFirst();
  assert.equal(Number(leased.numUpdatedRows), 1, 'one confirmation waiting');
  await first.stop();
  return { smtp, dataDir, salon, bookingId: booked.body.id as number };
}

// The mail queue after a crash, on both engines (docs/reliability.md, "Clients' e-mail"): on
// SQLite the data dir's lock says no one else holds a lease, so a restart sends at once; on
// PostgreSQL another instance may be sending it, so it waits for the lease to run out.
describe('the mail queue after a process died mid-send', () => {
  it('on SQLite, sends the leased message at the next start, once', {
    skip: testingOnPostgres() && 'SQLite only: one server per data dir',
  }, async () => {
    const clock = new TestClock(TEST_NOW);
    const { smtp, dataDir, salon, bookingId } = await oneMessageLeased(clock);
    const restarted = await TestApp.start({ dataDir, clock });
    try {
      const [message] = await smtp.waitFor(1);
      assert.match(message!.mail.subject ?? '', /Salon Rosa/);
      const events = await eventually(async () => {
        const data = (await admin(restarted, 'GET', `${salon.base}/bookings/${bookingId}/events`, undefined, 200)).body.data;
        return data[0].messages[0].status === 'sent' ? data : undefined;
      });
      assert.equal(events[0].messages.length, 1);
      await sleep(300);
      assert.equal(smtp.messages.length, 1, 'sent once');
    } finally {
      await restarted.stop();
      await smtp.close();
    }
  });

  it('on PostgreSQL, leaves the lease alone (another instance may hold it) and sends the message once it runs out', {
    skip: !testingOnPostgres() && 'PostgreSQL only',
  }, async () => {
    const clock = new TestClock(TEST_NOW);
    const { smtp, dataDir, salon, bookingId } = await oneMessageLeased(clock);
    const restarted = await TestApp.start({ dataDir, clock });
    try {
      // The queue looks each second: two looks while the lease runs take nothing.
      await sleep(2_200);
      assert.equal(smtp.messages.length, 0, 'not taken from its holder while the lease runs');
      clock.advance(LEASE_MS + 1_000);
      await smtp.waitFor(1);
      await eventually(async () => {
        const data = (await admin(restarted, 'GET', `${salon.base}/bookings/${bookingId}/events`, undefined, 200)).body.data;
        return data[0].messages[0].status === 'sent' ? data : undefined;
      });
      assert.equal(smtp.messages.length, 1, 'sent once');
    } finally {
      await restarted.stop();
      await smtp.close();
    }
  });
});
