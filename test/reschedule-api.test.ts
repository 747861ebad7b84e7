import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertEventData } from './helpers/event-schemas.ts';
import { admin, bookingBody, makeSalon, MONDAY, type Salon } from './helpers/salon.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';

const at = (time: string) => `${MONDAY}T${time}:00+01:00`;
const local = (time: string) => `${MONDAY}T${time}:00.000+01:00`;

describe('POST /v1/integration/bookings/:id/reschedule', () => {
  const { app, salon } = useSalon();
  const receiver = useReceiver();
  let other: Salon;
  let widget: string;
  let rival: string;

  before(async () => {
    other = await makeSalon(app, 'Other salon');
    const make = async (name: string) =>
      (await admin(app, 'POST', `${salon.base}/keys`, { name, scopes: ['slots:read', 'bookings:write'] }, 201)).body.key as string;
    widget = await make('widget');
    rival = await make('rival widget');
    await app.webhook(salon.key, receiver.url(), ['booking.rescheduled']);
  });

  const book = (key: string, time: string, extra: Record<string, unknown> = {}) =>
    app.request('POST', '/v1/integration/bookings', { key, body: bookingBody(salon.haircut, at(time), { staffId: salon.anna, ...extra }) });
  const move = (key: string, id: number, body: unknown, headers: Record<string, string> = {}) =>
    app.request('POST', `/v1/integration/bookings/${id}/reschedule`, { key, body, headers });

  it('moves a booking to a free time and fires booking.rescheduled', async () => {
    const booked = (await book(widget, '10:00')).body;
    const moved = await move(widget, booked.id, { startTime: at('11:00') });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.startTime, local('11:00'));
    assert.equal(moved.body.endTime, local('11:45'));
    const [delivery] = await receiver.waitFor(1);
    const envelope = JSON.parse(delivery!.body);
    assertEventData('booking.rescheduled', envelope.data);
    assert.equal(envelope.data.bookingId, booked.id);
    assert.equal(envelope.data.previousStartTime, local('10:00'));
    assert.equal(envelope.data.startTime, local('11:00'));
    const toBen = await move(widget, booked.id, { startTime: at('11:00'), staffId: salon.ben });
    assert.equal(toBen.body.staffId, salon.ben);
  });

  it('applies the same rules as booking', async () => {
    const booked = (await book(widget, '14:00')).body;
    const blocker = (await book(widget, '15:00')).body;
    assert.equal((await move(widget, booked.id, { startTime: at('15:15') })).body.code, 'slot_unavailable');
    assert.equal((await move(widget, booked.id, { startTime: at('12:45') })).body.code, 'slot_unavailable', 'runs into the break');
    assert.equal((await move(widget, booked.id, { startTime: '2026-11-21T11:30:00+01:00' })).body.code, 'too_short_notice');
    assert.equal((await move(widget, booked.id, { startTime: '2028-01-03T10:00:00+01:00' })).body.code, 'beyond_horizon');
    assert.equal((await move(widget, booked.id, { startTime: at('14:00'), staffId: other.anna })).status, 404);
    await app.request('POST', `/v1/integration/bookings/${blocker.id}/cancel`, { key: widget, body: {} });
    const cancelled = await move(widget, blocker.id, { startTime: at('16:00') });
    assert.equal(cancelled.status, 409);
    assert.equal(cancelled.body.code, 'invalid_transition');
    assert.equal((await move(widget, booked.id, { startTime: at('15:00') })).status, 200, 'the cancelled booking freed its time');
  });

  it("honours holds: another key's hold shuts the time, its own hold is taken with holdId", async () => {
    const booked = (await book(widget, '09:00')).body;
    const rivalHold = (
      await app.request('POST', '/v1/integration/slots/holds', {
        key: rival,
        body: { serviceId: salon.haircut, staffId: salon.anna, startTime: at('16:00') },
      })
    ).body;
    assert.equal((await move(widget, booked.id, { startTime: at('16:00') })).body.code, 'slot_unavailable');
    assert.equal((await move(widget, booked.id, { startTime: at('16:00'), holdId: rivalHold.id })).status, 404, "another key's hold");
    const ownHold = (
      await app.request('POST', '/v1/integration/slots/holds', {
        key: widget,
        body: { serviceId: salon.haircut, staffId: salon.anna, startTime: at('17:00') },
      })
    ).body;
    const moved = await move(widget, booked.id, { startTime: at('17:00'), holdId: ownHold.id });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(
      (await app.request('DELETE', `/v1/integration/slots/holds/${ownHold.id}`, { key: widget })).status,
      404,
      'the hold was used',
    );
  });

  it('is idempotent with Idempotency-Key', async () => {
    const booked = (await book(widget, '12:00', { staffId: salon.ben })).body;
    const headers = { 'Idempotency-Key': 'move-12-to-16' };
    const first = await move(widget, booked.id, { startTime: at('16:00'), staffId: salon.ben }, headers);
    assert.equal(first.status, 200, first.text);
    const again = await move(widget, booked.id, { startTime: at('16:00'), staffId: salon.ben }, headers);
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    const reused = await move(widget, booked.id, { startTime: at('17:00'), staffId: salon.ben }, headers);
    assert.equal(reused.status, 422);
  });

  it("moves only the bookings the key may cancel: another key's or business's booking is 404", async () => {
    const mine = (await book(widget, '10:00', { staffId: salon.ben, client: { name: 'B', email: 'b@example.com' } })).body;
    assert.equal(mine.staffId, salon.ben);
    assert.equal((await move(rival, mine.id, { startTime: at('16:30') })).status, 404, 'a key without bookings:read');
    assert.equal((await move(other.key, mine.id, { startTime: at('16:30') })).status, 404, 'another business');
    assert.equal(
      (await move(salon.key, mine.id, { startTime: at('09:00'), staffId: salon.ben })).status,
      200,
      'a key with bookings:read of the same business',
    );
    const reader = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'reader', scopes: ['bookings:read'] }, 201)).body.key;
    assert.equal((await move(reader, mine.id, { startTime: at('16:30') })).status, 403);
  });

  const bad: Array<[unknown, string]> = [
    [{}, 'startTime'],
    [{ startTime: 'later' }, 'startTime'],
    [{ startTime: at('16:00'), staffId: 0 }, 'staffId'],
    [{ startTime: at('16:00'), holdId: 'x' }, 'holdId'],
    [{ startTime: at('16:00'), reason: 'x' }, 'reason'],
  ];
  for (const [body, field] of bad) {
    it(`answers 400 for ${JSON.stringify(body)}`, async () => {
      const reply = await move(widget, 1, body);
      assert.equal(reply.status, 400, reply.text);
      assert.equal(reply.body.field, field);
    });
  }
});
