import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

// A refused booking says why for the staff member asked for, in fields a page or widget can put in
// its own words (docs/api.md, slot_unavailable): found by a new user trying the product, who got
// `refusals: []` and the developer sentence for these two.
describe('why a time is not free, for cases the first reasons missed', () => {
  const { app, salon } = useSalon();

  it('says the staff member asked for does not do the service (Ben does not do the colour)', async () => {
    const refused = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: {
        serviceId: salon.colour,
        staffId: salon.ben,
        startTime: `${MONDAY}T10:00:00+01:00`,
        client: { name: 'Ida', phone: '+49 30 1' },
      },
    });
    assert.equal(refused.status, 409);
    assert.deepEqual(
      [refused.body.reason, refused.body.refusals],
      ['unavailable', [{ staffId: salon.ben, staffName: 'Ben', reason: 'does_not_offer' }]],
    );
  });

  it('gives the salon’s lunch between two opening ranges as a break until it opens again, not its whole day', async () => {
    const open = [
      { start: '09:00', end: '13:00' },
      { start: '14:00', end: '18:00' },
    ];
    await admin(
      app,
      'PATCH',
      salon.base,
      { workingHours: { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: [] } },
      200,
    );
    const refused = await admin(app, 'POST', `${salon.base}/bookings`, {
      serviceId: salon.haircut,
      staffId: salon.anna,
      startTime: `${MONDAY}T13:40:00+01:00`,
      client: { name: 'Lunch Time', phone: '+49 30 2' },
    });
    assert.equal(refused.status, 409);
    assert.deepEqual(refused.body.refusals, [
      { staffId: salon.anna, staffName: 'Anna', reason: 'break', until: `${MONDAY}T14:00:00.000+01:00` },
    ]);
    const early = await admin(app, 'POST', `${salon.base}/bookings`, {
      serviceId: salon.haircut,
      staffId: salon.anna,
      startTime: `${MONDAY}T08:30:00+01:00`,
      client: { name: 'Early Bird', phone: '+49 30 3' },
    });
    assert.deepEqual(early.body.refusals, [
      { staffId: salon.anna, staffName: 'Anna', reason: 'outside_opening_hours', opens: '09:00', closes: '18:00' },
    ]);
  });
});
