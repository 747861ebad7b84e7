import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { COMMANDS } from '../src/cli/main.ts';
import { tempDataDir, TestApp } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { makeSalon, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { cli, cliAsync, cliJson, startServeProcess } from './helpers/cli.ts';

describe('booking-api CLI', () => {
  const data = tempDataDir();

  it('creates and lists businesses, printing only JSON with --json', () => {
    const created = cliJson(['businesses', 'create', '--name', 'Salon Eins', '--timezone', 'Europe/Vienna', '--data', data]);
    assert.equal(typeof created.id, 'number');
    assert.equal(created.timezone, 'Europe/Vienna');
    const listed = cliJson(['businesses', 'list', '--data', data]);
    assert.ok(Array.isArray(listed));
    assert.equal(listed[0].name, 'Salon Eins');
  });

  it('stores the time zone as the database spells it, and refuses a UTC offset (issue 26)', () => {
    const zoned = cliJson(['businesses', 'create', '--name', 'Salon Zwei', '--timezone', 'europe/berlin', '--data', data]);
    assert.equal(zoned.timezone, 'Europe/Berlin');
    const offset = cli(['businesses', 'create', '--name', 'Salon Drei', '--timezone', '+05:30', '--data', data]);
    assert.equal(offset.status, 1, offset.stderr);
    assert.match(
      offset.stderr,
      /"timezone" must be a time zone's name such as Europe\/Berlin or Asia\/Kolkata, not a UTC offset \("\+05:30"\)/,
    );
    assert.ok(!cliJson(['businesses', 'list', '--data', data]).some((b: { name: string }) => b.name === 'Salon Drei'));
  });

  it('creates a key, shows its value once, and stores only its hash', () => {
    const key = cliJson([
      'keys',
      'create',
      '--business',
      '1',
      '--name',
      'Widget',
      '--scopes',
      'services:read,slots:read',
      '--origins',
      'shop.example.com,*.salon.test',
      '--expires',
      '2099-01-01T00:00:00Z',
      '--data',
      data,
    ]);
    assert.match(key.key, /^bk_live_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(key.scopes, ['services:read', 'slots:read']);
    assert.deepEqual(key.allowedOrigins, ['shop.example.com', '*.salon.test']);
    assert.equal(key.expiresAt, '2099-01-01T00:00:00.000Z');
    const listed = cliJson(['keys', 'list', '--data', data]);
    assert.equal(listed.length, 1);
    assert.equal('key' in listed[0], false);
    const bytes = fs.readFileSync(path.join(data, 'booking.db'));
    assert.equal(bytes.includes(key.key), false, 'the key value is not in the database file');
    assert.equal(bytes.includes(key.key.slice(8, 24)), false, 'nor a part of it');
    const sqlite = new BetterSqlite3(path.join(data, 'booking.db'), { readonly: true });
    try {
      const made = sqlite.prepare("select actor_kind, actor_label from audit_entries where action = 'key.created'").all();
      assert.deepEqual(made, [{ actor_kind: 'system', actor_label: 'Command line' }], 'the audit trail names the command line');
    } finally {
      sqlite.close();
    }
  });

  it('creates a key from a preset and prints it for humans without --json', () => {
    const result = cli(['keys', 'create', '--business', '1', '--name', 'CRM', '--preset', 'crm', '--data', data]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /bk_live_/);
    assert.match(result.stdout, /only time the key is shown/);
    assert.match(result.stdout, /webhooks:manage/);
  });

  it('revokes and regenerates keys', () => {
    const key = cliJson(['keys', 'create', '--business', '1', '--name', 'Temp', '--preset', 'display', '--data', data]);
    const regenerated = cliJson(['keys', 'regenerate', String(key.id), '--data', data]);
    assert.equal(regenerated.id, key.id);
    assert.notEqual(regenerated.key, key.key);
    const revoked = cliJson(['keys', 'revoke', String(key.id), '--data', data]);
    assert.equal(revoked.status, 'revoked');
    const again = cli(['keys', 'regenerate', String(key.id), '--data', data]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /revoked/);
  });

  it('demo tells how to start the server both from the executable and from a checkout', () => {
    // The executable has no npm: "npm start" alone left its user without a way to start it.
    const result = cli(['demo', '--data', tempDataDir()]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /"booking-api serve"/);
    assert.match(result.stdout, /"npm start"/);
  });

  it('explains bad input in one line, with exit codes 2 (usage) and 1 (refused)', () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['frobnicate'], 2, /unknown command "frobnicate"/],
      [['keys'], 2, /"keys" needs one of: create, list, revoke, regenerate/],
      [['keys', 'create', '--business', '1', '--name', 'x', '--scopes', 'a', '--colour', 'red'], 2, /Unknown option '--colour'/],
      [['keys', 'create', '--name', 'x', '--scopes', 'services:read'], 2, /--business is required/],
      [
        ['keys', 'create', '--business', 'one', '--name', 'x', '--scopes', 'services:read'],
        2,
        /--business must be a positive whole number/,
      ],
      [['keys', 'create', '--business', '1', '--name', 'x', '--scopes', 'everything'], 1, /"scopes\[0\]" must be one of/],
      [['keys', 'create', '--business', '99', '--name', 'x', '--scopes', 'services:read'], 1, /Business not found/],
      [['keys', 'create', '--business', '1', '--name', 'x', '--scopes', 'services:read', '--origins', 'https://x.com/'], 1, /host name/],
      [['keys', 'create', '--business', '1', '--name', 'x', '--scopes', 'services:read', '--expires', 'tomorrow'], 1, /ISO 8601/],
      [['keys', 'create', '--business', '1', '--name', 'x', '--scopes', 'services:read', '--expires', '2001-01-01T00:00:00Z'], 1, /future/],
      [['keys', 'revoke', '--data', data], 2, /the key ID must be a positive whole number/],
      [['keys', 'revoke', '4242'], 1, /API key not found/],
      [['businesses', 'create', '--name', 'x', '--timezone', 'Mars/Olympus'], 1, /IANA time zone/],
    ];
    for (const [args, status, message] of cases) {
      const result = cli([...(args.includes('--data') ? args : [...args, '--data', data]), '--json']);
      assert.equal(result.status, status, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message, args.join(' '));
      assert.equal(result.stdout, '', 'nothing on stdout when a command fails');
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    }
  });

  it('stops on bad configuration with one line listing every problem', () => {
    const result = cli(['keys', 'list', '--data', data], { BOOKING_PORT: 'eighty', BOOKING_RATE_PER_DAY: '-1' });
    assert.equal(result.status, 1);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /BOOKING_PORT.*BOOKING_RATE_PER_DAY/);
  });

  it('refuses to start with a configured admin token shorter than 32 characters (issue 14)', () => {
    const result = cli(['serve', '--port', '0', '--data', tempDataDir()], { BOOKING_ADMIN_TOKEN: 'x'.repeat(31) });
    assert.equal(result.status, 1);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0]!, /BOOKING_ADMIN_TOKEN must be 32 to 256 printable characters without spaces \(got 31\)/);
    assert.doesNotMatch(result.stderr, /x{31}/, 'the token itself is not echoed');
  });

  it('refuses a data dir it cannot write', () => {
    const file = path.join(tempDataDir(), 'a-file');
    fs.writeFileSync(file, '');
    const result = cli(['migrate', '--data', path.join(file, 'sub')]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /data directory .* is not writable/);
    assert.doesNotMatch(result.stderr, /\n\s+at /);
  });

  it('has --help for every command', () => {
    assert.match(cli(['--help']).stdout, /keys create/);
    for (const command of COMMANDS) {
      const result = cli([...command.words, '--help']);
      assert.equal(result.status, 0, command.words.join(' '));
      assert.match(result.stdout, /Usage: booking-api/);
      assert.match(result.stdout, /--data DIR/);
      assert.match(result.stdout, /--json/);
    }
  });

  it('migrates an empty data dir', () => {
    const result = cliJson(['migrate', '--data', tempDataDir()]);
    assert.equal(result.migrated, true);
  });

  it('says so in one line when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const result = cli(['serve', '--port', String(port), '--data', tempDataDir()], { BOOKING_ADMIN_TOKEN: 'x'.repeat(32) });
      assert.equal(result.status, 1);
      assert.match(result.stderr, new RegExp(`port ${port} on 127.0.0.1 is already in use`));
      assert.doesNotMatch(result.stderr, /\n\s+at /);
    } finally {
      blocker.close();
    }
  });
});

