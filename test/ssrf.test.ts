import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';
import { fakeLookup } from './helpers/dns.ts';
import { Receiver } from './helpers/receiver.ts';
import { eventually } from './helpers/wait.ts';
import { updateWebhook } from '../src/webhooks/webhooks.repository.ts';

const PUBLIC = '93.184.216.34';

describe('webhook targets on private networks (SSRF)', () => {
  let app: TestApp;
  let receiver: Receiver;
  let key: string;
  let businessId: number;
  let rebindCalls = 0;
  let metadataCalls = 0;

  before(async () => {
    receiver = await Receiver.start();
    app = await TestApp.start({
      config: { allowPrivateTargets: false, retryDelays: [0], deliveryTimeoutMs: 500 },
      lookup: fakeLookup({
        'crm.example.com': () => PUBLIC,
        'intranet.example.com': () => '10.1.2.3',
        'metadata.example.com': () => '169.254.169.254',
        'v6-loopback.example.com': () => '::1',
        'mapped.example.com': () => '::ffff:192.168.0.10',
        'multicast.example.com': () => '239.255.255.250',
        'v6-multicast.example.com': () => 'ff02::1',
        // Public at registration, the cloud metadata address at send time.
        'rebind-metadata.example.com': () => (metadataCalls++ === 0 ? PUBLIC : '169.254.169.254'),
        // Public when asked at registration, loopback when asked at send time.
        'rebind.example.com': () => (rebindCalls++ === 0 ? PUBLIC : '127.0.0.1'),
      }),
    });
    businessId = await app.business();
    key = (await app.key(businessId, ['webhooks:manage'])).key;
  });
  after(async () => {
    await app.stop();
    await receiver.close();
  });

  const register = (targetUrl: string, events = ['booking.created']) =>
    app.request('POST', '/v1/integration/webhooks', { key, body: { targetUrl, events } });
  // Webhooks on public addresses listen for an event no test here emits: a test sends nothing off this machine.
  const NEVER_EMITTED = ['service.deleted'];

  const refused: Array<[string, RegExp]> = [
    ['http://127.0.0.1:8080/hook', /127\.0\.0\.1 is a loopback address/],
    ['http://localhost/hook', /localhost is a loopback name/],
    ['http://10.0.0.5/hook', /a private address/],
    ['http://172.16.1.1/hook', /a private address/],
    ['http://192.168.1.20/hook', /a private address/],
    ['http://169.254.169.254/latest/meta-data', /link-local/],
    ['http://100.64.0.1/', /carrier-grade NAT/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://224.0.0.1/', /multicast/],
    ['http://[::1]/hook', /loopback/],
    ['http://[fd00:ec2::254]/', /unique local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://2130706433/', /127\.0\.0\.1 is a loopback address/],
    ['https://intranet.example.com/hook', /resolves to 10\.1\.2\.3, a private address/],
    ['https://metadata.example.com/', /resolves to 169\.254\.169\.254/],
    ['https://v6-loopback.example.com/', /resolves to ::1/],
    ['https://mapped.example.com/', /resolves to ::ffff:192\.168\.0\.10/],
    ['https://multicast.example.com/', /resolves to 239\.255\.255\.250, a multicast address/],
    ['https://v6-multicast.example.com/', /resolves to ff02::1, a multicast address/],
    ['http://255.255.255.255/', /broadcast/],
    ['http://[ff05::2]/', /multicast/],
    ['https://unknown-host.example.com/', /cannot be found/],
    // The probe's findings (issue 14): IPv4-compatible IPv6 is outside global unicast.
    ['http://[::169.254.169.254]/latest', /::a9fe:a9fe is an IPv4-compatible address/],
    ['http://[::127.0.0.1]:19001/x', /IPv4-compatible/],
    ['http://[::10.0.0.1]/x', /IPv4-compatible/],
    ['http://[::2]/x', /IPv4-compatible/],
    ['http://[64:ff9b::a9fe:a9fe]/', /NAT64 address carrying 169\.254\.169\.254, a link-local/],
    ['http://[2002:a00:1::1]/', /6to4 address carrying 10\.0\.0\.1, a private address/],
    ['http://[2001:0:5db8:d822:0:0:f5ff:fffe]/', /Teredo address carrying 10\.0\.0\.1/],
    ['http://[2001:db8::1]/', /documentation/],
    ['http://[2001:20::1]/', /ORCHIDv2/],
    ['http://[5f00::1]/', /outside global unicast/],
  ];
  for (const [url, reason] of refused) {
    it(`refuses ${url} at registration`, async () => {
      const reply = await register(url);
      assert.equal(reply.status, 400);
      assert.equal(reply.body.code, 'validation_failed');
      assert.equal(reply.body.field, 'targetUrl');
      assert.match(reply.body.message, reason);
    });
  }

  it('names the setting that allows a private target, and only where it would help', async () => {
    const loopback = await register('http://127.0.0.1:9911/hook');
    assert.match(loopback.body.message, /BOOKING_ALLOW_PRIVATE_TARGETS=true/);
    const unknown = await register('https://unknown-host.example.com/');
    assert.doesNotMatch(unknown.body.message, /BOOKING_ALLOW_PRIVATE_TARGETS/);
  });

  it('refuses port 0, which no receiver can listen on', async () => {
    const reply = await register('https://crm.example.com:0/hook');
    assert.equal(reply.status, 400);
    assert.equal(reply.body.field, 'targetUrl');
    assert.match(reply.body.message, /port 0/);
  });

  // Issue 26: a public host, but a port of another protocol (the Fetch standard's bad ports).
  for (const [url, reason] of [
    ['http://1.1.1.1:22/', '"targetUrl" must not use port 22, which is for ssh: browsers refuse to send HTTP there'],
    ['https://crm.example.com:25/hook', 'port 25, which is for smtp'],
    ['http://[2606:4700::1111]:6667/', 'port 6667, which is for ircu'],
    ['http://1.1.1.1:10080/', 'port 10080, which is for amanda'],
    ['http://1.1.1.1:77/', '"targetUrl" must not use port 77: browsers refuse'],
    ['http://1.1.1.1:1/', 'port 1, which is for tcpmux'],
  ] as const) {
    it(`refuses ${url} at registration: a bad port`, async () => {
      const reply = await register(url, NEVER_EMITTED);
      assert.equal(reply.status, 400, reply.text);
      assert.equal(reply.body.field, 'targetUrl');
      assert.ok(reply.body.message.includes(reason), reply.body.message);
      assert.match(reply.body.message, /one of the Fetch standard's bad ports\), and so does this server\.$/);
      assert.doesNotMatch(reply.body.message, /BOOKING_ALLOW_PRIVATE_TARGETS/, 'no setting lets it through');
    });
  }

  it('accepts the ports web servers do listen on', async () => {
    // A key of its own: each key may have 10 active webhooks.
    const own = (await app.key(businessId, ['webhooks:manage'])).key;
    for (const url of [
      'http://1.1.1.1:8080/hook',
      'https://crm.example.com:8443/hook',
      'https://crm.example.com:443/',
      'http://1.1.1.1:65535/',
    ]) {
      const reply = await app.request('POST', '/v1/integration/webhooks', { key: own, body: { targetUrl: url, events: NEVER_EMITTED } });
      assert.equal(reply.status, 201, `${url}: ${reply.text}`);
    }
  });

  it('accepts a public IPv6 target and a public IPv4 carried in NAT64 and 6to4', async () => {
    for (const url of ['http://[2606:4700::1111]/hook', 'http://[64:ff9b::5db8:d822]/hook', 'http://[2002:5db8:d822::1]/hook']) {
      assert.equal((await register(url, NEVER_EMITTED)).status, 201, url);
    }
  });

  it('accepts a host that resolves to a public address', async () => {
    assert.equal((await register('https://crm.example.com/hook', NEVER_EMITTED)).status, 201);
  });

  it('refuses a private target on PATCH too', async () => {
    const created = await register('https://crm.example.com/other', NEVER_EMITTED);
    const reply = await app.request('PATCH', `/v1/integration/webhooks/${created.body.id}`, {
      key,
      body: { targetUrl: 'http://192.168.0.1/' },
    });
    assert.equal(reply.status, 400);
    assert.equal(reply.body.field, 'targetUrl');
  });

  it('checks the address actually connected to at send time, so DNS rebinding gets nowhere', async () => {
    const created = await register('http://rebind.example.com/hook');
    assert.equal(created.status, 201, 'the name resolved to a public address at registration');
    await app.emit(businessId, 'booking.created', { bookingId: 1 });
    const attempt = await eventually(async () => {
      const [a] = await app.history(key, created.body.id);
      return a && a.deliveryStatus !== 'pending' ? a : undefined;
    });
    assert.equal(attempt.deliveryStatus, 'failed');
    assert.equal(attempt.responseStatusCode, null);
    assert.match(attempt.errorMessage, /^not sent: rebind\.example\.com resolves to 127\.0\.0\.1, a loopback address/);
    assert.equal(receiver.requests.length, 0);
  });

  it('refuses a name that turns into the cloud metadata address after registration', async () => {
    const created = await register('http://rebind-metadata.example.com/latest/meta-data');
    assert.equal(created.status, 201);
    await app.emit(businessId, 'booking.created', { bookingId: 2 });
    const attempt = await eventually(async () => {
      const [a] = await app.history(key, created.body.id);
      return a && a.deliveryStatus !== 'pending' ? a : undefined;
    });
    assert.equal(attempt.deliveryStatus, 'failed');
    assert.match(attempt.errorMessage, /^not sent: rebind-metadata\.example\.com resolves to 169\.254\.169\.254, a link-local address/);
    assert.equal(receiver.requests.length, 0);
  });

  it('refuses to ping a private target at send time as well', async () => {
    rebindCalls = 0;
    const created = await register('http://rebind.example.com/ping');
    assert.equal(created.status, 201);
    const reply = await app.request('POST', `/v1/integration/webhooks/${created.body.id}/ping`, { key });
    assert.equal(reply.body.success, false);
    assert.match(reply.body.errorMessage, /not sent: .*loopback/);
  });
});

describe('webhook targets on bad ports, also where private targets are allowed (issue 26)', () => {
  let app: TestApp;
  let receiver: Receiver;
  let key: string;
  let businessId: number;

  before(async () => {
    receiver = await Receiver.start();
    app = await TestApp.start({ config: { allowPrivateTargets: true, retryDelays: [0], deliveryTimeoutMs: 500 } });
    businessId = await app.business();
    key = (await app.key(businessId, ['webhooks:manage'])).key;
  });
  after(async () => {
    await app.stop();
    await receiver.close();
  });

  it('refuses a bad port at registration and on PATCH, whatever the address', async () => {
    const refused = await app.request('POST', '/v1/integration/webhooks', {
      key,
      body: { targetUrl: 'http://127.0.0.1:22/hook', events: ['booking.created'] },
    });
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.body.message, /port 22, which is for ssh/);
    const created = await app.webhook(key, receiver.url(), ['service.deleted']);
    const patched = await app.request('PATCH', `/v1/integration/webhooks/${created.id}`, {
      key,
      body: { targetUrl: 'http://127.0.0.1:587/hook' },
    });
    assert.equal(patched.status, 400, patched.text);
    assert.match(patched.body.message, /port 587, which is for submission/);
  });

  it('refuses a bad port at send time: a webhook stored before the rule is not sent to', async () => {
    const created = await app.webhook(key, receiver.url());
    // As a webhook registered before this rule was would be stored.
    await updateWebhook(app.context.db, created.id, { target_url: 'http://127.0.0.1:22/hook' });
    await app.emit(businessId, 'booking.created', { bookingId: 1 });
    const attempt = await eventually(async () => {
      const [a] = await app.history(key, created.id);
      return a && a.deliveryStatus !== 'pending' ? a : undefined;
    });
    assert.equal(attempt.responseStatusCode, null);
    assert.equal(
      attempt.errorMessage,
      "not sent: port 22, which is for ssh: browsers refuse to send HTTP there (one of the Fetch standard's bad ports), and so does this server",
    );
    const ping = await app.request('POST', `/v1/integration/webhooks/${created.id}/ping`, { key });
    assert.equal(ping.body.success, false);
    assert.match(ping.body.errorMessage, /^not sent: port 22/);
  });
});
