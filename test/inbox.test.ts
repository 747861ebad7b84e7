import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { admin, bookingBody, TEST_NOW } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

/*
 * Issue 27, defect 13: the inbox, what waits on the salon (GET …/inbox): bookings to confirm or
 * decline and client checks to answer, newest first, and connections switched off; `count` is
 * what the page's menu shows.
 */

type Item = { booking: { id: number; status: string }; origin: string; keyName: string | null; waitsFor: string[] };

describe('the inbox', () => {
  const { clock, app, salon } = useSalon({ salonPerTest: true });
  const inbox = async () => (await admin(app, 'GET', `${salon.base}/inbox`, undefined, 200)).body;
  const ids = (body: { bookings: Item[] }) => body.bookings.map((item) => item.booking.id);

  /** A booking through the integration API (pending until the salon confirms it), made a minute after the last. */
  const viaKey = async (start: string, client?: Record<string, unknown>) => {
    clock.advance(60_000);
    const reply = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, start, { staffId: salon.anna, ...(client ? { client } : {}) }),
    });
    assert.equal(reply.status, 201, reply.text);
    return reply.body;
  };

  it('is empty for a salon with nothing waiting', async () => {
    assert.deepEqual(await inbox(), { count: 0, bookings: [], switchedOff: [] });
  });

  it('lists pending bookings newest first, with where each came from, and counts them', async () => {
    const older = await viaKey('2026-11-24T10:00:00+01:00');
    const newer = await viaKey('2026-11-23T15:00:00+01:00');
    await admin(
      app,
      'POST',
      `${salon.base}/bookings`,
      bookingBody(salon.haircut, '2026-11-25T10:00:00+01:00', { staffId: salon.ben }),
      201,
    );
    const body = await inbox();
    assert.equal(body.count, 2, 'the desk’s booking starts confirmed: nothing to decide');
    assert.deepEqual(ids(body), [newer.id, older.id]);
    const [first] = body.bookings as Item[];
    assert.deepEqual(
      { origin: first!.origin, keyName: first!.keyName, waitsFor: first!.waitsFor, status: first!.booking.status },
      { origin: 'integration', keyName: 'all scopes', waitsFor: ['confirmation'], status: 'pending' },
    );
  });

  it('lets go of a booking once it is confirmed or declined', async () => {
    const confirmed = await viaKey('2026-11-24T10:00:00+01:00');
    const declined = await viaKey('2026-11-24T11:00:00+01:00');
    const kept = await viaKey('2026-11-24T12:00:00+01:00');
    await admin(app, 'POST', `${salon.base}/bookings/${confirmed.id}/confirm`, undefined, 200);
    await admin(app, 'POST', `${salon.base}/bookings/${declined.id}/cancel`, { reason: 'No one to do it that day' }, 200);
    const body = await inbox();
    assert.equal(body.count, 1);
    assert.deepEqual(ids(body), [kept.id]);
  });

  it('keeps a confirmed booking whose client check is open until the salon answers it', async () => {
    const maria = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Weber', email: 'maria@example.com' }, 201)).body;
    const booking = await viaKey('2026-11-24T10:00:00+01:00', { name: 'Lena Schmidt', email: maria.email });
    assert.deepEqual((await inbox()).bookings[0].waitsFor, ['confirmation', 'client-check']);
    await admin(app, 'POST', `${salon.base}/bookings/${booking.id}/confirm`, undefined, 200);
    const body = await inbox();
    assert.equal(body.count, 1);
    assert.deepEqual(body.bookings[0].waitsFor, ['client-check']);
    await admin(app, 'POST', `${salon.base}/bookings/${booking.id}/client-check/same-person`, undefined, 200);
    assert.equal((await inbox()).count, 0);
  });

  it('says a booking made on the salon’s booking page came from the website', async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { confirmNewClients: true }, 200);
    const page = `/v1/booking-page/${(await admin(app, 'GET', `${salon.base}/booking-page`, undefined, 200)).body.slug}`;
    const held = await app.request('POST', `${page}/holds`, {
      body: { serviceIds: [salon.haircut], staffId: salon.anna, startTime: '2026-11-24T10:00:00+01:00' },
    });
    assert.equal(held.status, 201, held.text);
    const booked = await app.request('POST', `${page}/bookings`, {
      body: { holdToken: held.body.token, client: { name: 'Lena Kraus', email: 'lena@example.com' } },
    });
    assert.equal(booked.status, 201, booked.text);
    const [item] = (await inbox()).bookings as Item[];
    assert.deepEqual([item!.origin, item!.keyName, item!.waitsFor], ['website', null, ['confirmation']]);
  });

  it('is 404 for a salon that does not exist', async () => {
    await admin(app, 'GET', '/businesses/999999/inbox', undefined, 404);
  });
});

describe('the inbox and a connection switched off', () => {
  const clock = new TestClock(TEST_NOW);
  const t = deliverySuite({ clock, config: { retryDelays: [0], failuresBeforeDisable: 2 } });

  it('counts it until the salon leaves it off', async () => {
    t.receiver.handle(() => ({ status: 500, body: 'down' }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/off'));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 1 });
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 2 });
    await t.finished(webhook.id, 2);
    const inbox = async () => (await admin(t.app, 'GET', `/businesses/${t.businessId}/inbox`, undefined, 200)).body;
    const body = await inbox();
    assert.equal(body.count, 1);
    assert.deepEqual(
      body.switchedOff.map((off: { webhookId: number }) => off.webhookId),
      [webhook.id],
    );
    await admin(t.app, 'POST', `/businesses/${t.businessId}/webhooks/${webhook.id}/leave-switched-off`, undefined, 200);
    assert.equal((await inbox()).count, 0);
  });
});
