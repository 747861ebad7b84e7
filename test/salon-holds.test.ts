import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import { admin, bookingBody, makeSalon, MONDAY, TEST_NOW, type Salon } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

// Issue 26, finding 2: holds were invisible to the salon, and its own booking of a held time was
// refused like any taken one. The admin API lists them (who holds each, until when), releases
// one, and books over one only when asked to, saying who holds it otherwise.

const at = (time: string) => `${MONDAY}T${time}:00+01:00`;
const local = (time: string) => `${MONDAY}T${time}:00.000+01:00`;

describe('holds as the salon sees them', () => {
  const { clock, app, salon } = useSalon();
  let other: Salon;
  let widget: string;
  let otherKey: string;

  before(async () => {
    other = await makeSalon(app, 'Other salon');
    const make = async (name: string) =>
      (await admin(app, 'POST', `${salon.base}/keys`, { name, scopes: ['slots:read', 'bookings:write'] }, 201)).body.key as string;
    widget = await make('Website widget');
    otherKey = await make('Partner site');
  });
  beforeEach(async () => {
    clock.set(TEST_NOW);
    // Each test starts with no live hold.
    for (const hold of (await admin(app, 'GET', `${salon.base}/holds`, undefined, 200)).body.data) {
      await admin(app, 'DELETE', `${salon.base}/holds/${hold.id}`, undefined, 204);
    }
  });

  const hold = async (key: string, body: Record<string, unknown>) => {
    const reply = await app.request('POST', '/v1/integration/slots/holds', { key, body });
    assert.equal(reply.status, 201, reply.text);
    return reply.body as { id: number; staffId: number; expiresAt: string };
  };
  const list = async (base = salon.base) => (await admin(app, 'GET', `${base}/holds`, undefined, 200)).body;

  it('lists the live holds of the business with the key that holds each, the slot and until when', async () => {
    const colour = await hold(widget, { serviceId: salon.colour, staffId: salon.anna, startTime: at('10:00') });
    clock.advance(60_000);
    const visit = await hold(otherKey, { serviceIds: [salon.haircut, salon.colour], startTime: at('14:00') });
    await hold(other.key, { serviceId: other.haircut, startTime: at('10:00') });

    const { data, total } = await list();
    assert.equal(total, 2, 'the other salon’s hold is not listed');
    assert.deepEqual(data[0], {
      id: colour.id,
      keyId: data[0].keyId,
      keyName: 'Website widget',
      keyKind: 'key',
      serviceIds: [salon.colour],
      serviceNames: ['Colour'],
      staffId: salon.anna,
      staffName: 'Anna',
      startTime: local('10:00'),
      endTime: local('11:30'),
      expiresAt: '2026-11-21T10:05:00.000Z',
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    assert.deepEqual(
      [data[1].id, data[1].keyName, data[1].serviceNames, data[1].staffName, data[1].endTime, data[1].expiresAt],
      [visit.id, 'Partner site', ['Haircut', 'Colour'], 'Anna', local('16:15'), '2026-11-21T10:06:00.000Z'],
    );

    clock.advance(4 * 60_000);
    assert.deepEqual(
      (await list()).data.map((h: { id: number }) => h.id),
      [visit.id],
      'an expired hold is not listed',
    );
  });

  it('releases a hold: the time is free for everyone, and the key that held it finds no hold to book with', async () => {
    const held = await hold(widget, { serviceId: salon.haircut, staffId: salon.ben, startTime: at('11:00') });
    const body = bookingBody(salon.haircut, at('11:00'), { staffId: salon.ben });
    assert.equal((await app.request('POST', '/v1/integration/bookings', { key: otherKey, body })).body.code, 'slot_unavailable');

    assert.equal((await admin(app, 'DELETE', `${other.base}/holds/${held.id}`)).status, 404, 'not through another business');
    assert.equal((await admin(app, 'DELETE', `${salon.base}/holds/${held.id}`)).status, 204);
    assert.equal((await admin(app, 'DELETE', `${salon.base}/holds/${held.id}`)).status, 404, 'gone');
    assert.deepEqual((await list()).data, []);

    const late = await app.request('POST', '/v1/integration/bookings', { key: widget, body: { ...body, holdId: held.id } });
    assert.equal(late.status, 404);
    const booked = await app.request('POST', '/v1/integration/bookings', { key: otherKey, body });
    assert.equal(booked.status, 201, booked.text);
    await admin(app, 'POST', `${salon.base}/bookings/${booked.body.id}/cancel`, undefined, 200);
  });

  const desk = (startTime: string, extra: Record<string, unknown> = {}) =>
    admin(app, 'POST', `${salon.base}/bookings`, {
      serviceId: salon.haircut,
      startTime,
      client: { name: 'Walk-in', phone: '+49 30 999' },
      ...extra,
    });
  const cancel = (id: number) => admin(app, 'POST', `${salon.base}/bookings/${id}/cancel`, undefined, 200);

  it('the desk booking a held time hears who holds it and until when, and books it with overrideHold, releasing the hold', async () => {
    const held = await hold(widget, { serviceId: salon.colour, staffId: salon.anna, startTime: at('10:00') });
    const refused = await desk(at('10:00'), { serviceId: salon.colour, staffId: salon.anna });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'slot_held');
    assert.equal(
      refused.body.message,
      '2026-11-23T10:00:00.000+01:00 is held by "Website widget" until 2026-11-21T11:05:00.000+01:00: a client may be booking it through that key right now. To book it anyway, send "overrideHold": true, which releases the hold; or choose another time.',
    );
    assert.deepEqual(refused.body.holds, [
      { id: held.id, heldBy: 'Website widget', keyKind: 'key', heldUntil: '2026-11-21T11:05:00.000+01:00' },
    ]);
    assert.equal((await desk(at('09:30'), { staffId: salon.anna })).body.code, 'slot_held', 'an overlapping time too');
    assert.equal((await desk(at('10:00'), { staffId: salon.anna, overrideHold: false })).body.code, 'slot_held');
    assert.equal((await list()).total, 1, 'asking took nothing');

    const booked = await desk(at('10:00'), { serviceId: salon.colour, staffId: salon.anna, overrideHold: true });
    assert.equal(booked.status, 201, booked.text);
    assert.equal(booked.body.staffId, salon.anna);
    assert.deepEqual((await list()).data, [], 'the hold is released');
    const late = await app.request('POST', '/v1/integration/bookings', {
      key: widget,
      body: bookingBody(salon.colour, at('10:00'), { staffId: salon.anna, holdId: held.id }),
    });
    assert.equal(late.status, 404, 'the key finds its hold gone');
    await cancel(booked.body.id);
  });

  it('whoever is free: a hold on one staff member leaves the time to the other; on both, booking anyway takes the first and releases only that hold', async () => {
    await hold(widget, { serviceId: salon.haircut, staffId: salon.anna, startTime: at('12:00') });
    const toBen = await desk(at('12:00'));
    assert.equal(toBen.status, 201, toBen.text);
    assert.equal(toBen.body.staffId, salon.ben, 'no question when someone is free');
    assert.equal((await list()).total, 1);
    await cancel(toBen.body.id);

    await hold(otherKey, { serviceId: salon.haircut, staffId: salon.ben, startTime: at('12:00') });
    const both = await desk(at('12:00'));
    assert.equal(both.body.code, 'slot_held');
    assert.deepEqual(
      both.body.holds.map((h: { heldBy: string }) => h.heldBy),
      ['Website widget'],
      'the holds of the one it would book',
    );
    const anyway = await desk(at('12:00'), { overrideHold: true });
    assert.equal(anyway.status, 201, anyway.text);
    assert.equal(anyway.body.staffId, salon.anna);
    assert.deepEqual(
      (await list()).data.map((h: { keyName: string }) => h.keyName),
      ['Partner site'],
      'Ben’s hold stays',
    );
    await cancel(anyway.body.id);
  });

  it('a time that is not free for another reason too is slot_unavailable, and overrideHold releases nothing', async () => {
    await hold(widget, { serviceId: salon.haircut, staffId: salon.anna, startTime: at('12:00') });
    // Colour takes 90 minutes: from 12:00 it would run into Anna's 13:00 break.
    for (const overrideHold of [false, true]) {
      const reply = await desk(at('12:00'), { serviceId: salon.colour, overrideHold });
      assert.equal(reply.body.code, 'slot_unavailable', reply.text);
    }
    assert.equal((await list()).total, 1);
  });

  it('the desk moving a booking onto a held time hears who holds it', async () => {
    const booking = (await desk(at('16:00'), { staffId: salon.ben })).body;
    await hold(widget, { serviceId: salon.haircut, staffId: salon.ben, startTime: at('17:00') });
    const moved = await admin(app, 'POST', `${salon.base}/bookings/${booking.id}/reschedule`, { startTime: at('17:00') });
    assert.equal(moved.status, 409);
    assert.equal(moved.body.code, 'slot_held');
    assert.match(moved.body.message, /is held by "Website widget" until .*Release the hold first/);
    await cancel(booking.id);
  });

  it('answers 400 for an overrideHold that is not true or false, and the integration API knows no overrideHold', async () => {
    const reply = await desk(at('15:00'), { overrideHold: 'yes' });
    assert.equal(reply.status, 400);
    assert.equal(reply.body.field, 'overrideHold');
    const integration = await app.request('POST', '/v1/integration/bookings', {
      key: widget,
      body: bookingBody(salon.haircut, at('15:00'), { overrideHold: true }),
    });
    assert.equal(integration.status, 400);
    assert.equal(integration.body.field, 'overrideHold');
  });

  it('the desk booking over a hold and the key booking with it, at once: exactly one booking, no 5xx', async () => {
    for (let round = 0; round < 5; round += 1) {
      const held = await hold(widget, { serviceId: salon.haircut, staffId: salon.ben, startTime: at('14:00') });
      const [byKey, byDesk] = await Promise.all([
        app.request('POST', '/v1/integration/bookings', {
          key: widget,
          body: bookingBody(salon.haircut, at('14:00'), { staffId: salon.ben, holdId: held.id }),
        }),
        desk(at('14:00'), { staffId: salon.ben, overrideHold: true }),
      ]);
      const statuses = [byKey.status, byDesk.status];
      assert.equal(statuses.filter((s) => s === 201).length, 1, `${byKey.text}\n${byDesk.text}`);
      assert.ok(
        statuses.every((s) => s === 201 || s === 404 || s === 409),
        statuses.join(),
      );
      await cancel((byKey.status === 201 ? byKey : byDesk).body.id);
    }
  });
});
