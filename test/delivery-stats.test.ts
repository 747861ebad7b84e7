import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { admin } from './helpers/salon.ts';

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
