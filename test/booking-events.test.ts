import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, bookingBody, makeSalon, MONDAY, type Salon } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';

// GET …/bookings/:id/events: what happened to one booking and where each event went, for the
// booking's page ("Marked completed; Salon CRM and Website are told").
describe("a booking's events and their deliveries (admin API)", () => {
  const { app, salon } = useSalon({ name: 'Salon' });
  const receiver = useReceiver();
  let other: Salon;
  let bookingId = 0;
  let otherBookingId = 0;

  before(async () => {
    other = await makeSalon(app, 'Other salon');
    // booking.confirmed is not listened for: its event has no delivery.
    for (const path of ['/a', '/b']) {
      const hook = await app.request('POST', '/v1/integration/webhooks', {
        key: salon.key,
        body: { targetUrl: receiver.url(path), events: ['booking.created', 'booking.cancelled', 'payment.received'] },
      });
      assert.equal(hook.status, 201, hook.text);
    }
    const made = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`),
    });
    assert.equal(made.status, 201, made.text);
    bookingId = made.body.id;
    const another = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T11:00:00+01:00`),
    });
    otherBookingId = another.body.id;
    await admin(app, 'POST', `${salon.base}/bookings/${bookingId}/confirm`, undefined, 200);
    await admin(app, 'POST', `${salon.base}/payments`, { bookingId, amount: 1000, method: 'cash' }, 201);
    await admin(app, 'POST', `${salon.base}/bookings/${bookingId}/cancel`, { reason: 'ill' }, 200);
    await receiver.waitFor(8); // 2 bookings created, a payment and a cancellation, to two webhooks
  });

  it('lists the booking’s events newest first, each with one delivery per listening connection', async () => {
    const reply = await eventually(
      async () => {
        const r = await admin(app, 'GET', `${salon.base}/bookings/${bookingId}/events`, undefined, 200);
        const settled = r.body.data.every((e: any) => e.deliveries.every((d: any) => d.status === 'success'));
        return settled ? r : undefined;
      },
      10_000,
      'every delivery to succeed',
    );
    const { data, total } = reply.body;
    assert.equal(total, 4);
    assert.deepEqual(
      data.map((e: any) => [e.event, e.deliveries.length]),
      [
        ['booking.cancelled', 2],
        ['payment.received', 2],
        ['booking.confirmed', 0],
        ['booking.created', 2],
      ],
    );
    for (const event of data) assert.equal(event.data.bookingId, bookingId);
    const sent = new Set(receiver.requests.map((r) => r.headers['webhook-id'] ?? r.headers['x-webhook-delivery']));
    const delivery = data[0].deliveries[0];
    assert.ok(sent.has(delivery.deliveryId), `${delivery.deliveryId} among what the receiver got`);
    assert.equal(delivery.attempts, 1);
    assert.equal(delivery.responseStatusCode, 200);
    assert.match(delivery.targetUrl, /^http:\/\/127\.0\.0\.1:\d+\/[ab]$/);
    assert.equal(data[1].data.amount, 1000);
  });

  it('keeps other bookings’ events apart', async () => {
    const { data } = (await admin(app, 'GET', `${salon.base}/bookings/${otherBookingId}/events`, undefined, 200)).body;
    assert.deepEqual(
      data.map((e: any) => e.event),
      ['booking.created'],
    );
  });

  it('answers 404 for a booking that does not exist or belongs to another salon', async () => {
    const missing = await admin(app, 'GET', `${salon.base}/bookings/999999/events`);
    assert.deepEqual([missing.status, missing.body.code], [404, 'not_found']);
    const elsewhere = await admin(app, 'GET', `${other.base}/bookings/${bookingId}/events`);
    assert.deepEqual([elsewhere.status, elsewhere.body.code], [404, 'not_found']);
    const noBusiness = await admin(app, 'GET', `/businesses/999999/bookings/${bookingId}/events`);
    assert.equal(noBusiness.status, 404);
  });

  it('refuses an id that is not one, and a request without the admin token', async () => {
    const bad = await admin(app, 'GET', `${salon.base}/bookings/abc/events`);
    assert.ok(bad.status === 400 || bad.status === 404, `${bad.status} ${bad.text}`);
    assert.ok(bad.body.code, bad.text);
    const anonymous = await app.request('GET', `/admin/api${salon.base}/bookings/${bookingId}/events`);
    assert.equal(anonymous.status, 401);
  });
});
