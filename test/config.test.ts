import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, publicBaseUrl, unknownVariables } from '../src/config.ts';

describe('configuration', () => {
  it('has the DESIGN.md defaults', () => {
    const config = loadConfig({});
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 8080);
    assert.equal(config.dataDir, './data');
    assert.equal(config.ratePerMinute, 60);
    assert.equal(config.ratePerDay, 10_000);
    assert.equal(config.maxActiveWebhooks, 10);
    assert.equal(config.maxActiveHolds, 3);
    assert.deepEqual(config.retryDelays, [0, 60, 300, 900, 3600, 14400]);
    assert.equal(config.deliveryTimeoutMs, 10_000);
    assert.equal(config.failuresBeforeDisable, 5);
    assert.equal(config.allowPrivateTargets, false);
    assert.ok(Object.isFrozen(config));
  });

  it('takes variables over defaults and flags over variables', () => {
    const config = loadConfig({ BOOKING_PORT: '9000', BOOKING_RETRY_DELAYS: '0, 0.5,2' }, { port: '9100' });
    assert.equal(config.port, 9100);
    assert.deepEqual(config.retryDelays, [0, 0.5, 2]);
    assert.equal(loadConfig({ BOOKING_ALLOW_PRIVATE_TARGETS: 'yes' }).allowPrivateTargets, true);
    assert.equal(loadConfig({ BOOKING_ALLOW_PRIVATE_TARGETS: 'true' }, { 'allow-private-targets': false }).allowPrivateTargets, false);
  });

  it('lists every problem at once', () => {
    assert.throws(
      () =>
        loadConfig(
          { BOOKING_PORT: '70000', BOOKING_RATE_PER_MINUTE: '0', BOOKING_RETRY_DELAYS: '1,,2', BOOKING_LOG_LEVEL: 'loud' },
          { 'delivery-timeout-ms': 'soon' },
        ),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 5);
        assert.match(error.message, /BOOKING_PORT must be a whole number from 0 to 65535, got "70000"/);
        assert.match(error.message, /--delivery-timeout-ms must be a whole number/);
        assert.match(error.message, /BOOKING_LOG_LEVEL must be one of/);
        return true;
      },
    );
  });

  it('refuses a short admin token and negative retry delays', () => {
    assert.throws(() => loadConfig({ BOOKING_ADMIN_TOKEN: 'short' }), /BOOKING_ADMIN_TOKEN/);
    assert.throws(() => loadConfig({ BOOKING_MAX_ACTIVE_HOLDS: '0' }), /BOOKING_MAX_ACTIVE_HOLDS must be a whole number from 1 to 1000/);
    assert.equal(loadConfig({}, { 'max-active-holds': '12' }).maxActiveHolds, 12);
    assert.throws(() => loadConfig({ BOOKING_RETRY_DELAYS: '0,-1' }), /BOOKING_RETRY_DELAYS/);
  });

  it("takes the clients' address as an origin with an optional path, and falls back to the listening address", () => {
    assert.equal(loadConfig({ BOOKING_PUBLIC_URL: 'https://Booking.Salon.example/' }).publicUrl, 'https://booking.salon.example');
    assert.equal(loadConfig({ BOOKING_PUBLIC_URL: 'https://salon.example/book/' }).publicUrl, 'https://salon.example/book');
    assert.equal(loadConfig({ BOOKING_PUBLIC_URL: 'https://salon.example:8443' }).publicUrl, 'https://salon.example:8443');
    for (const bad of ['salon.example', 'ftp://salon.example', 'https://user:pw@salon.example', 'https://salon.example/?x=1']) {
      assert.throws(() => loadConfig({ BOOKING_PUBLIC_URL: bad }), /BOOKING_PUBLIC_URL must/, bad);
    }
    assert.equal(publicBaseUrl(loadConfig({ BOOKING_PORT: '8081' })), 'http://127.0.0.1:8081');
    assert.equal(publicBaseUrl(loadConfig({ BOOKING_HOST: '::1' })), 'http://[::1]:8080');
    assert.equal(publicBaseUrl(loadConfig({ BOOKING_PUBLIC_URL: 'https://salon.example' })), 'https://salon.example');
    const tls = { BOOKING_TLS_CERT: 'cert.pem', BOOKING_TLS_KEY: 'key.pem' };
    assert.equal(publicBaseUrl(loadConfig({ ...tls, BOOKING_PORT: '8443' })), 'https://127.0.0.1:8443');
  });

  it('takes a certificate only with its key, and a redirect port only beside HTTPS', () => {
    const config = loadConfig({}, { 'tls-cert': '/etc/ssl/salon.pem', 'tls-key': '/etc/ssl/salon.key', 'http-redirect-port': '80' });
    assert.equal(config.tlsCert, '/etc/ssl/salon.pem');
    assert.equal(config.tlsKey, '/etc/ssl/salon.key');
    assert.equal(config.httpRedirectPort, 80);
    assert.throws(() => loadConfig({ BOOKING_TLS_CERT: 'cert.pem' }), /BOOKING_TLS_CERT needs BOOKING_TLS_KEY/);
    assert.throws(() => loadConfig({ BOOKING_TLS_KEY: 'key.pem' }), /BOOKING_TLS_KEY needs BOOKING_TLS_CERT/);
    assert.throws(() => loadConfig({ BOOKING_HTTP_REDIRECT_PORT: '80' }), /BOOKING_HTTP_REDIRECT_PORT redirects to HTTPS, which needs/);
    assert.throws(
      () => loadConfig({ BOOKING_TLS_CERT: 'c', BOOKING_TLS_KEY: 'k', BOOKING_PORT: '8443', BOOKING_HTTP_REDIRECT_PORT: '8443' }),
      /BOOKING_HTTP_REDIRECT_PORT must differ from BOOKING_PORT \(both 8443\)/,
    );
    assert.throws(
      () => loadConfig({ BOOKING_HTTP_REDIRECT_PORT: '0' }),
      /BOOKING_HTTP_REDIRECT_PORT must be a whole number from 1 to 65535/,
    );
  });

  it('reports unknown BOOKING_ variables', () => {
    assert.deepEqual(unknownVariables({ BOOKING_PORTT: '1', BOOKING_PORT: '2', PATH: '/' }), ['BOOKING_PORTT']);
  });
});
