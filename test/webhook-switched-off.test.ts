import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { admin, TEST_NOW } from './helpers/salon.ts';

/*
 * Issue 24, section 4: when a webhook is switched off after its failures, the salon is told (the
 * overview's notice, from GET …/webhooks/switched-off) until someone switches it back on or
 * leaves it off; the integrator's key sees status "failed" and consecutiveFailures as before.
 */

describe('a connection switched off after its failures', () => {
  const clock = new TestClock(TEST_NOW);
  const t = deliverySuite({ clock, config: { retryDelays: [0], failuresBeforeDisable: 2 } });

  /** A webhook whose receiver answers 500 twice in a row: switched off. */
  const switchedOff = async (description = '') => {
    t.receiver.handle(() => ({ status: 500, body: 'down for maintenance' }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/off'));
    if (description) await t.app.request('PATCH', `/v1/integration/webhooks/${webhook.id}`, { key: t.key, body: { description } });
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 1 });
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 2 });
    await t.finished(webhook.id, 2);
    return webhook;
  };
  const told = async () => (await admin(t.app, 'GET', `/businesses/${t.businessId}/webhooks/switched-off`, undefined, 200)).body.data;

  it('is listed for the salon, with the last error, and the key sees it as before', async () => {
    const webhook = await switchedOff('Lena’s CRM');
    assert.deepEqual(await told(), [
      {
        webhookId: webhook.id,
        name: 'Lena’s CRM',
        targetUrl: t.receiver.url('/off'),
        keyName: 'test key',
        disabledReason: '2 deliveries in a row failed',
        disabledAt: new Date(TEST_NOW).toISOString(),
        lastError: 'receiver answered 500 Internal Server Error',
      },
    ]);
    const seen = (await t.app.request('GET', `/v1/integration/webhooks/${webhook.id}`, { key: t.key })).body;
    assert.equal(seen.status, 'failed');
    assert.equal(seen.consecutiveFailures, 2);
    assert.equal(seen.disabledAt, new Date(TEST_NOW).toISOString());
    // The audit trail names the system as who switched it off (issue 23 section 3).
    const entry = await t.app.context.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('action', '=', 'webhook.switched_off')
      .where('target_id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [entry.actor_kind, entry.actor_label, entry.at, JSON.parse(entry.changes)],
      ['system', 'Delivery switch-off', TEST_NOW, { status: ['active', 'failed'], consecutiveFailures: [null, 2] }],
    );
  });

  it('stays listed until it is switched back on; switched off again, it is listed again', async () => {
    const webhook = await switchedOff();
    assert.equal((await told()).length, 1);
    const on = await t.app.request('PATCH', `/v1/integration/webhooks/${webhook.id}`, { key: t.key, body: { status: 'active' } });
    assert.equal(on.body.disabledAt, null);
    assert.deepEqual(await told(), []);
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 3 });
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 4 });
    await t.finished(webhook.id, 4);
    assert.deepEqual(
      (await told()).map((w: { webhookId: number }) => w.webhookId),
      [webhook.id],
    );
  });

  it('is no longer listed once the salon leaves it off, until it is switched off another time', async () => {
    const webhook = await switchedOff();
    const left = await admin(t.app, 'POST', `/businesses/${t.businessId}/webhooks/${webhook.id}/leave-switched-off`, undefined, 200);
    assert.equal(left.body.status, 'failed', 'still off');
    assert.deepEqual(await told(), []);
    const again = await admin(t.app, 'POST', `/businesses/${t.businessId}/webhooks/${webhook.id}/leave-switched-off`, undefined, 200);
    assert.equal(again.body.status, 'failed');
    await admin(t.app, 'PATCH', `/businesses/${t.businessId}/webhooks/${webhook.id}`, { status: 'active' }, 200);
    const refused = await admin(t.app, 'POST', `/businesses/${t.businessId}/webhooks/${webhook.id}/leave-switched-off`, undefined, 409);
    assert.equal(refused.body.code, 'webhook_active');
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 5 });
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 6 });
    await t.finished(webhook.id, 4);
    assert.equal((await told()).length, 1, 'switched off again: told again');
  });

  it('lists only the business’s own', async () => {
    await switchedOff();
    const other = await t.app.business('Other salon');
    assert.deepEqual((await admin(t.app, 'GET', `/businesses/${other}/webhooks/switched-off`, undefined, 200)).body.data, []);
    await admin(t.app, 'GET', '/businesses/424242/webhooks/switched-off', undefined, 404);
  });
});
