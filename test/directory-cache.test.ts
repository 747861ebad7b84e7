import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { admin, MONDAY, SCHEDULE } from './helpers/salon.ts';
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
