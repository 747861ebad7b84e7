import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { admin, bookingBody, makeSalon, MONDAY, TEST_NOW, type Salon } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

const TEN = `${MONDAY}T10:00:00+01:00`;
const TEN_LOCAL = `${MONDAY}T10:00:00.000+01:00`;

describe('holds: a slot kept for one key while the client types', () => {
  const { clock, app, salon, restart } = useSalon();
  let other: Salon;
  let widget: string;
  let second: string;

  before(async () => {
    other = await makeSalon(app, 'Other salon');
    const make = async (name: string) =>
      (
        await admin(
          app,
          'POST',
          `${salon.base}/keys`,
          { name, scopes: ['services:read', 'staff:read', 'slots:read', 'bookings:write'] },
          201,
        )
      ).body.key as string;
    widget = await make('widget');
    second = await make('second widget');
  });

  const hold = (key: string, body: unknown) => app.request('POST', '/v1/integration/slots/holds', { key, body });
  const release = (key: string, id: number) => app.request('DELETE', `/v1/integration/slots/holds/${id}`, { key });
  const book = (key: string, extra: Record<string, unknown> = {}, startTime = TEN) =>
    app.request('POST', '/v1/integration/bookings', { key, body: bookingBody(salon.colour, startTime, { staffId: salon.anna, ...extra }) });
  const anna10 = async (key: string) => {
    const reply = await app.request('GET', `/v1/integration/slots?serviceId=${salon.colour}&date=${MONDAY}&staffId=${salon.anna}`, { key });
    return reply.body.data.some((s: { startTime: string }) => s.startTime === TEN_LOCAL);
  };

  it('takes the slot from every other key until it is used, and the holder books it with holdId', async () => {
    const held = await hold(widget, { serviceId: salon.colour, staffId: salon.anna, startTime: TEN });
    assert.equal(held.status, 201, held.text);
    assert.equal(held.body.staffId, salon.anna);
    assert.equal(held.body.startTime, TEN_LOCAL);
    assert.equal(held.body.endTime, `${MONDAY}T11:30:00.000+01:00`);
    assert.equal(held.body.expiresAt, new Date(TEST_NOW + 5 * 60_000).toISOString(), '5 minutes by default');

    assert.equal(await anna10(widget), true, 'the holder still sees it');
    assert.equal(await anna10(second), false, 'another key does not');
    const taken = await book(second);
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, 'slot_unavailable');
    const overlapping = await book(second, {}, `${MONDAY}T09:15:00+01:00`);
    assert.equal(overlapping.body.code, 'slot_unavailable', 'an overlapping time is held too');
    assert.equal(
      (await hold(second, { serviceId: salon.colour, staffId: salon.anna, startTime: TEN })).body.code,
      'slot_unavailable',
      'no hold on a hold',
    );
    const salonBooking = await admin(app, 'POST', `${salon.base}/bookings`, {
      ...bookingBody(salon.colour, TEN, { staffId: salon.anna }),
      client: { name: 'Walk-in', phone: '+49 1' },
    });
    assert.equal(salonBooking.status, 409, 'the salon itself respects a hold');

    const booked = await book(widget, { holdId: held.body.id });
    assert.equal(booked.status, 201, booked.text);
    assert.equal(booked.body.staffId, salon.anna);
    const again = await book(widget, { holdId: held.body.id }, `${MONDAY}T15:00:00+01:00`);
    assert.equal(again.status, 404, 'a used hold is gone');
  });

  it('expires after the configured minutes: the slot is free for everyone again', async () => {
    const held = await hold(widget, { serviceId: salon.haircut, startTime: `${MONDAY}T16:00:00+01:00` });
    assert.equal(held.status, 201);
    const staffId = held.body.staffId;
    const body = bookingBody(salon.haircut, `${MONDAY}T16:00:00+01:00`, { staffId });
    assert.equal((await app.request('POST', '/v1/integration/bookings', { key: second, body })).status, 409);
    clock.advance(5 * 60_000);
    try {
      const late = await app.request('POST', '/v1/integration/bookings', { key: widget, body: { ...body, holdId: held.body.id } });
      assert.equal(late.status, 409);
      assert.equal(late.body.code, 'hold_expired');
      assert.equal((await app.request('POST', '/v1/integration/bookings', { key: second, body })).status, 201, 'expired: anyone may book');
    } finally {
      clock.advance(-5 * 60_000);
    }
  });

  it('is released with DELETE, by its own key only', async () => {
    const held = await hold(widget, { serviceId: salon.colour, staffId: salon.anna, startTime: `${MONDAY}T14:00:00+01:00` });
    assert.equal((await release(second, held.body.id)).status, 404, "another key's hold");
    const otherKey = other.key;
    assert.equal((await release(otherKey, held.body.id)).status, 404, "another business's hold");
    assert.equal((await book(otherKey, { holdId: held.body.id })).status, 404);
    assert.equal((await release(widget, held.body.id)).status, 204);
    assert.equal((await release(widget, held.body.id)).status, 404);
    assert.equal((await book(second, {}, `${MONDAY}T14:00:00+01:00`)).status, 201);
  });

  it('follows the same rules as a booking, and refuses a hold that does not match the booking', async () => {
    assert.equal((await hold(widget, { serviceId: salon.haircut, startTime: '2026-11-21T11:30:00+01:00' })).body.code, 'too_short_notice');
    assert.equal((await hold(widget, { serviceId: salon.haircut, startTime: '2028-01-03T10:00:00+01:00' })).body.code, 'beyond_horizon');
    assert.equal(
      (await hold(widget, { serviceId: salon.haircut, startTime: `${MONDAY}T13:00:00+01:00` })).body.code,
      'slot_unavailable',
      'the break',
    );
    assert.equal((await hold(widget, { serviceId: other.haircut, startTime: TEN })).status, 404, "another business's service");
    assert.equal((await hold(widget, { serviceId: salon.haircut, staffId: other.anna, startTime: TEN })).status, 404);
    const held = await hold(widget, { serviceId: salon.haircut, staffId: salon.ben, startTime: `${MONDAY}T11:00:00+01:00` });
    const mismatch = await app.request('POST', '/v1/integration/bookings', {
      key: widget,
      body: bookingBody(salon.haircut, `${MONDAY}T11:15:00+01:00`, { holdId: held.body.id }),
    });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.field, 'holdId');
    await release(widget, held.body.id);
  });

  const bad: Array<[unknown, string]> = [
    [{ startTime: TEN }, 'serviceId'],
    [{ serviceId: 1 }, 'startTime'],
    [{ serviceId: 1, startTime: 'soon' }, 'startTime'],
    [{ serviceId: 0, startTime: TEN }, 'serviceId'],
    [{ serviceId: 1, startTime: TEN, minutes: 10 }, 'minutes'],
  ];
  for (const [body, field] of bad) {
    it(`answers 400 for ${JSON.stringify(body)}`, async () => {
      const reply = await hold(widget, body);
      assert.equal(reply.status, 400);
      assert.equal(reply.body.field, field);
    });
  }

  it('needs bookings:write', async () => {
    const reader = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'reader', scopes: ['slots:read'] }, 201)).body.key;
    assert.equal((await hold(reader, { serviceId: salon.haircut, startTime: TEN })).status, 403);
    assert.equal((await release(reader, 1)).status, 403);
  });

  it('20 concurrent requests for one slot, some with the hold and some without: exactly one booking', async () => {
    const time = `${MONDAY}T12:00:00+01:00`;
    const held = await hold(widget, { serviceId: salon.haircut, staffId: salon.ben, startTime: time });
    assert.equal(held.status, 201);
    // Even: the holder with holdId. i % 4 == 1: the holder without it. Else: another key, which the hold shuts out.
    const keyOf = (i: number) => (i % 2 === 0 || i % 4 === 1 ? widget : second);
    const requests = Array.from({ length: 20 }, (_, i) => {
      const body = {
        ...bookingBody(salon.haircut, time, { staffId: salon.ben, ...(i % 2 === 0 ? { holdId: held.body.id } : {}) }),
        client: { name: `C${i}`, email: `c${i}@example.com` },
      };
      return app.request('POST', '/v1/integration/bookings', { key: keyOf(i), body });
    });
    const answers = await Promise.all(requests);
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(statuses));
    assert.equal(keyOf(statuses.indexOf(201)), widget, 'the key holding the slot got it');
    assert.ok(answers.every((a, i) => keyOf(i) === widget || a.body.code === 'slot_unavailable'));
    assert.ok(
      statuses.every((s) => s === 201 || s === 409 || s === 404),
      JSON.stringify(answers.map((a) => a.text.slice(0, 80))),
    );
    const list = await app.request('GET', `/v1/integration/bookings?from=${MONDAY}&to=${MONDAY}&staffId=${salon.ben}&limit=100`, {
      key: salon.key,
    });
    assert.equal(
      list.body.data.filter((b: { startTime: string; status: string }) => b.startTime === `${MONDAY}T12:00:00.000+01:00`).length,
      1,
    );
  });

  it('survives a restart', async () => {
    const held = await hold(widget, { serviceId: salon.haircut, staffId: salon.ben, startTime: `${MONDAY}T17:00:00+01:00` });
    assert.equal(held.status, 201);
    await restart();
    const taken = await app.request('POST', '/v1/integration/bookings', {
      key: second,
      body: bookingBody(salon.haircut, `${MONDAY}T17:00:00+01:00`, { staffId: salon.ben }),
    });
    assert.equal(taken.body.code, 'slot_unavailable');
    assert.equal((await app.request('DELETE', `/v1/integration/slots/holds/${held.body.id}`, { key: widget })).status, 204);
  });
});

describe('hold length is configurable', () => {
  it('BOOKING_HOLD_MINUTES sets it', async () => {
    const clock = new TestClock(TEST_NOW);
    const app = await TestApp.start({ clock, config: { holdMinutes: 12 } });
    try {
      const salon = await makeSalon(app);
      const held = await app.request('POST', '/v1/integration/slots/holds', {
        key: salon.key,
        body: { serviceId: salon.haircut, startTime: TEN },
      });
      assert.equal(held.body.expiresAt, new Date(TEST_NOW + 12 * 60_000).toISOString());
    } finally {
      await app.stop();
    }
  });
});
