import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { admin, bookingBody, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

const AT_10 = `${MONDAY}T10:00:00+01:00`;
const _AFTER_START = Date.parse(`${MONDAY}T10:05:00+01:00`);

describe('the booking state machine (admin API)', () => {
  const { clock, app, salon } = useSalon();
  beforeEach(() => clock.set(TEST_NOW));

  const HOURS = ['09', '10', '11', '14', '15', '16'];
  let made = 0;
  /** A fresh pending booking (integration), each at its own hour from Tuesday on, so they never collide. */
  async function pending(): Promise<{ id: number; startTime: string }> {
    const day = 24 + Math.floor(made / HOURS.length);
    const hour = HOURS[made % HOURS.length];
    made += 1;
    const start = `2026-11-${day}T${hour}:00:00+01:00`;
    const reply = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, start, { staffId: salon.anna }),
    });
    assert.equal(reply.status, 201, reply.text);
    return reply.body;
  }
  const act = (id: number, action: string, body?: unknown) => admin(app, 'POST', `${salon.base}/bookings/${id}/${action}`, body);
  const afterStartOf = (b: { startTime: string }) => clock.set(Date.parse(b.startTime) + 60_000);

  const paths: Array<[string, string[], string]> = [
    ['confirm', ['confirm'], 'confirmed'],
    ['cancel a pending booking', ['cancel'], 'cancelled'],
    ['cancel a confirmed booking', ['confirm', 'cancel'], 'cancelled'],
    ['complete a confirmed booking', ['confirm', 'complete'], 'completed'],
    ['complete a pending booking', ['complete'], 'completed'],
    ['mark a confirmed booking no-show', ['confirm', 'no-show'], 'no_show'],
  ];
  for (const [name, steps, final] of paths) {
    it(`can ${name}`, async () => {
      const booking = await pending();
      afterStartOf(booking);
      let reply;
      for (const step of steps) {
        reply = await act(booking.id, step);
        assert.equal(reply.status, 200, `${step}: ${reply.text}`);
      }
      assert.equal(reply!.body.status, final);
    });
  }

  const refused: Array<[string, string[], string]> = [
    ['confirm a confirmed booking', ['confirm'], 'confirm'],
    ['confirm a cancelled booking', ['cancel'], 'confirm'],
    ['cancel a completed booking', ['complete'], 'cancel'],
    ['complete a cancelled booking', ['cancel'], 'complete'],
    ['complete a no-show', ['no-show'], 'complete'],
    ['mark a completed booking no-show', ['complete'], 'no-show'],
    ['confirm a completed booking', ['complete'], 'confirm'],
    ['reschedule a cancelled booking', ['cancel'], 'reschedule'],
    ['reschedule a completed booking', ['complete'], 'reschedule'],
  ];
  for (const [name, setup, action] of refused) {
    it(`refuses to ${name} (409)`, async () => {
      const booking = await pending();
      afterStartOf(booking);
      for (const step of setup) assert.equal((await act(booking.id, step)).status, 200);
      const reply = await act(booking.id, action, action === 'reschedule' ? { startTime: `${MONDAY}T15:00:00+01:00` } : undefined);
      assert.equal(reply.status, 409, reply.text);
      assert.equal(reply.body.code, 'invalid_transition');
      assert.match(reply.body.message, /^Cannot /);
      // What was asked and the booking's status, for a page to say in its own words.
      assert.equal(reply.body.action, action);
      assert.equal(
        reply.body.bookingStatus,
        { confirm: 'confirmed', cancel: 'cancelled', complete: 'completed', 'no-show': 'no_show' }[setup.at(-1)!],
      );
    });
  }

  it('refuses to complete or no-show a visit before it starts', async () => {
    const booking = await pending();
    for (const action of ['complete', 'no-show']) {
      const reply = await act(booking.id, action);
      assert.equal(reply.status, 409);
      assert.equal(reply.body.code, 'booking_not_started');
    }
  });

  it('reschedules to a free slot, also to another staff member', async () => {
    const booking = await pending();
    const moved = await act(booking.id, 'reschedule', { startTime: `${MONDAY}T15:00:00+01:00`, staffId: salon.ben });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.startTime, '2026-11-23T15:00:00.000+01:00');
    assert.equal(moved.body.staffId, salon.ben);
    assert.equal(moved.body.status, 'pending');
    const leap = await act(booking.id, 'reschedule', { startTime: `${MONDAY}T23:59:60Z` });
    assert.equal(leap.status, 400, leap.text);
    assert.equal(leap.body.field, 'startTime');
    const slots = await app.request(
      'GET',
      `/v1/integration/slots?serviceId=${salon.haircut}&date=${booking.startTime.slice(0, 10)}&staffId=${salon.anna}`,
      {
        key: salon.key,
      },
    );
    assert.ok(
      slots.body.data.some((s: { startTime: string }) => s.startTime === booking.startTime),
      'the old time is free again',
    );
  });

  it('refuses to reschedule onto a taken or closed time, and moves a booking by a little within its own time', async () => {
    const a = await pending();
    const b = await pending();
    const onto = await act(a.id, 'reschedule', { startTime: b.startTime });
    assert.equal(onto.status, 409);
    assert.equal(onto.body.code, 'slot_unavailable');
    assert.equal((await act(a.id, 'reschedule', { startTime: '2026-11-29T10:00:00+01:00' })).status, 409, 'Sunday');
    const nudged = await act(a.id, 'reschedule', { startTime: new Date(Date.parse(a.startTime) + 15 * 60_000).toISOString() });
    assert.equal(nudged.status, 200, 'overlapping its own old time is fine');
  });

  it('creates a confirmed booking for the salon, by client id or client details', async () => {
    const client = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Walk-in', phone: '+49 30 999' }, 201)).body;
    const byId = await admin(app, 'POST', `${salon.base}/bookings`, { serviceId: salon.haircut, startTime: AT_10, clientId: client.id });
    assert.equal(byId.status, 201, byId.text);
    assert.equal(byId.body.status, 'confirmed');
    assert.equal(byId.body.source, 'admin');
    assert.equal(byId.body.client.id, client.id);
    const both = await admin(app, 'POST', `${salon.base}/bookings`, { ...bookingBody(salon.haircut, AT_10), clientId: client.id });
    assert.equal(both.status, 400);
    const neither = await admin(app, 'POST', `${salon.base}/bookings`, { serviceId: salon.haircut, startTime: AT_10 });
    assert.equal(neither.status, 400);
  });
});
