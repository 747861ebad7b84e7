import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, bookingBody, SCHEDULE } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

// Issue 27, section 3: the salon's figures for a period, checked against October 2026 seeded
// visit by visit, with every number worked out by hand below.
//
// Anna and Ben work Mon–Sat 09:00–18:00 with a 13:00–13:30 break: 8.5 hours a day. October 2026
// has 27 days that are not Sundays; the salon is closed on Saturday 3 October: 26 days, so Anna
// works 26 × 8.5 = 221 hours; Ben is off on 19 and 20 October: 24 × 8.5 = 204 hours. Clara, with
// the same hours, joins on Tuesday 20 October at 14:00 (that day counts), is switched off on
// Wednesday 28 October at 19:00 and back on Saturday 31 October at 08:00: 20–24 (5 days), 26–28
// (3) and 31 (1, active that day), not 29 and 30: 9 × 8.5 = 76.5 hours, none booked.
//
//   visit                              source       status      money
//   Sep 24 Anna Haircut  Maria         desk         confirmed   (before October: Maria returns)
//   Oct  5 Anna Haircut  Maria   45'   desk         completed   cash 35.00 on Oct 5
//   Oct  6 Anna Colour   Lena    90'   desk         completed   card 80.00 on Oct 6, 20.00 refunded on Oct 7
//   Oct  7 Ben  Haircut  Paul    45'   website      pending
//   Oct  8 Ben  Haircut  Tom     45'   integration  no-show     (35.00 lost)
//   Oct  9 Anna Haircut  Eva           desk         cancelled by the salon 2 hours before: a salon cancellation
//   Oct 12 Ben  Haircut  Maria         desk         cancelled by the salon 12 days before: a salon cancellation
//   Oct 13 Ben  Haircut  Nina          integration  cancelled by it (for Nina) 2 hours before: late (35.00)
//   Oct 30 Anna Colour   Lena    90'   desk         confirmed   online 80.00 on Oct 30
//   Nov  2 Anna Haircut  Maria         desk         confirmed   cash 35.00 on Nov 1: outside
//
// Takings: cash 35.00; card 80.00 − 20.00 = 60.00; online 80.00. Refunds: 1, 20.00.
// No-shows: 1, 35.00. Late cancellations (the client's, not the salon's): 1, 35.00. Salon
// cancellations: 2. Bookings by source (not cancelled): desk 3,
// website 1, integration 1. Booked: Anna 45 + 90 + 90 = 225 min = 3.75 h of 221 (0.017); Ben
// 45 + 45 = 1.5 h of 204 (0.007). Clients: Lena, Paul and Tom new; Maria returning.
describe('reports for a period', () => {
  const { clock, app, salon } = useSalon({ now: Date.parse('2026-09-20T08:00:00Z') });
  const at = (date: string, time: string) => `${date}T${time}:00${date < '2026-10-25' ? '+02:00' : '+01:00'}`;
  const book = async (body: Record<string, unknown>) => (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body;
  const desk = (serviceId: number, staffId: number, date: string, time: string, client: number | Record<string, string>) =>
    book({ serviceId, staffId, startTime: at(date, time), ...(typeof client === 'number' ? { clientId: client } : { client }) });
  const act = (id: number, action: string, body?: unknown) => admin(app, 'POST', `${salon.base}/bookings/${id}/${action}`, body, 200);
  const pay = async (bookingId: number, amount: number, method: string) =>
    (await admin(app, 'POST', `${salon.base}/payments`, { bookingId, amount, method }, 201)).body.id as number;
  const report = (query: string) => admin(app, 'GET', `${salon.base}/report?${query}`);

  async function websiteBooking(date: string, time: string) {
    const page = `/v1/booking-page/salon`;
    const held = await app.request('POST', `${page}/holds`, {
      body: { serviceIds: [salon.haircut], staffId: salon.ben, startTime: at(date, time) },
    });
    assert.equal(held.status, 201, held.text);
    const booked = await app.request('POST', `${page}/bookings`, {
      body: { holdToken: held.body.token, client: { name: 'Paul Weber', email: 'paul@example.com' } },
    });
    assert.equal(booked.status, 201, booked.text);
  }

  let clara = 0;
  before(async () => {
    const maria = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Schmidt', phone: '+49 151 1234567' }, 201)).body.id;
    await desk(salon.haircut, salon.anna, '2026-09-24', '10:00', maria);

    clock.set(Date.parse('2026-09-30T08:00:00Z'));
    await admin(app, 'POST', `${salon.base}/closures`, { startDate: '2026-10-03', note: 'German Unity Day' }, 201);
    await admin(
      app,
      'POST',
      `${salon.base}/staff/${salon.ben}/time-off`,
      { allDay: true, startDate: '2026-10-19', endDate: '2026-10-20' },
      201,
    );
    const b1 = (await desk(salon.haircut, salon.anna, '2026-10-05', '10:00', maria)).id;
    const b2 = await desk(salon.colour, salon.anna, '2026-10-06', '10:00', { name: 'Lena Kraus', phone: '+49 170 5550000' });
    await websiteBooking('2026-10-07', '11:00');
    const tom = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, at('2026-10-08', '15:00'), {
        staffId: salon.ben,
        client: { name: 'Tom Berg', email: 'tom@example.com' },
      }),
    });
    assert.equal(tom.status, 201, tom.text);
    const b5 = (await desk(salon.haircut, salon.anna, '2026-10-09', '10:00', { name: 'Eva Roth', phone: '+49 170 5551111' })).id;
    const b6 = (await desk(salon.haircut, salon.ben, '2026-10-12', '10:00', maria)).id;
    const b7 = (await desk(salon.colour, salon.anna, '2026-10-30', '16:00', b2.client.id)).id;
    const b8 = (await desk(salon.haircut, salon.anna, '2026-11-02', '10:00', maria)).id;
    const nina = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, at('2026-10-13', '10:00'), {
        staffId: salon.ben,
        client: { name: 'Nina Vogel', email: 'nina@example.com' },
      }),
    });
    assert.equal(nina.status, 201, nina.text);
    await act(b6, 'cancel', {});

    clock.set(Date.parse('2026-10-05T09:00:00Z'));
    await act(b1, 'complete');
    await pay(b1, 3500, 'cash');
    clock.set(Date.parse('2026-10-06T10:00:00Z'));
    await act(b2.id, 'complete');
    const card = await pay(b2.id, 8000, 'card');
    clock.set(Date.parse('2026-10-07T08:00:00Z'));
    await admin(app, 'POST', `${salon.base}/payments/${card}/refund`, { amount: 2000, reason: 'Colour not as agreed' }, 201);
    clock.set(Date.parse('2026-10-08T14:00:00Z'));
    await act(tom.body.id, 'no-show');
    clock.set(Date.parse('2026-10-09T06:00:00Z'));
    await act(b5, 'cancel', { reason: 'Ill' });
    clock.set(Date.parse('2026-10-13T06:00:00Z'));
    const cancelled = await app.request('POST', `/v1/integration/bookings/${nina.body.id}/cancel`, { key: salon.key, body: {} });
    assert.equal(cancelled.status, 200, cancelled.text);
    clock.set(Date.parse('2026-10-20T12:00:00Z'));
    clara = (await admin(app, 'POST', `${salon.base}/staff`, { name: 'Clara', schedule: SCHEDULE }, 201)).body.id;
    clock.set(Date.parse('2026-10-28T18:00:00Z'));
    await admin(app, 'PATCH', `${salon.base}/staff/${clara}`, { active: false }, 200);
    clock.set(Date.parse('2026-10-30T16:00:00Z'));
    await pay(b7, 8000, 'online');
    clock.set(Date.parse('2026-10-31T07:00:00Z'));
    await admin(app, 'PATCH', `${salon.base}/staff/${clara}`, { active: true }, 200);
    clock.set(Date.parse('2026-11-01T10:00:00Z'));
    await pay(b8, 3500, 'cash');
  });

  it('gives October’s figures as worked out by hand', async () => {
    const reply = await report('from=2026-10-01&to=2026-10-31');
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.body, {
      from: '2026-10-01',
      to: '2026-10-31',
      currency: 'EUR',
      takings: [
        { method: 'cash', taken: 3500, refunded: 0, net: 3500 },
        { method: 'card', taken: 8000, refunded: 2000, net: 6000 },
        { method: 'online', taken: 8000, refunded: 0, net: 8000 },
        { method: 'voucher', taken: 0, refunded: 0, net: 0 },
        { method: 'other', taken: 0, refunded: 0, net: 0 },
      ],
      refunds: { count: 1, amount: 2000 },
      noShows: { count: 1, value: 3500 },
      lateCancellations: { count: 1, value: 3500 },
      salonCancellations: { count: 2 },
      bookingsBySource: { desk: 3, website: 1, integration: 1 },
      staff: [
        { staffId: salon.anna, name: 'Anna', bookedHours: 3.75, workingHours: 221, utilisation: 0.017 },
        { staffId: salon.ben, name: 'Ben', bookedHours: 1.5, workingHours: 204, utilisation: 0.007 },
        { staffId: clara, name: 'Clara', bookedHours: 0, workingHours: 76.5, utilisation: 0 },
      ],
      clients: { new: 3, returning: 1 },
      lateCancellationHours: 24,
      stillToCome: null,
    });
  });

  it('says where each booking came from in the salon’s list of bookings, by the rule of bookingsBySource', async () => {
    const listed = (await admin(app, 'GET', `${salon.base}/bookings?from=2026-10-01&to=2026-10-31&limit=100`, undefined, 200)).body.data;
    const counted: Record<string, number> = { desk: 0, website: 0, integration: 0 };
    for (const booking of listed.filter((b: { status: string }) => b.status !== 'cancelled'))
      counted[booking.bookedVia] = (counted[booking.bookedVia] ?? 0) + 1;
    assert.deepEqual(counted, (await report('from=2026-10-01&to=2026-10-31')).body.bookingsBySource);
    assert.deepEqual(counted, { desk: 3, website: 1, integration: 1 });
    const [one] = listed;
    assert.equal(
      (await admin(app, 'GET', `${salon.base}/bookings/${one.id}`, undefined, 200)).body.bookedVia,
      one.bookedVia,
      'the same in a booking read alone',
    );
  });

  it('says which part of a period is still to come, and how many bookings in it count as booked', async () => {
    // The clock stands at 1 November, 11:00 in Berlin: Maria's haircut on 2 November is ahead,
    // booked and counted (Anna 0.75 h), its payment the day before is taken.
    const november = (await report('from=2026-11-01&to=2026-11-30')).body;
    assert.deepEqual(november.stillToCome, { from: '2026-11-01T11:00:00.000+01:00', bookings: 1 });
    assert.deepEqual(november.bookingsBySource, { desk: 1, website: 0, integration: 0 });
    assert.equal(november.staff[0].bookedHours, 0.75);
    assert.equal(november.takings[0].taken, 3500);
    const december = (await report('from=2026-12-01&to=2026-12-31')).body;
    assert.deepEqual(december.stillToCome, { from: '2026-12-01T00:00:00.000+01:00', bookings: 0 });
  });

  it('counts a period by its local dates: one day, across the change to winter time', async () => {
    const day = (await report('from=2026-10-06&to=2026-10-06')).body;
    assert.deepEqual(day.takings[1], { method: 'card', taken: 8000, refunded: 0, net: 8000 });
    assert.deepEqual(day.staff[0], { staffId: salon.anna, name: 'Anna', bookedHours: 1.5, workingHours: 8.5, utilisation: 0.176 });
    assert.deepEqual(day.clients, { new: 1, returning: 0 });
    // Sunday 25 October is 25 hours long and the salon is closed; Saturday and Monday around it are 8.5 hours each.
    const weekend = (await report('from=2026-10-24&to=2026-10-26')).body;
    assert.equal(weekend.staff[0].workingHours, 17);
  });

  it('counts a cancellation the salon records for the client (cancelledBy "client") as the client’s: late within 24 hours', async () => {
    // Clock at 1 November, 11:00 in Berlin. Two haircuts on 3 December, each cancelled 2 hours before.
    const first = (await desk(salon.haircut, salon.anna, '2026-12-03', '10:00', { name: 'Rita Rufer', phone: '+49 170 5552222' })).id;
    const second = (await desk(salon.haircut, salon.ben, '2026-12-03', '10:00', { name: 'Sam Still', phone: '+49 170 5553333' })).id;
    clock.set(Date.parse('2026-12-03T07:00:00Z'));
    const asked = await act(first, 'cancel', { cancelledBy: 'client', reason: 'Phoned in ill' });
    assert.equal(asked.body.status, 'cancelled');
    await act(second, 'cancel', { cancelledBy: 'salon' });
    const day = (await report('from=2026-12-03&to=2026-12-03')).body;
    assert.deepEqual([day.lateCancellations, day.salonCancellations], [{ count: 1, value: 3500 }, { count: 1 }]);
    const told = await app.context.db
      .selectFrom('events')
      .select('data')
      .where('event', '=', 'booking.cancelled')
      .where('booking_id', 'in', [first, second])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      told.map((row) => JSON.parse(row.data).cancelledBy),
      ['client', 'salon'],
      'booking.cancelled says who cancelled',
    );
    // Only the salon says so; a key's cancellation is the integration's, and a word it does not know is refused.
    const third = (await desk(salon.haircut, salon.anna, '2026-12-04', '10:00', { name: 'Tina Test', phone: '+49 170 5554444' })).id;
    const wrong = await admin(app, 'POST', `${salon.base}/bookings/${third}/cancel`, { cancelledBy: 'stylist' });
    assert.equal(wrong.status, 400, wrong.text);
    assert.equal(wrong.body.field, 'cancelledBy');
    const byKey = await app.request('POST', `/v1/integration/bookings/${third}/cancel`, {
      key: salon.key,
      body: { cancelledBy: 'client' },
    });
    assert.equal(byKey.status, 400, byKey.text);
  });

  for (const [query, field] of [
    ['from=2026-10-31&to=2026-10-01', 'to'],
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2026-01-01&to=2027-01-02', 'to'],
    ['to=2026-10-31', 'from'],
    ['from=2026-10-01&to=31.10.2026', 'to'],
  ] as const) {
    it(`refuses ${query} with a 400 naming ${field}`, async () => {
      const reply = await report(query);
      assert.equal(reply.status, 400, reply.text);
      assert.equal(reply.body.field, field);
    });
  }
});
