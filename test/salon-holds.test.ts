import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { admin, bookingBody, makeSalon, MONDAY, TEST_NOW, type Salon } from './helpers/salon.ts';

// Issue 26, finding 2: holds were invisible to the salon, and its own booking of a held time was
// refused like any taken one. The admin API lists them (who holds each, until when), releases
// one, and books over one only when asked to, saying who holds it otherwise.

const at = (time: string) => `${MONDAY}T${time}:00+01:00`;
const local = (time: string) => `${MONDAY}T${time}:00.000+01:00`;

describe('holds as the salon sees them', () => {
  const clock = new TestClock(TEST_NOW);
  let app: TestApp;
  let salon: Salon;
  let other: Salon;
  let widget: string;
  let otherKey: string;

  before(async () => {
    app = await TestApp.start({ clock });
    salon = await makeSalon(app);
    other = await makeSalon(app, 'Other salon');
    const make = async (name: string) =>
      (await admin(app, 'POST', `${salon.base}/keys`, { name, scopes: ['slots:read', 'bookings:write'] }, 201)).body.key as string;
    widget = await make('Website widget');
    otherKey = await make('Partner site');
  });
  after(() => app.stop());
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
});
