import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { TestApp } from './helpers/app.ts';
import { admin } from './helpers/salon.ts';

describe('GET /v1/integration/services', () => {
  let app: TestApp;
  let key: string;

  before(async () => {
    app = await TestApp.start();
    const businessId = await app.business();
    key = (await app.key(businessId, ['services:read'])).key;
    await app.service(businessId, 'Haircut', { durationMinutes: 45 });
    await app.service(businessId, 'Colour', { active: false });
  });
  after(() => app.stop());

  it('lists the services with name, duration, price, currency and active', async () => {
    const reply = await app.request('GET', '/v1/integration/services', { key });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.total, 2);
    const [haircut] = reply.body.data;
    assert.equal(haircut.name, 'Haircut');
    assert.equal(haircut.durationMinutes, 45);
    assert.equal(haircut.price, 2500);
    assert.equal(haircut.currency, 'EUR');
    assert.equal(haircut.active, true);
  });

  it('filters by active', async () => {
    const active = await app.request('GET', '/v1/integration/services?active=true', { key });
    assert.deepEqual(
      active.body.data.map((s: { name: string }) => s.name),
      ['Haircut'],
    );
    const inactive = await app.request('GET', '/v1/integration/services?active=false', { key });
    assert.deepEqual(
      inactive.body.data.map((s: { name: string }) => s.name),
      ['Colour'],
    );
  });

  it('refuses a bad filter and unknown query fields with 400', async () => {
    const bad = await app.request('GET', '/v1/integration/services?active=maybe', { key });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, 'active');
    assert.equal((await app.request('GET', '/v1/integration/services?limit=5', { key })).status, 400);
  });

  it('shows a change made through the admin API at once', async () => {
    const before = await app.request('GET', '/v1/integration/services', { key });
    const id = before.body.data[0].id;
    await admin(app, 'PATCH', `/businesses/1/services/${id}`, { name: 'Haircut deluxe' }, 200);
    const after = await app.request('GET', '/v1/integration/services', { key });
    assert.equal(after.body.data[0].name, 'Haircut deluxe');
  });

  it('shows a change made by another process at once', async () => {
    await app.request('GET', '/v1/integration/services', { key });
    // Another connection to the same file, as the CLI would be.
    const other = new BetterSqlite3(path.join(app.dataDir, 'booking.db'));
    other.prepare("update services set name = 'Changed elsewhere' where name = 'Colour'").run();
    other.close();
    const after = await app.request('GET', '/v1/integration/services', { key });
    assert.ok(after.body.data.some((s: { name: string }) => s.name === 'Changed elsewhere'));
  });

  it('reads one service by id', async () => {
    const list = await app.request('GET', '/v1/integration/services', { key });
    const reply = await app.request('GET', `/v1/integration/services/${list.body.data[0].id}`, { key });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, list.body.data[0]);
    assert.equal((await app.request('GET', '/v1/integration/services/9999', { key })).status, 404);
  });
});
