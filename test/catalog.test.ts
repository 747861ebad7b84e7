import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, bookingBody, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

describe('business, staff and reviews for integrations', () => {
  const { clock, app, salon } = useSalon();

  before(async () => {
    await admin(app, 'PATCH', `/businesses/${salon.businessId}`, { address: 'Hauptstr. 1, Berlin', phone: '+49 30 42' }, 200);
  });

  const get = (path: string) => app.request('GET', `/v1/integration${path}`, { key: salon.key });

  it('GET /business: name, address, time zone and working hours', async () => {
    const reply = await get('/business');
    assert.equal(reply.status, 200);
    assert.equal(reply.body.name, 'Salon');
    assert.equal(reply.body.address, 'Hauptstr. 1, Berlin');
    assert.equal(reply.body.timezone, 'Europe/Berlin');
    assert.deepEqual(reply.body.workingHours.mon, [{ start: '09:00', end: '18:00' }]);
    assert.deepEqual(reply.body.workingHours.sun, []);
  });

  it('GET /staff: who works here and what each does, nothing private', async () => {
    const reply = await get('/staff');
    assert.equal(reply.body.total, 2);
    const anna = reply.body.data.find((s: { name: string }) => s.name === 'Anna');
    assert.deepEqual(
      anna.services.map((s: { name: string }) => s.name),
      ['Haircut', 'Colour'],
    );
    assert.doesNotMatch(reply.text, /anna@salon\.test|\+49 30 111/);
    assert.equal((await get(`/staff/${salon.ben}`)).body.name, 'Ben');
    assert.equal((await get('/staff/999')).status, 404);
  });

  it('GET /reviews: newest first, paged, with the average, and no client contact data', async () => {
    for (const [rating, hour] of [
      [5, '09'],
      [3, '11'],
    ] as const) {
      const booking = (
        await app.request('POST', '/v1/integration/bookings', {
          key: salon.key,
          body: bookingBody(salon.haircut, `${MONDAY}T${hour}:00:00+01:00`, { staffId: salon.anna }),
        })
      ).body;
      clock.set(Date.parse(booking.endTime));
      await admin(app, 'POST', `${salon.base}/bookings/${booking.id}/complete`, undefined, 200);
      await admin(app, 'POST', `${salon.base}/reviews`, { rating, comment: `rated ${rating}`, bookingId: booking.id }, 201);
    }
    clock.set(TEST_NOW);
    const reply = await get('/reviews?limit=1');
    assert.equal(reply.status, 200);
    assert.equal(reply.body.total, 2);
    assert.equal(reply.body.averageRating, 4);
    assert.equal(reply.body.data.length, 1);
    assert.equal(reply.body.data[0].comment, 'rated 3');
    assert.equal(reply.body.data[0].staffName, 'Anna');
    assert.doesNotMatch(reply.text, /ada@example\.com/);
    assert.equal((await get('/reviews?page=2&limit=1')).body.data[0].comment, 'rated 5');
    assert.equal((await get('/reviews?limit=101')).status, 400);
  });

  const scoped: Array<[string, string]> = [
    ['/business', 'business:read'],
    ['/staff', 'staff:read'],
    ['/reviews', 'reviews:read'],
    ['/bookings', 'bookings:read'],
    [`/slots?serviceId=1&date=${MONDAY}`, 'slots:read'],
    ['/services', 'services:read'],
  ];
  for (const [path, scope] of scoped) {
    it(`GET ${path.split('?')[0]} needs ${scope}`, async () => {
      const key = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'narrow', scopes: ['webhooks:manage'] }, 201)).body.key;
      const reply = await app.request('GET', `/v1/integration${path}`, { key });
      assert.equal(reply.status, 403);
      assert.match(reply.body.message, new RegExp(scope));
    });
  }
});
