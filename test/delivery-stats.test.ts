import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { admin } from './helpers/salon.ts';
import { NOWHERE } from './helpers/receiver.ts';

const HOUR = 3_600_000;
const START = Date.parse('2026-11-21T10:30:00.000Z');

describe('delivery statistics for the status page', () => {
  const clock = new TestClock(START);
  const t = deliverySuite({ clock, config: { retryDelays: [0] } });

  it('counts each finished attempt in the hour it finished, by outcome', async () => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/stats'));
    await t.app.emit(t.businessId, 'booking.created', { id: 1 });
    await t.finished(webhook.id, 1);
    clock.set(START + 2 * HOUR);
    t.receiver.handle(() => ({ status: 500 }));
    await t.app.emit(t.businessId, 'booking.created', { id: 2 });
    await t.finished(webhook.id, 2);

    const hours = (await admin(t.app, 'GET', '/deliveries/hourly', undefined, 200)).body.data;
    assert.equal(hours.length, 24);
    assert.equal(hours.at(-1).hour, '2026-11-21T12:00:00.000Z');
    assert.deepEqual(
      hours.filter((h: any) => h.success + h.retrying + h.failed > 0),
      [
        { hour: '2026-11-21T10:00:00.000Z', success: 1, retrying: 0, failed: 0 },
        { hour: '2026-11-21T12:00:00.000Z', success: 0, retrying: 0, failed: 1 },
      ],
    );
    const status = (await admin(t.app, 'GET', '/status', undefined, 200)).body;
    assert.deepEqual(status.deliveriesLastHour, { success: 0, retrying: 0, failed: 1 });
  });
});

describe('the queue on the status page', () => {
  it("counts as leased only attempts whose lease has not run out; a dead instance's expired ones are due again", async () => {
    const clock = new TestClock(START);
    const app = await TestApp.start({ clock, config: { retryDelays: [0, 60] } });
    try {
      const businessId = await app.business();
      const { key } = await app.key(businessId, ['webhooks:manage']);
      await app.webhook(key, `${NOWHERE}/never-sent`);
      // Nothing claims here: the rows are exactly what this test makes them.
      await app.context.engine.stop();
      for (let id = 1; id <= 3; id++) await app.emit(businessId, 'booking.created', { id });
      const [first, second, third] = await app.context.db
        .selectFrom('delivery_attempts')
        .select('id')
        .where('status', '=', 'pending')
        .orderBy('id')
        .execute();
      const set = (id: number, values: { lease_until?: number | null; due_at?: number }) =>
        app.context.db.updateTable('delivery_attempts').set(values).where('id', '=', id).execute();
      // Claimed by another instance, which then died mid-send: leased for a minute.
      await set(first!.id, { lease_until: START + 60_000 });
      // Another, claimed earlier: its lease ran out a second ago.
      await set(second!.id, { lease_until: START - 1_000 });
      // A retry for later.
      await set(third!.id, { due_at: START + 30 * 60_000 });
      const queue = async () => (await admin(app, 'GET', '/status', undefined, 200)).body.queue;

      assert.deepEqual(await queue(), { due: 1, scheduled: 1, leased: 1, inFlight: 0 });
      clock.set(START + 60_000);
      assert.deepEqual(await queue(), { due: 2, scheduled: 1, leased: 0, inFlight: 0 }, 'a lease ends at lease_until');
      // A lease that outlasts the attempt's due time (a retry claimed early by a clock ahead) is counted once.
      await set(third!.id, { lease_until: START + 120_000 });
      assert.deepEqual(await queue(), { due: 2, scheduled: 0, leased: 1, inFlight: 0 });
    } finally {
      await app.stop();
    }
  });
});
