import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN_OPERATIONS } from '../src/admin-api.ts';
import { rolesOf } from '../src/auth/roles.ts';
import type { Role } from '../src/db/tables.ts';
import { type Browser, person } from './helpers/people.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

/** Every admin operation a person can call (signing in and a person's own session are tested in people.test.ts). */
const OPERATIONS = ADMIN_OPERATIONS.filter((op) => !op.public && !op.path.startsWith('/session'));

describe('roles, generated from the admin operation table (issue 23)', () => {
  const { app, salon } = useSalon();
  const people = {} as Record<Role, Browser>;

  before(async () => {
    people.owner = await person(app, { name: 'Olga', email: 'olga@salon.test', role: 'owner' });
    people.front_desk = await person(app, { name: 'Sam', email: 'sam@salon.test', role: 'front_desk' });
    people.stylist = await person(app, { name: 'Anna', email: 'anna.person@salon.test', role: 'stylist', staffId: salon.anna });
  });

  it('every operation says who may call it', () => {
    const undeclared = OPERATIONS.filter((op) => op.access === undefined).map((op) => op.operationId);
    assert.deepEqual(undeclared, []);
  });

  for (const op of OPERATIONS) {
    it(`${op.operationId}: ${rolesOf(op.access).join(', ')}`, async () => {
      const path = op.path.replace(/:(\w+)/g, (_: string, name: string) => (name === 'businessId' ? String(salon.businessId) : '999999'));
      for (const role of ['front_desk', 'stylist', 'owner'] as const) {
        const reply = await people[role].request(op.method, path, op.body ? {} : undefined);
        const refused = reply.status === 403 && reply.body?.code === 'not_allowed_for_role';
        assert.equal(refused, !rolesOf(op.access).includes(role), `${role}: ${reply.status} ${reply.text.slice(0, 200)}`);
        if (refused) assert.match(reply.body.message, /^Your account \((front desk|stylist)\) cannot do this: it is for the /);
        assert.ok(reply.status < 500, `${role}: ${reply.status} ${reply.text.slice(0, 200)}`);
      }
    });
  }
});

describe('a stylist: their own bookings and time off, nobody else’s', () => {
  const { app, salon } = useSalon();
  let anna: Browser;
  let annas: number;
  let bens: number;

  before(async () => {
    anna = await person(app, { name: 'Anna', email: 'anna.person@salon.test', role: 'stylist', staffId: salon.anna });
    const book = async (staffId: number, time: string) =>
      (
        await admin(
          app,
          'POST',
          `${salon.base}/bookings`,
          {
            ...bookingBody(salon.haircut, `${MONDAY}T${time}:00+01:00`),
            staffId,
            client: { name: `Client of ${staffId}`, email: `client${staffId}@example.test` },
          },
          201,
        )
      ).body.id;
    annas = await book(salon.anna, '10:00');
    bens = await book(salon.ben, '11:00');
  });

  it('sees and completes their own booking, not a colleague’s', async () => {
    assert.equal((await anna.request('GET', `${salon.base}/bookings/${annas}`)).status, 200);
    const theirs = await anna.request('GET', `${salon.base}/bookings/${bens}`);
    assert.equal(theirs.status, 403);
    assert.equal(theirs.body.code, 'not_your_own');
    assert.match(theirs.body.message, /only their own bookings/);
    assert.equal((await anna.request('POST', `${salon.base}/bookings/${bens}/no-show`)).status, 403);
    assert.equal((await admin(app, 'GET', `${salon.base}/bookings/${bens}`, undefined, 200)).body.status, 'confirmed', 'nothing changed');
    assert.equal((await anna.request('GET', `${salon.base}/bookings/${annas}/events`)).status, 200);
  });

  it('lists only their own bookings', async () => {
    const all = await anna.request('GET', `${salon.base}/bookings`);
    assert.equal(all.status, 403);
    assert.match(all.body.message, /staffId/);
    assert.equal((await anna.request('GET', `${salon.base}/bookings?staffId=${salon.ben}`)).status, 403);
    const own = await anna.request('GET', `${salon.base}/bookings?staffId=${salon.anna}`);
    assert.equal(own.status, 200);
    assert.deepEqual(
      own.body.data.map((booking: any) => booking.id),
      [annas],
    );
  });

  it('records their own time off, not a colleague’s', async () => {
    const mine = await anna.request('POST', `${salon.base}/staff/${salon.anna}/time-off`, { allDay: true, startDate: '2027-01-04' });
    assert.equal(mine.status, 201, mine.text);
    const bensOff = await anna.request('POST', `${salon.base}/staff/${salon.ben}/time-off`, { allDay: true, startDate: '2027-01-04' });
    assert.equal(bensOff.status, 403);
    assert.equal(bensOff.body.code, 'not_your_own');
  });

  it('is refused an API key with a sentence, and another salon altogether', async () => {
    const key = await anna.request('POST', `${salon.base}/keys`, { name: 'mine', scopes: ['bookings:read'] });
    assert.equal(key.status, 403);
    assert.equal(key.body.message, "Your account (stylist) cannot do this: it is for the salon's owner.");
    const other = (await admin(app, 'POST', '/businesses', { name: 'Elsewhere', timezone: 'Europe/Berlin' }, 201)).body.id;
    const elsewhere = await anna.request('GET', `/businesses/${other}/services`);
    assert.equal(elsewhere.status, 403);
    assert.match(elsewhere.body.message, /only the salon they work at/);
    const listed = (await anna.request('GET', '/businesses')).body.data.map((business: any) => business.id);
    assert.deepEqual(listed, [salon.businessId], 'the list of salons is theirs alone');
  });

  it('gets no metrics: they are the owner’s', async () => {
    const metrics = await app.request('GET', '/metrics', { headers: { Cookie: anna.cookie } });
    assert.equal(metrics.status, 403);
    assert.equal(metrics.body.code, 'not_allowed_for_role');
  });
});
