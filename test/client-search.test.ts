import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

// Issue 27, defect 9: the desk finds a client the way it types them. A phone is compared in E.164
// read in the salon's country ("0170 1234567" is "+49 170 1234567"), a name without accents and in
// any word order ("muller", "schmidt maria"); parts still find ("schmi", "170 123").

const CLIENTS = [
  { name: 'Maria Schmidt', phone: '+49 170 1234567', email: 'maria@example.com' },
  { name: 'Jürgen Müller', phone: '030 9876543' },
  { name: 'Gisela Weiß', email: 'gisela@example.com' },
  { name: 'Schmidt-Åberg Lena' },
];

describe('client search', () => {
  const { app, salon } = useSalon();
  const names = async (search: string) => {
    const reply = await admin(app, 'GET', `${salon.base}/clients?search=${encodeURIComponent(search)}&limit=100`, undefined, 200);
    assert.equal(reply.body.total, reply.body.data.length, 'the count agrees with the page');
    return reply.body.data.map((c: { name: string }) => c.name).sort();
  };

  before(async () => {
    await admin(app, 'PATCH', salon.base, { phoneCountry: 'DE' }, 200);
    for (const client of CLIENTS) await admin(app, 'POST', `${salon.base}/clients`, client, 201);
  });

  for (const [search, expected] of [
    ['0170 1234567', ['Maria Schmidt']],
    ['+49 170 1234567', ['Maria Schmidt']],
    ['0049 (170) 123-4567', ['Maria Schmidt']],
    ['+49 30 9876543', ['Jürgen Müller']],
    ['muller', ['Jürgen Müller']],
    ['Mueller', ['Jürgen Müller']],
    ['MÜLLER jürgen', ['Jürgen Müller']],
    ['schmidt maria', ['Maria Schmidt']],
    ['weiss', ['Gisela Weiß']],
    ['aberg', ['Schmidt-Åberg Lena']],
    ['schmi', ['Maria Schmidt', 'Schmidt-Åberg Lena']],
    ['170 123', ['Maria Schmidt']],
    ['0170 123', ['Maria Schmidt']],
    ['9876', ['Jürgen Müller']],
    ['gisela@', ['Gisela Weiß']],
    ['maria schmidt example', ['Maria Schmidt']],
    ['maria müller', []],
    ['0171 1234567', []],
    ['50%_', []],
  ] as const) {
    it(`finds ${expected.length ? expected.join(' and ') : 'no one'} by “${search}”`, async () => {
      assert.deepEqual(await names(search), expected);
    });
  }

  it('keeps the phone as typed and says the salon’s phone country, which must be a country', async () => {
    const maria = (await admin(app, 'GET', `${salon.base}/clients?search=maria`, undefined, 200)).body.data[0];
    assert.equal(maria.phone, '+49 170 1234567');
    assert.equal((await admin(app, 'GET', salon.base, undefined, 200)).body.phoneCountry, 'DE');
    for (const wrong of ['XX', 'de', 'DEU']) {
      const reply = await admin(app, 'PATCH', salon.base, { phoneCountry: wrong }, 400);
      assert.match(reply.text, /phoneCountry/);
    }
    assert.equal((await admin(app, 'GET', salon.base, undefined, 200)).body.phoneCountry, 'DE');
  });

  it('keeps a changed name and phone findable', async () => {
    const id = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Tom Öztürk', phone: '0151 5550000' }, 201)).body.id;
    await admin(app, 'PATCH', `${salon.base}/clients/${id}`, { name: 'Tomás Öztürk-Lang', phone: '0152 5551111' }, 200);
    assert.deepEqual(await names('lang tomas'), ['Tomás Öztürk-Lang']);
    assert.deepEqual(await names('+49 152 5551111'), ['Tomás Öztürk-Lang']);
    assert.deepEqual(await names('0151 5550000'), []);
  });
});

describe('a salon without a phone country, then with one', () => {
  const { app, salon } = useSalon();
  const names = async (search: string) =>
    (await admin(app, 'GET', `${salon.base}/clients?search=${encodeURIComponent(search)}`, undefined, 200)).body.data.map(
      (c: { name: string }) => c.name,
    );

  it('compares national numbers by their digits until the country is set, then in E.164', async () => {
    assert.equal((await admin(app, 'GET', salon.base, undefined, 200)).body.phoneCountry, null);
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Schmidt', phone: '0170 1234567' }, 201);
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'Ola Nordmann', phone: '+47 412 34 567' }, 201);
    assert.deepEqual(await names('0170-1234567'), ['Maria Schmidt']);
    assert.deepEqual(await names('+4741234567'), ['Ola Nordmann'], 'an international number needs no country');
    assert.deepEqual(await names('+49 170 1234567'), []);

    await admin(app, 'PATCH', salon.base, { phoneCountry: 'DE' }, 200);
    assert.deepEqual(await names('+49 170 1234567'), ['Maria Schmidt'], 'the clients’ phones were read again');
    assert.deepEqual(await names('0170 1234567'), ['Maria Schmidt']);
    assert.deepEqual(await names('+47 412 34 567'), ['Ola Nordmann']);
  });
});

describe('a booking with a known client’s phone written otherwise', () => {
  const { app, salon } = useSalon();

  it('is put on that client, with nothing for the salon to check', async () => {
    await admin(app, 'PATCH', salon.base, { phoneCountry: 'DE' }, 200);
    const maria = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Schmidt', phone: '+49 170 1234567' }, 201)).body;
    const reply = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: { serviceId: salon.haircut, startTime: `${MONDAY}T10:00:00+01:00`, client: { name: 'Maria Schmidt', phone: '0170 1234567' } },
    });
    assert.equal(reply.status, 201, reply.text);
    const booking = (await admin(app, 'GET', `${salon.base}/bookings/${reply.body.id}`, undefined, 200)).body;
    assert.equal(booking.client.id, maria.id);
    assert.equal(booking.clientCheck, null);
    assert.equal((await admin(app, 'GET', `${salon.base}/clients?search=maria`, undefined, 200)).body.total, 1, 'no second Maria');
  });
});
