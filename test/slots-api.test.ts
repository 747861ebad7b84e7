import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, makeSalon, MONDAY } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

describe('GET /v1/integration/slots', () => {
  const { app, salon } = useSalon();

  const get = (query: string, key = salon.key) => app.request('GET', `/v1/integration/slots?${query}`, { key });

  it("answers free start times in the business's time zone, with who can take them", async () => {
    const reply = await get(`serviceId=${salon.haircut}&date=${MONDAY}`);
    assert.equal(reply.status, 200);
    assert.equal(reply.body.date, MONDAY);
    assert.equal(reply.body.timezone, 'Europe/Berlin');
    assert.equal(reply.body.durationMinutes, 45);
    const [first] = reply.body.data;
    assert.deepEqual(first, {
      startTime: '2026-11-23T09:00:00.000+01:00',
      endTime: '2026-11-23T09:45:00.000+01:00',
      staffIds: [salon.anna, salon.ben],
    });
    assert.equal(reply.body.total, reply.body.data.length);
    const starts = reply.body.data.map((s: { startTime: string }) => s.startTime.slice(11, 16));
    assert.ok(!starts.includes('12:45'), 'runs into the 13:00 break');
    assert.ok(starts.includes('13:30'));
    assert.equal(starts.at(-1), '17:15');
  });

  it('narrows to one staff member', async () => {
    const reply = await get(`serviceId=${salon.colour}&date=${MONDAY}&staffId=${salon.anna}`);
    assert.ok(reply.body.data.every((s: { staffIds: number[] }) => s.staffIds.join() === String(salon.anna)));
    const none = await get(`serviceId=${salon.colour}&date=${MONDAY}&staffId=${salon.ben}`);
    assert.equal(none.body.total, 0, 'Ben does not colour');
  });

  it('offers nothing on a closed day, nothing in the past, and only later slots today', async () => {
    assert.equal((await get(`serviceId=${salon.haircut}&date=2026-11-22`)).body.total, 0, 'Sunday');
    assert.equal((await get(`serviceId=${salon.haircut}&date=2026-11-20`)).body.total, 0, 'yesterday');
    const today = await get(`serviceId=${salon.haircut}&date=2026-11-21`);
    assert.equal(today.body.data[0].startTime, '2026-11-21T12:00:00.000+01:00', 'now is 11:00 in Berlin; an hour of notice by default');
  });

  it('gets a DST day right in the business time zone', async () => {
    const night = await makeSalon(app, 'Night salon');
    const allDay = { hours: [{ start: '00:00', end: '24:00' }], breaks: [] };
    const closed = { hours: [], breaks: [] };
    const hours = [{ start: '00:00', end: '24:00' }];
    await admin(
      app,
      'PATCH',
      `/businesses/${night.businessId}`,
      {
        workingHours: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours },
        slotStepMinutes: 60,
      },
      200,
    );
    await admin(
      app,
      'PUT',
      `/businesses/${night.businessId}/staff/${night.ben}/schedule`,
      {
        mon: closed,
        tue: closed,
        wed: closed,
        thu: closed,
        fri: closed,
        sat: closed,
        sun: allDay,
      },
      200,
    );
    // 2027-03-28: Berlin skips 02:00–03:00, so that Sunday has 23 hours.
    const reply = await get(`serviceId=${night.haircut}&date=2027-03-28&staffId=${night.ben}`, night.key);
    const times = reply.body.data.map((s: { startTime: string }) => s.startTime.slice(11, 16) + s.startTime.slice(23));
    assert.equal(times.length, 23);
    assert.deepEqual(times.slice(0, 4), ['00:00+01:00', '01:00+01:00', '03:00+02:00', '04:00+02:00']);
  });

  it('offers and books both passes of the hour the clocks repeat, also when the hours end inside it (issue 26)', async () => {
    // Santiago, Saturday 2027-04-03: at 24:00 -03:00 the clocks go back to 23:00 -04:00.
    const late = await makeSalon(app, 'Late salon', 'America/Santiago');
    const evening = [{ start: '20:00', end: '23:30' }];
    const week = { mon: evening, tue: evening, wed: evening, thu: evening, fri: evening, sat: evening, sun: evening };
    await admin(app, 'PATCH', `/businesses/${late.businessId}`, { workingHours: week, slotStepMinutes: 30 }, 200);
    const day = { hours: evening, breaks: [] };
    await admin(
      app,
      'PUT',
      `/businesses/${late.businessId}/staff/${late.ben}/schedule`,
      { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
      200,
    );
    const short = (
      await admin(app, 'POST', `/businesses/${late.businessId}/services`, { name: 'Fringe', durationMinutes: 30, price: 900 }, 201)
    ).body.id;
    await admin(app, 'PUT', `/businesses/${late.businessId}/staff/${late.ben}/services`, { serviceIds: [short] }, 200);
    const reply = await get(`serviceId=${short}&date=2027-04-03&staffId=${late.ben}`, late.key);
    assert.equal(reply.status, 200, reply.text);
    const times = reply.body.data.map((s: { startTime: string }) => s.startTime.slice(11, 16) + s.startTime.slice(23));
    assert.deepEqual(
      times.slice(-3),
      ['22:30-03:00', '23:00-03:00', '23:00-04:00'],
      'the wall clock reads 23:00 twice, both inside the hours',
    );
    const second = await app.request('POST', '/v1/integration/bookings', {
      key: late.key,
      body: {
        serviceId: short,
        staffId: late.ben,
        startTime: '2027-04-03T23:00:00-04:00',
        client: { name: 'Ada', email: 'ada@example.com' },
      },
    });
    assert.equal(second.status, 201, second.text);
    assert.equal(second.body.startTime, '2027-04-03T23:00:00.000-04:00');
    assert.equal(second.body.endTime, '2027-04-03T23:30:00.000-04:00');
  });

  const bad: Array<[string, number, string | undefined]> = [
    ['date=2026-11-23', 400, 'serviceId'],
    ['serviceId=1', 400, 'date'],
    ['serviceId=abc&date=2026-11-23', 400, 'serviceId'],
    ['serviceId=1&date=23.11.2026', 400, 'date'],
    ['serviceId=1&date=2026-02-30', 400, 'date'],
    ['serviceId=1&date=2026-11-23&extra=1', 400, 'extra'],
    ['serviceId=999&date=2026-11-23', 404, undefined],
  ];
  for (const [query, status, field] of bad) {
    it(`answers ${status} for ?${query}`, async () => {
      const reply = await get(query.replace('serviceId=1&', `serviceId=${salon.haircut}&`));
      assert.equal(reply.status, status, reply.text);
      if (field) assert.equal(reply.body.field, field);
    });
  }

  it('needs slots:read', async () => {
    const key = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'x', scopes: ['services:read'] }, 201)).body.key;
    assert.equal((await get(`serviceId=${salon.haircut}&date=${MONDAY}`, key)).status, 403);
  });
});
