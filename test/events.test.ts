import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { EVENT_NAMES } from '../src/delivery/events.ts';
import { assertEventData } from './helpers/event-schemas.ts';
import { admin, bookingBody, MONDAY, SCHEDULE, TEST_NOW } from './helpers/salon.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';
import { sleep } from './helpers/wait.ts';

describe('every event fires from a real operation, once, with a payload that matches its schema', () => {
  const { clock, app, salon } = useSalon();
  const receiver = useReceiver();
  const fired: string[] = [];
  const payloads = new Map<string, any>();

  before(async () => {
    const created = await app.request('POST', '/v1/integration/webhooks', {
      key: salon.key,
      body: { targetUrl: receiver.url('/all'), events: EVENT_NAMES },
    });
    assert.equal(created.status, 201);
  });

  /**
   * Runs `operation`, waits for the `expected` number of deliveries (and a moment more, to catch
   * extras), and returns the events it caused, sorted, each checked against its schema.
   */
  async function eventsOf(operation: () => Promise<unknown>, expected: number): Promise<string[]> {
    const seen = receiver.requests.length;
    await operation();
    await receiver.waitFor(seen + expected);
    await sleep(100);
    const fresh = receiver.requests.slice(seen).map((r) => JSON.parse(r.body));
    for (const envelope of fresh) {
      assertEventData(envelope.event, envelope.data);
      fired.push(envelope.event);
      payloads.set(envelope.event, envelope.data);
    }
    return fresh.map((e) => e.event).sort();
  }

  const integration = (method: string, path: string, body?: unknown) =>
    app.request(method, `/v1/integration${path}`, { key: salon.key, body });
  let bookingId: number;

  it('booking.created and client.created: a widget books for a new client', async () => {
    const events = await eventsOf(async () => {
      const reply = await integration('POST', '/bookings', bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { staffId: salon.anna }));
      assert.equal(reply.status, 201);
      bookingId = reply.body.id;
    }, 2);
    assert.deepEqual(events, ['booking.created', 'client.created']);
    const data = payloads.get('booking.created');
    // Spec 6.3: bookingId integer, status, serviceName, staffName, startTime ISO 8601.
    assert.equal(data.bookingId, bookingId);
    assert.equal(data.status, 'pending');
    assert.equal(data.serviceName, 'Haircut');
    assert.equal(data.staffName, 'Anna');
    assert.equal(data.startTime, '2026-11-23T10:00:00.000+01:00');
    assert.equal(data.client.email, 'ada@example.com');
  });

  it('booking.created only: the same client books again', async () => {
    const events = await eventsOf(
      () => integration('POST', '/bookings', bookingBody(salon.haircut, `${MONDAY}T11:00:00+01:00`, { staffId: salon.anna })),
      1,
    );
    assert.deepEqual(events, ['booking.created']);
  });

  it('booking.confirmed', async () => {
    assert.deepEqual(await eventsOf(() => admin(app, 'POST', `${salon.base}/bookings/${bookingId}/confirm`, undefined, 200), 1), [
      'booking.confirmed',
    ]);
    assert.equal(payloads.get('booking.confirmed').status, 'confirmed');
  });

  it('booking.rescheduled, with the previous time', async () => {
    const events = await eventsOf(
      () => admin(app, 'POST', `${salon.base}/bookings/${bookingId}/reschedule`, { startTime: `${MONDAY}T15:00:00+01:00` }, 200),
      1,
    );
    assert.deepEqual(events, ['booking.rescheduled']);
    const data = payloads.get('booking.rescheduled');
    assert.equal(data.previousStartTime, '2026-11-23T10:00:00.000+01:00');
    assert.equal(data.startTime, '2026-11-23T15:00:00.000+01:00');
  });

  it('booking.completed', async () => {
    clock.set(Date.parse(`${MONDAY}T15:10:00+01:00`));
    assert.deepEqual(await eventsOf(() => admin(app, 'POST', `${salon.base}/bookings/${bookingId}/complete`, undefined, 200), 1), [
      'booking.completed',
    ]);
  });

  it('booking.no_show', async () => {
    const other = await admin(app, 'GET', `${salon.base}/bookings?status=pending`, undefined, 200);
    const missed = other.body.data[0].id;
    assert.deepEqual(await eventsOf(() => admin(app, 'POST', `${salon.base}/bookings/${missed}/no-show`, undefined, 200), 1), [
      'booking.no_show',
    ]);
  });

  it('booking.cancelled, saying who cancelled and why', async () => {
    clock.set(TEST_NOW);
    let made = { id: 0 };
    const booked = await eventsOf(async () => {
      made = (await integration('POST', '/bookings', bookingBody(salon.haircut, '2026-11-24T10:00:00+01:00'))).body;
    }, 1);
    assert.deepEqual(booked, ['booking.created']);
    const events = await eventsOf(() => integration('POST', `/bookings/${made.id}/cancel`, { reason: 'flu' }), 1);
    assert.deepEqual(events, ['booking.cancelled']);
    assert.equal(payloads.get('booking.cancelled').cancelReason, 'flu');
    assert.equal(payloads.get('booking.cancelled').cancelledBy, 'integration');
  });

  it('client.created and client.updated, naming the changed fields; an unchanged save fires nothing', async () => {
    let clientId = 0;
    assert.deepEqual(
      await eventsOf(async () => {
        clientId = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Bea', email: 'bea@example.com' }, 201)).body.id;
      }, 1),
      ['client.created'],
    );
    assert.deepEqual(
      await eventsOf(() => admin(app, 'PATCH', `${salon.base}/clients/${clientId}`, { phone: '+49 40 555', name: 'Bea' }, 200), 1),
      ['client.updated'],
    );
    assert.deepEqual(payloads.get('client.updated').changes, ['phone']);
    assert.deepEqual(await eventsOf(() => admin(app, 'PATCH', `${salon.base}/clients/${clientId}`, { name: 'Bea' }, 200), 0), []);
  });

  it('review.created', async () => {
    const events = await eventsOf(() => admin(app, 'POST', `${salon.base}/reviews`, { rating: 5, comment: 'Lovely', bookingId }, 201), 1);
    assert.deepEqual(events, ['review.created']);
    assert.equal(payloads.get('review.created').staffName, 'Anna');
    assert.equal(payloads.get('review.created').authorName, 'Ada');
  });

  it('payment.received and payment.refunded, with running totals', async () => {
    let paymentId = 0;
    assert.deepEqual(
      await eventsOf(async () => {
        paymentId = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId, amount: 3500, method: 'card' }, 201)).body.id;
      }, 1),
      ['payment.received'],
    );
    assert.equal(payloads.get('payment.received').bookingPaidTotal, 3500);
    assert.deepEqual(
      await eventsOf(() => admin(app, 'POST', `${salon.base}/payments/${paymentId}/refund`, { amount: 500, reason: 'late' }, 201), 1),
      ['payment.refunded'],
    );
    assert.equal(payloads.get('payment.refunded').paymentRefundedTotal, 500);
    assert.equal(payloads.get('payment.refunded').bookingPaidTotal, 3000);
  });

  it('staff.schedule_updated', async () => {
    const schedule = { ...SCHEDULE, sat: { hours: [], breaks: [] } };
    assert.deepEqual(await eventsOf(() => admin(app, 'PUT', `${salon.base}/staff/${salon.ben}/schedule`, schedule, 200), 1), [
      'staff.schedule_updated',
    ]);
    assert.deepEqual(payloads.get('staff.schedule_updated').schedule.sat, { hours: [], breaks: [] });
  });

  it('service.updated naming the changes; service.deleted', async () => {
    assert.deepEqual(
      await eventsOf(() => admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, { price: 8500, name: 'Colour' }, 200), 1),
      ['service.updated'],
    );
    assert.deepEqual(payloads.get('service.updated').changes, ['price']);
    assert.deepEqual(await eventsOf(() => admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, { price: 8500 }, 200), 0), []);
    assert.deepEqual(await eventsOf(() => admin(app, 'DELETE', `${salon.base}/services/${salon.colour}`, undefined, 204), 1), [
      'service.deleted',
    ]);
  });

  it('booking.reminder_due, at the reminder time the salon set', async () => {
    await admin(app, 'PATCH', salon.base, { reminderLeadMinutes: 60 }, 200);
    const booked = await eventsOf(() => integration('POST', '/bookings', bookingBody(salon.haircut, '2026-11-24T12:00:00+01:00')), 1);
    assert.deepEqual(booked, ['booking.created']);
    const events = await eventsOf(async () => clock.set(Date.parse('2026-11-24T11:00:00+01:00')), 1);
    clock.set(TEST_NOW);
    assert.deepEqual(events, ['booking.reminder_due']);
    assert.equal(payloads.get('booking.reminder_due').startTime, '2026-11-24T12:00:00.000+01:00');
  });

  it('covered all 15 events, each fired by the operations above and no more', () => {
    assert.deepEqual([...new Set(fired)].sort(), [...EVENT_NAMES].sort());
    const counts = Object.fromEntries(EVENT_NAMES.map((e) => [e, fired.filter((f) => f === e).length]));
    assert.deepEqual(counts, {
      'booking.created': 4,
      'booking.confirmed': 1,
      'booking.cancelled': 1,
      'booking.completed': 1,
      'booking.no_show': 1,
      'booking.rescheduled': 1,
      'client.created': 2,
      'client.updated': 1,
      'review.created': 1,
      'payment.received': 1,
      'payment.refunded': 1,
      'staff.schedule_updated': 1,
      'service.updated': 1,
      'service.deleted': 1,
      'booking.reminder_due': 1,
    });
    const ids = receiver.requests.map((r) => r.headers['x-webhook-delivery']);
    assert.equal(new Set(ids).size, ids.length, 'each delivered once');
  });

  it('lists every event with its payload schema in GET /webhooks/events', async () => {
    const reply = await integration('GET', '/webhooks/events');
    assert.equal(reply.body.data.length, 15);
    for (const entry of reply.body.data) {
      assert.equal(typeof entry.description, 'string');
      assert.equal(entry.payloadSchema.$id, `event-${entry.name}`);
    }
  });
});
