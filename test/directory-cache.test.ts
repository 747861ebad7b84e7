import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { admin, bookingBody, MONDAY, SCHEDULE } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

describe('the business directory in memory never answers from stale data', () => {
  const { app, salon } = useSalon();

  const staffOf = async (serviceId: number) => {
    const reply = await app.request('GET', `/v1/integration/slots?serviceId=${serviceId}&date=${MONDAY}`, { key: salon.key });
    return [...new Set(reply.body.data.flatMap((s: { staffIds: number[] }) => s.staffIds))].sort();
  };

  it('sees a schedule changed through the admin API at once', async () => {
    assert.deepEqual(await staffOf(salon.haircut), [salon.anna, salon.ben].sort());
    await admin(app, 'PUT', `${salon.base}/staff/${salon.ben}/schedule`, { ...SCHEDULE, mon: { hours: [], breaks: [] } }, 200);
    assert.deepEqual(await staffOf(salon.haircut), [salon.anna]);
  });

  it('sees a change written by another process at once', async () => {
    const other = new BetterSqlite3(path.join(app.dataDir, 'booking.db'));
    other.prepare('update staff set active = 0 where id = ?').run(salon.anna);
    other.close();
    assert.deepEqual(await staffOf(salon.haircut), []);
    await admin(app, 'PATCH', `${salon.base}/staff/${salon.anna}`, { active: true }, 200);
    assert.deepEqual(await staffOf(salon.haircut), [salon.anna]);
  });

  it("sees a mail server set or removed by another process at the next booking (its client's message queued or skipped)", async () => {
    /** A booking at `time` on Monday, and its client's message's status. */
    const messageOfBooking = async (time: string) => {
      const booked = await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T${time}:00+01:00`),
      });
      assert.equal(booked.status, 201, booked.text);
      const history = await admin(app, 'GET', `${salon.base}/bookings/${booked.body.id}/events`, undefined, 200);
      return history.body.data[0].messages[0].status as string;
    };
    assert.equal(await messageOfBooking('14:00'), 'skipped');
    const other = new BetterSqlite3(path.join(app.dataDir, 'booking.db'));
    other
      .prepare("insert into mail_settings (business_id, host, port, tls, created_at, updated_at) values (?, '127.0.0.1', 9, 'none', 0, 0)")
      .run(salon.businessId);
    assert.notEqual(await messageOfBooking('15:00'), 'skipped');
    other.prepare('delete from mail_settings where business_id = ?').run(salon.businessId);
    other.close();
    assert.equal(await messageOfBooking('16:00'), 'skipped');
  });

  it('does not keep what a transaction that rolled back had read', async () => {
    // A staff member is created and then refused (unknown service) in one transaction.
    const refused = await admin(app, 'POST', `${salon.base}/staff`, {
      name: 'Ghost',
      schedule: SCHEDULE,
      serviceIds: [salon.haircut, 999999],
    });
    assert.equal(refused.status, 400);
    const staff = await app.request('GET', '/v1/integration/staff', { key: salon.key });
    assert.ok(!staff.body.data.some((s: { name: string }) => s.name === 'Ghost'));
    assert.deepEqual(await staffOf(salon.haircut), [salon.anna]);
    const colour = await admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, { durationMinutes: 60 }, 200);
    assert.equal(colour.body.durationMinutes, 60);
    const slots = await app.request('GET', `/v1/integration/slots?serviceId=${salon.colour}&date=${MONDAY}`, { key: salon.key });
    assert.equal(slots.body.durationMinutes, 60);
  });
});
