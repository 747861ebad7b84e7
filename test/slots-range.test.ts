import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, bookingBody, makeSalon, MONDAY, type Salon } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

describe('GET /v1/integration/slots over a range of dates', () => {
  const { app, salon } = useSalon(); // on the test clock: Saturday 2026-11-21, 11:00 in Berlin
  let other: Salon;

  before(async () => {
    other = await makeSalon(app, 'Other salon');
  });

  const get = (query: string, key = salon.key) => app.request('GET', `/v1/integration/slots?${query}`, { key });

  it('answers every day of the range with its count, and the slots of each day as date= would', async () => {
    await admin(app, 'POST', `${salon.base}/closures`, { startDate: '2026-11-25' }, 201);
    assert.equal(
      (
        await app.request('POST', '/v1/integration/bookings', {
          key: salon.key,
          body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { staffId: salon.anna }),
        })
      ).status,
      201,
    );
    const range = await get(`serviceId=${salon.haircut}&from=2026-11-20&to=2026-12-20`);
    assert.equal(range.status, 200, range.text);
    assert.equal(range.body.from, '2026-11-20');
    assert.equal(range.body.to, '2026-12-20');
    assert.equal(range.body.date, undefined);
    assert.equal(range.body.days.length, 31);
    const counts = Object.fromEntries(range.body.days.map((d: { date: string; total: number }) => [d.date, d.total]));
    assert.equal(counts['2026-11-20'], 0, 'yesterday');
    assert.equal(counts['2026-11-22'], 0, 'Sunday');
    assert.equal(counts['2026-11-25'], 0, 'closed');
    assert.ok(counts['2026-11-21'] > 0 && counts['2026-11-26'] > 0);
    assert.equal(range.body.total, range.body.data.length);
    for (const date of ['2026-11-21', MONDAY, '2026-11-25', '2026-12-20']) {
      const day = await get(`serviceId=${salon.haircut}&date=${date}`);
      const fromRange = range.body.data.filter((slot: { startTime: string }) => slot.startTime.startsWith(date));
      assert.deepEqual(fromRange, day.body.data, date);
      assert.equal(counts[date], day.body.total);
    }
  });

  it('narrows to one staff member, and keeps to the horizon', async () => {
    await admin(app, 'PATCH', `/businesses/${salon.businessId}`, { horizonDays: 10 }, 200);
    try {
      const range = await get(`serviceId=${salon.colour}&from=2026-11-28&to=2026-12-05&staffId=${salon.ben}`);
      assert.equal(range.body.total, 0, 'Ben does not colour');
      const beyond = await get(`serviceId=${salon.haircut}&from=2026-11-28&to=2026-12-05`);
      const counts = Object.fromEntries(beyond.body.days.map((d: { date: string; total: number }) => [d.date, d.total]));
      assert.ok(counts['2026-12-01'] > 0, '10 days ahead');
      assert.equal(counts['2026-12-02'], 0, '11 days ahead');
    } finally {
      await admin(app, 'PATCH', `/businesses/${salon.businessId}`, { horizonDays: 366 }, 200);
    }
  });

  const bad: Array<[string, number, string | undefined]> = [
    ['from=2026-11-23', 400, 'to'],
    ['to=2026-11-23', 400, 'date'],
    ['from=2026-11-23&to=2026-11-22', 400, 'to'],
    ['from=2026-11-01&to=2026-12-02', 400, 'to'],
    ['from=2026-02-30&to=2026-03-02', 400, 'from'],
    ['from=2026-11-01&to=2026-11-31', 400, 'to'],
    ['from=2026-11-23&to=2026-11-24&date=2026-11-23', 400, 'date'],
    ['from=23.11.2026&to=2026-11-24', 400, 'from'],
  ];
  for (const [query, status, field] of bad) {
    it(`answers ${status} for ?${query}`, async () => {
      const reply = await get(`serviceId=${salon.haircut}&${query}`);
      assert.equal(reply.status, status, reply.text);
      if (field) assert.equal(reply.body.field, field);
    });
  }

  it('31 days is the most, and one day is a range too', async () => {
    assert.equal((await get(`serviceId=${salon.haircut}&from=2026-12-01&to=2026-12-31`)).body.days.length, 31);
    assert.equal((await get(`serviceId=${salon.haircut}&from=${MONDAY}&to=${MONDAY}`)).body.days.length, 1);
  });

  it("keeps businesses apart: another business's service or staff member is 404", async () => {
    assert.equal((await get(`serviceId=${other.haircut}&from=${MONDAY}&to=2026-11-30`)).status, 404);
    assert.equal((await get(`serviceId=${salon.haircut}&from=${MONDAY}&to=2026-11-30&staffId=${other.anna}`)).status, 404);
    const theirs = await get(`serviceId=${other.haircut}&from=2026-11-25&to=2026-11-25`, other.key);
    assert.ok(theirs.body.total > 0, "the other salon is open on this salon's closure day");
  });
});