describe('booking-api serve', () => {
  it('prints a generated admin token once, logs JSON lines, and stops cleanly on SIGTERM', async () => {
    const data = tempDataDir();
    const first = await startServeProcess(['--data', data]);
    const health = await fetch(`${first.url}/healthz`);
    assert.equal(health.status, 200);
    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0);
    const { stdout, stderr } = first.output();
    const token = /\n\s+(bk_admin_[A-Za-z0-9_-]+)\n/.exec(stderr)?.[1];
    assert.ok(token, 'the token is printed on first start');
    assert.match(stderr, /"npx booking-api admin-token reset"/, 'how to reset it from a checkout, too');
    assert.equal(stdout.includes(token), false, 'the token is not in the logs');
    const lines = stdout.trim().split('\n');
    for (const line of lines) JSON.parse(line);
    const request = lines.map((l) => JSON.parse(l)).find((l) => l.path === '/healthz');
    assert.equal(request.status, 200);
    assert.equal(request.method, 'GET');
    assert.equal(typeof request.requestId, 'string');
    assert.equal(typeof request.durationMs, 'number');

    const second = await startServeProcess(['--data', data]);
    second.child.kill('SIGINT');
    assert.equal(await second.exited, 0);
    assert.doesNotMatch(second.output().stderr, /bk_admin_/, 'not printed again');
  });
});

