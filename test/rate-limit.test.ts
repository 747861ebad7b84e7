import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestApp, tempDataDir } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';

const PATH = '/v1/integration/webhooks';

describe('rate limits', () => {
  // 10:00:30 UTC: mid-minute, so the window end is known.
  const clock = new TestClock(Date.parse('2026-11-21T10:00:30.000Z'));
  let app: TestApp;
  let key: string;
  let otherKey: string;

  before(async () => {
    app = await TestApp.start({ clock, config: { ratePerMinute: 3, ratePerDay: 5 } });
    const businessId = await app.business();
    key = (await app.key(businessId, ['webhooks:manage'])).key;
    otherKey = (await app.key(businessId, ['webhooks:manage'])).key;
  });
  after(() => app.stop());

  it('sends the three X-RateLimit headers and the IETF fields on every answer to a valid key', async () => {
    const reply = await app.request('GET', PATH, { key });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('x-ratelimit-limit'), '3');
    assert.equal(reply.headers.get('x-ratelimit-remaining'), '2');
    assert.equal(reply.headers.get('x-ratelimit-reset'), String(Date.parse('2026-11-21T10:01:00.000Z') / 1000));
    assert.equal(reply.headers.get('ratelimit-policy'), '"minute";q=3;w=60, "day";q=5;w=86400');
    assert.equal(reply.headers.get('ratelimit'), '"minute";r=2;t=30, "day";r=4;t=50370');
    const notFound = await app.request('GET', `${PATH}/999`, { key });
    assert.equal(notFound.status, 404);
    assert.equal(notFound.headers.get('x-ratelimit-remaining'), '1');
  });

  it('answers 429 with the spec body, Retry-After and the headers once the minute is used up', async () => {
    assert.equal((await app.request('GET', PATH, { key })).status, 200);
    const refused = await app.request('GET', PATH, { key });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.statusCode, 429);
    assert.equal(refused.body.error, 'Too Many Requests');
    assert.equal(refused.body.code, 'rate_limited');
    assert.match(refused.body.message, /3 requests per minute/);
    assert.equal(refused.body.retryAfter, 30);
    assert.equal(refused.headers.get('retry-after'), '30');
    assert.equal(refused.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(refused.headers.get('x-ratelimit-limit'), '3');
  });

  it('counts per key: another key is unaffected', async () => {
    assert.equal((await app.request('GET', PATH, { key: otherKey })).status, 200);
  });

  it('starts a fresh minute window, and refused requests did not count toward the day', async () => {
    clock.set(Date.parse('2026-11-21T10:01:00.000Z'));
    // 3 admitted so far today; 2 left of the daily 5, whatever the 429s before.
    assert.equal((await app.request('GET', PATH, { key })).status, 200);
    assert.equal((await app.request('GET', PATH, { key })).status, 200);
    const refused = await app.request('GET', PATH, { key });
    assert.equal(refused.status, 429);
    assert.match(refused.body.message, /5 requests per day/);
    const untilMidnight = (Date.parse('2026-11-22T00:00:00.000Z') - clock.now()) / 1000;
    assert.equal(refused.body.retryAfter, untilMidnight);
    assert.equal(refused.headers.get('ratelimit'), `"minute";r=1;t=60, "day";r=0;t=${untilMidnight}`);
  });

  it('starts over on the next UTC day', async () => {
    clock.set(Date.parse('2026-11-22T00:00:01.000Z'));
    assert.equal((await app.request('GET', PATH, { key })).status, 200);
  });
});

describe('the daily count', () => {
  it('survives a restart on the same data dir', async () => {
    const clock = new TestClock(Date.parse('2026-11-21T12:00:00.000Z'));
    const dataDir = tempDataDir();
    const config = { ratePerMinute: 100, ratePerDay: 4 };
    const first = await TestApp.start({ clock, dataDir, config });
    const businessId = await first.business();
    const { key } = await first.key(businessId, ['webhooks:manage']);
    for (let i = 0; i < 3; i++) assert.equal((await first.request('GET', PATH, { key })).status, 200);
    await first.stop();

    clock.advance(5 * 60_000);
    const second = await TestApp.start({ clock, dataDir, config });
    try {
      const last = await second.request('GET', PATH, { key });
      assert.equal(last.status, 200);
      assert.match(last.headers.get('ratelimit') ?? '', /"day";r=0;/);
      assert.equal((await second.request('GET', PATH, { key })).status, 429);
    } finally {
      await second.stop();
    }
  });
});
