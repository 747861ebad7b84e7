import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, bookingBody, makeSalon, MONDAY, type Salon } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

/** Minimum notice and horizon per business: the slot list and the booking check apply the same rules. */
describe('booking rules per business', () => {
  const { clock, app, salon } = useSalon(); // the clock at TEST_NOW: Saturday 2026-11-21, 11:00 in Berlin
  let other: Salon;

  before(async () => {
    other = await makeSalon(app, 'Other salon');
  });

  const slots = (s: Salon, date: string) => app.request('GET', `/v1/integration/slots?serviceId=${s.haircut}&date=${date}`, { key: s.key });
  const book = (s: Salon, startTime: string) =>
    app.request('POST', '/v1/integration/bookings', { key: s.key, body: bookingBody(s.haircut, startTime) });

  it('has documented defaults: an hour of notice, 366 days ahead, a 15-minute step', async () => {
    const business = (await app.request('GET', '/v1/integration/business', { key: salon.key })).body;
    assert.equal(business.minNoticeMinutes, 60);
    assert.equal(business.horizonDays, 366);
    assert.equal(business.slotStepMinutes, 15);
  });

  it('are set through the admin API, and refuse values out of range', async () => {
    for (const [body, field] of [
      [{ minNoticeMinutes: -1 }, 'minNoticeMinutes'],
      [{ minNoticeMinutes: 10081 }, 'minNoticeMinutes'],
      [{ minNoticeMinutes: 1.5 }, 'minNoticeMinutes'],
      [{ horizonDays: 0 }, 'horizonDays'],
      [{ horizonDays: 367 }, 'horizonDays'],
      [{ horizonDays: '30' }, 'horizonDays'],
    ] as const) {
      const reply = await admin(app, 'PATCH', `/businesses/${salon.businessId}`, body);
      assert.equal(reply.status, 400, JSON.stringify(body));
      assert.equal(reply.body.code, 'validation_failed');
      assert.equal(reply.body.field, field);
    }
    const patched = await admin(app, 'PATCH', `/businesses/${salon.businessId}`, { minNoticeMinutes: 120, horizonDays: 30 }, 200);
    assert.equal(patched.body.minNoticeMinutes, 120);
    assert.equal(patched.body.horizonDays, 30);
  });

  it('minimum notice: no slot sooner, and a booking sooner is 409 too_short_notice', async () => {
    const today = await slots(salon, '2026-11-21');
    assert.equal(today.body.data[0].startTime, '2026-11-21T13:30:00.000+01:00', '13:00 is two hours away, but the break runs to 13:30');
    const tooSoon = await book(salon, '2026-11-21T12:00:00+01:00');
    assert.equal(tooSoon.status, 409);
    assert.equal(tooSoon.body.code, 'too_short_notice');
    assert.match(tooSoon.body.message, /120 minutes/);
    assert.equal(tooSoon.body.minNoticeMinutes, 120, 'the rule as a number, for a page to say in its words');
    assert.equal((await book(salon, '2026-11-21T13:30:00+01:00')).status, 201);
  });

  it("minimum notice binds clients only: the salon's desk books a walk-in now, but not in the past", async () => {
    const walkIn = (startTime: string) =>
      admin(app, 'POST', `/businesses/${salon.businessId}/bookings`, { ...bookingBody(salon.haircut, startTime), staffId: salon.ben });
    assert.equal((await book(salon, '2026-11-21T11:15:00+01:00')).body.code, 'too_short_notice', 'a client is held to 120 minutes');
    const now = await walkIn('2026-11-21T11:15:00+01:00');
    assert.equal(now.status, 201, now.text);
    const past = await walkIn('2026-11-21T10:45:00+01:00');
    assert.equal(past.status, 409, past.text);
    assert.notEqual(past.body.code, 'too_short_notice');
    const beyond = await walkIn('2026-12-22T10:00:00+01:00');
    assert.equal(beyond.body.code, 'beyond_horizon', 'the horizon binds the desk too');
  });

  it('horizon: no slots beyond it, and a booking beyond it is 409 beyond_horizon, also when moved there', async () => {
    assert.ok((await slots(salon, '2026-12-21')).body.total > 0, '30 days ahead');
    const beyond = await slots(salon, '2026-12-22');
    assert.equal(beyond.status, 200);
    assert.equal(beyond.body.total, 0, '31 days ahead');
    const refused = await book(salon, '2026-12-22T10:00:00+01:00');
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'beyond_horizon');
    assert.match(refused.body.message, /30 days/);
    assert.equal(refused.body.horizonDays, 30, 'the rule as a number, for a page to say in its words');
    assert.equal((await book(salon, '9999-12-27T10:00:00+01:00')).body.code, 'beyond_horizon');

    const booked = await book(salon, `${MONDAY}T10:00:00+01:00`);
    assert.equal(booked.status, 201);
    const moved = await admin(app, 'POST', `/businesses/${salon.businessId}/bookings/${booked.body.id}/reschedule`, {
      startTime: '2026-12-22T10:00:00+01:00',
    });
    assert.equal(moved.status, 409);
    assert.equal(moved.body.code, 'beyond_horizon');
  });

  it("one business's rules do not touch another's", async () => {
    assert.equal((await slots(other, '2026-11-21')).body.data[0].startTime, '2026-11-21T12:00:00.000+01:00');
    assert.ok((await slots(other, '2026-12-22')).body.total > 0);
    assert.equal((await book(other, '2026-12-22T10:00:00+01:00')).status, 201);
  });

  it('follow the clock: tomorrow the horizon is a day further', async () => {
    clock.advance(24 * 3_600_000);
    try {
      assert.ok((await slots(salon, '2026-12-22')).body.total > 0);
    } finally {
      clock.advance(-24 * 3_600_000);
    }
  });
});