describe('the CLI beside a running server', () => {
  it('names a new key by its name and scopes, and lists only the keys the salon made (issue 27)', async () => {
    const app = await TestApp.start({ clock: new TestClock(TEST_NOW) });
    try {
      const salon = await makeSalon(app);
      // A client holds a time on the booking page: the page's own key is made, taking the next id.
      const held = await app.request('POST', '/v1/booking-page/salon/holds', {
        body: { serviceIds: [salon.haircut], staffId: salon.anna, startTime: `${MONDAY}T10:00:00+01:00` },
      });
      assert.equal(held.status, 201, held.text);
      const business = String(salon.businessId);
      const created = await cliAsync([
        'keys',
        'create',
        '--business',
        business,
        '--name',
        'Website',
        '--preset',
        'widget',
        '--data',
        app.dataDir,
      ]);
      assert.equal(created.status, 0, created.stderr);
      assert.match(
        created.stdout.split('\n')[0]!,
        new RegExp(
          `^Created the API key "Website" \\(services:read, staff:read, slots:read, bookings:write\\), key id 3 of business ${business}\\.$`,
        ),
      );
      const listed = await cliAsync(['keys', 'list', '--data', app.dataDir]);
      assert.equal(listed.status, 0, listed.stderr);
      const rows = listed.stdout.trim().split('\n');
      assert.match(rows[0]!, /^NAME\s+SCOPES/, 'the owner reads a key by its name first');
      assert.deepEqual(
        rows.slice(1).map((row) => row.split(/\s{2,}/)[0]),
        ['all scopes', 'Website'],
        `only the keys the owner made, not the booking page's (key id 2):\n${listed.stdout}`,
      );
      const revoked = await cliAsync(['keys', 'revoke', '2', '--data', app.dataDir]);
      assert.equal(revoked.status, 1, "the booking page's key is none of the salon's to revoke");
      assert.match(revoked.stderr, /API key not found/);
    } finally {
      await app.stop();
    }
  });

  it('revokes a key the server has in memory, and the server refuses it at once', async () => {
    const app = await TestApp.start();
    try {
      const businessId = await app.business();
      const key = await app.key(businessId, ['services:read']);
      const services = () => app.request('GET', '/v1/integration/services', { key: key.key });
      assert.equal((await services()).status, 200);
      assert.equal((await services()).status, 200, 'answered from the key cache');
      // Not spawnSync: blocked, this process would miss the server closing an idle keep-alive
      // connection under load, and the next request would fail on the closed socket.
      const run = await cliAsync(['keys', 'revoke', String(key.id), '--data', app.dataDir, '--json']);
      assert.equal(run.status, 0, run.stderr);
      const revoked = JSON.parse(run.stdout);
      assert.equal(revoked.status, 'revoked');
      assert.equal((await services()).status, 401);
    } finally {
      await app.stop();
    }
  });
});
