import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';

const BASE = '/v1/integration/webhooks';

describe('tenant isolation', () => {
  let app: TestApp;
  let owner: string;
  let sameBusiness: string;
  let otherBusiness: string;
  let webhookId: number;

  before(async () => {
    app = await TestApp.start();
    const salon = await app.business('Salon A');
    const rival = await app.business('Salon B');
    owner = (await app.key(salon, ['webhooks:manage', 'services:read'])).key;
    sameBusiness = (await app.key(salon, ['webhooks:manage', 'services:read'])).key;
    otherBusiness = (await app.key(rival, ['webhooks:manage', 'services:read'])).key;
    webhookId = (
      await app.request('POST', BASE, { key: owner, body: { targetUrl: 'https://a.example.com/h', events: ['booking.created'] } })
    ).body.id;
    await app.service(salon, 'Haircut');
    await app.service(rival, 'Rival colouring');
  });
  after(() => app.stop());

  for (const [who, keyOf] of [
    ['another key of the same business', () => sameBusiness],
    ['a key of another business', () => otherBusiness],
  ] as const) {
    it(`hides a webhook from ${who}: read, patch, delete, rotate and deliveries all 404`, async () => {
      const key = keyOf();
      const attempts = [
        ['GET', `${BASE}/${webhookId}`, undefined],
        ['PATCH', `${BASE}/${webhookId}`, { description: 'mine now' }],
        ['DELETE', `${BASE}/${webhookId}`, undefined],
        ['POST', `${BASE}/${webhookId}/rotate-secret`, undefined],
        ['GET', `${BASE}/${webhookId}/deliveries`, undefined],
      ] as const;
      for (const [method, path, body] of attempts) {
        const reply = await app.request(method, path, { key, body });
        assert.equal(reply.status, 404, `${method} ${path}`);
        assert.equal(reply.body.code, 'not_found');
      }
      const list = await app.request('GET', BASE, { key });
      assert.equal(list.body.total, 0);
    });
  }

  it('left the webhook untouched', async () => {
    const reply = await app.request('GET', `${BASE}/${webhookId}`, { key: owner });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.description, '');
  });

  it('shows each business only its own services', async () => {
    const mine = await app.request('GET', '/v1/integration/services', { key: owner });
    assert.deepEqual(
      mine.body.data.map((s: { name: string }) => s.name),
      ['Haircut'],
    );
    const theirs = await app.request('GET', '/v1/integration/services', { key: otherBusiness });
    assert.deepEqual(
      theirs.body.data.map((s: { name: string }) => s.name),
      ['Rival colouring'],
    );
    const rivalId = theirs.body.data[0].id;
    assert.equal((await app.request('GET', `/v1/integration/services/${rivalId}`, { key: owner })).status, 404);
  });
});
