import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import type { RunOutcome } from '../src/backups/backups.service.ts';
import { ADMIN_TOKEN, TestApp, tempDataDir } from './helpers/app.ts';
import { cliHere } from './helpers/cli.ts';
import { freshTestDatabase, testingOnPostgres } from './helpers/postgres.ts';
import { admin, makeSalon, TEST_NOW } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

/*
 * Issue 28: backups that are verified, private, seen and pruned, through the real server (its
 * Backups service and admin API), real files and the real restore command. On the PostgreSQL leg
 * the same tests run against pg_dump and pg_restore.
 */

/** A data dir and, on the PostgreSQL leg, an empty database to restore into. */
async function restoreTarget(): Promise<{ args: string[]; env: Record<string, string> }> {
  const data = path.join(tempDataDir(), 'restored');
  return { args: ['--data', data], env: testingOnPostgres() ? { BOOKING_DATABASE_URL: await freshTestDatabase() } : {} };
}

async function restore(from: string, passphrase: string) {
  const target = await restoreTarget();
  return cliHere(['restore', '--from', from, ...target.args, '--json'], { ...target.env, BOOKING_BACKUP_PASSPHRASE: passphrase });
}

function good(outcome: RunOutcome): RunOutcome & { file: string } {
  assert.equal(outcome.status, 'good', outcome.error ?? '');
  return outcome as RunOutcome & { file: string };
}

describe('a backup file', () => {
  const { app } = useSalon({ config: { backupDir: tempDataDir() } });
  let code: string;
  let backup: string;

  before(async () => {
    backup = good(await app.context.backups.run('manual')).file;
    code = (await admin(app, 'GET', '/backups', undefined, 200)).body.code;
  });

  it('opens with its backup code, whatever the case and dashes, and says what it holds', async () => {
    const result = await restore(backup, code.toLowerCase().replace(/-/g, ' '));
    assert.equal(result.status, 0, result.stderr);
    const restored = JSON.parse(result.stdout);
    assert.equal(restored.takenAt, new Date(TEST_NOW).toISOString());
    assert.equal(restored.bookings, 0);
  });

  it('is refused, and nothing restored, when a byte changed, it was cut off or grown, or the passphrase is wrong', async () => {
    const bytes = fs.readFileSync(backup);
    const headerEnd = bytes.indexOf(0x0a, bytes.indexOf(0x0a) + 1) + 1;
    const variant = (name: string, change: (copy: Buffer) => Buffer) => {
      const file = path.join(tempDataDir(), name);
      fs.writeFileSync(file, change(Buffer.from(bytes)));
      return file;
    };
    const flip = (at: number) => (copy: Buffer) => {
      copy[at]! ^= 0x01;
      return copy;
    };
    const cases: Array<[string, string, RegExp]> = [
      [variant('flipped.backup', flip(headerEnd + 100)), code, /is damaged \(chunk 1 does not match its checksum\); use another backup/],
      [variant('last-byte.backup', flip(bytes.length - 1)), code, /is damaged \(chunk 1 does not match its checksum\)/],
      // The header is not secret, but it is sealed in: a changed date is a damaged file.
      [
        variant('header.backup', (copy) =>
          Buffer.from(copy.toString('latin1').replace('"createdAt":"2026', '"createdAt":"2025'), 'latin1'),
        ),
        code,
        /is damaged \(chunk 1 does not match its checksum\)/,
      ],
      [variant('cut.backup', (copy) => copy.subarray(0, copy.length - 1)), code, /is damaged/],
      [variant('header-only.backup', (copy) => copy.subarray(0, headerEnd)), code, /is damaged \(it is cut off\)/],
      [variant('grown.backup', (copy) => Buffer.concat([copy, Buffer.alloc(20)])), code, /is damaged/],
      [backup, 'not the code', /that backup code does not open /],
    ];
    for (const [file, passphrase, message] of cases) {
      const target = await restoreTarget();
      const result = await cliHere(['restore', '--from', file, ...target.args], { ...target.env, BOOKING_BACKUP_PASSPHRASE: passphrase });
      assert.equal(result.status, 1, `${path.basename(file)}: ${result.stdout}`);
      assert.match(result.stderr, message, path.basename(file));
      assert.equal(fs.existsSync(target.args[1]!), false, `${path.basename(file)}: nothing restored`);
    }
  });
});

describe('what the salon sees of its backups', () => {
  const { clock, app } = useSalon();

  const codes = async () =>
    ((await admin(app, 'GET', '/backups', undefined, 200)).body.warnings as Array<{ code: string }>).map((w) => w.code);

  it('warns until the first backup, then about what is wrong with it: the same disk, a code not written down', async () => {
    assert.deepEqual(await codes(), ['schedule_off', 'no_backup', 'same_disk']);
    const run = (await admin(app, 'POST', '/backups', undefined, 200)).body;
    assert.equal(run.status, 'good', run.error);
    assert.equal(path.dirname(run.file), path.join(app.dataDir, 'backups'), 'the default folder, made owner-only');
    assert.equal(fs.statSync(path.dirname(run.file)).mode & 0o777, 0o700);
    const status = (await admin(app, 'GET', '/backups', undefined, 200)).body;
    assert.deepEqual(
      status.warnings.map((w: { code: string }) => w.code),
      ['schedule_off', 'same_disk', 'code_not_written_down'],
    );
    assert.match(status.warnings[1].message, /same disk as the salon’s data .*Choose a USB disk or a network folder in Settings\./);
    assert.equal(status.lastGood.file, run.file);
    assert.equal(status.lastGood.bytes, fs.statSync(run.file).size);
    assert.equal(status.lastGood.present, true);
    assert.equal(status.opensWith, 'code');
    await admin(app, 'PUT', '/backups/settings', { codeWrittenDown: true }, 200);
    assert.deepEqual(await codes(), ['schedule_off', 'same_disk']);
  });

  it('says so when the last backup is older than two days, gone from its folder, or failed', async () => {
    clock.advance(49 * 3600_000);
    assert.ok((await codes()).includes('backup_old'));
    const { lastGood } = (await admin(app, 'GET', '/backups', undefined, 200)).body;
    fs.renameSync(lastGood.file, `${lastGood.file}.moved`);
    assert.ok((await codes()).includes('backup_missing'));
    fs.renameSync(`${lastGood.file}.moved`, lastGood.file);
    const run = (await admin(app, 'POST', '/backups', undefined, 200)).body;
    assert.equal(run.status, 'good');
    assert.deepEqual(await codes(), ['schedule_off', 'same_disk']);
  });

  it('answers /healthz with the backup detail for the admin only, and /metrics behind the token', async () => {
    const anyone = await app.request('GET', '/healthz');
    assert.equal(anyone.status, 200);
    assert.equal(anyone.body.backup, undefined);
    const wrong = await app.request('GET', '/healthz', { headers: { Authorization: 'Bearer wrong-token-wrong-token-wrong-token' } });
    assert.equal(wrong.status, 401);
    const detail = await app.request('GET', '/healthz', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    assert.equal(detail.status, 200);
    assert.equal(detail.body.backup.state, 'warning');
    assert.deepEqual(
      detail.body.backup.warnings.map((w: { code: string }) => w.code),
      ['schedule_off', 'same_disk'],
    );
    assert.ok(detail.body.backup.lastGoodBytes > 0);

    assert.equal((await app.request('GET', '/metrics')).status, 401);
    const metrics = await app.request('GET', '/metrics', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    assert.equal(metrics.status, 200);
    assert.match(metrics.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
    assert.match(metrics.text, /^booking_backup_ok 0$/m);
    assert.match(metrics.text, /^booking_backup_warning\{code="same_disk"\} 1$/m);
    assert.match(metrics.text, /^booking_backup_last_good_timestamp_seconds \d+(\.\d+)?$/m);
    assert.match(metrics.text, /^booking_backup_last_good_bytes [1-9]\d*$/m);
  });

  it('takes a folder chosen in Settings only when it exists and can be written to', async () => {
    const refused = await admin(app, 'PUT', '/backups/settings', { folder: '/no/such/folder' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.field, 'folder');
    assert.match(refused.body.message, /The backup folder \/no\/such\/folder cannot be found/);
    const both = await admin(app, 'PUT', '/backups/settings', { folder: '/no/such/folder', passphrase: 'a passphrase long enough' });
    assert.equal(both.status, 400);
    assert.notEqual((await admin(app, 'GET', '/backups', undefined, 200)).body.opensWith, 'passphrase', 'all of a change or none');
    assert.equal((await admin(app, 'PUT', '/backups/settings', { folder: 'relative/folder' })).status, 400);
    assert.equal((await admin(app, 'PUT', '/backups/settings', {})).status, 400);
    const chosen = tempDataDir();
    const status = (await admin(app, 'PUT', '/backups/settings', { folder: chosen }, 200)).body;
    assert.deepEqual(status.folder.path, chosen);
    assert.equal(status.folder.chosenBy, 'settings');
    const run = (await admin(app, 'POST', '/backups', undefined, 200)).body;
    assert.equal(path.dirname(run.file), chosen);
  });

  it('reports a missing folder as a failed backup and a warning, and goes on serving', async () => {
    const chosen = tempDataDir();
    await admin(app, 'PUT', '/backups/settings', { folder: chosen }, 200);
    fs.rmSync(chosen, { recursive: true });
    const run = (await admin(app, 'POST', '/backups', undefined, 200)).body;
    assert.equal(run.status, 'failed');
    assert.match(run.error, /cannot be found\. If it is on a USB disk or a network share, connect it/);
    assert.equal(fs.existsSync(chosen), false, 'a chosen folder is never made (it may be a disk that is not plugged in)');
    const warnings = await codes();
    assert.ok(warnings.includes('backup_failed') && warnings.includes('folder_missing'), warnings.join());
    assert.equal((await app.request('GET', '/healthz')).status, 200);
  });

  it('seals backups for a passphrase once one is set; older backups keep the code they were made with', async () => {
    const { code } = (await admin(app, 'GET', '/backups', undefined, 200)).body;
    const folder = tempDataDir();
    await admin(app, 'PUT', '/backups/settings', { folder }, 200);
    const withCode = (await admin(app, 'POST', '/backups', undefined, 200)).body.file;
    const short = await admin(app, 'PUT', '/backups/settings', { passphrase: 'too short' });
    assert.equal(short.status, 400);
    assert.equal(short.body.field, 'passphrase');
    const passphrase = ' correct horse battery staple ';
    const status = (await admin(app, 'PUT', '/backups/settings', { passphrase }, 200)).body;
    assert.equal(status.opensWith, 'passphrase');
    assert.equal(status.code, null, 'the code is forgotten');
    // Another day, so the retention rules keep both.
    clock.advance(24 * 3600_000);
    const withPassphrase = (await admin(app, 'POST', '/backups', undefined, 200)).body.file;
    assert.equal((await restore(withPassphrase, code)).status, 1);
    assert.match((await restore(withPassphrase, passphrase.trim())).stderr, /that passphrase does not open/);
    const opened = await restore(withPassphrase, passphrase);
    assert.equal(opened.status, 0, opened.stderr);
    const old = await restore(withCode, code);
    assert.equal(old.status, 0, old.stderr);
  });
});

describe('the first backup', () => {
  it('is taken right after the first set-up, with the schedule on', async () => {
    const app = await TestApp.start({ config: { backupSchedule: '0 0 3 * * *', backupDir: tempDataDir() } });
    try {
      const none = (await admin(app, 'GET', '/backups', undefined, 200)).body;
      assert.equal(none.runs.length, 0, 'nothing to back up before the salon exists');
      assert.match(none.schedule.nextAt, /T/, 'the next scheduled run is known');
      await makeSalon(app);
      const run = await eventually(
        async () => (await admin(app, 'GET', '/backups', undefined, 200)).body.runs[0],
        20_000,
        'the first backup',
      );
      assert.equal(run.reason, 'setup');
      assert.equal(run.status, 'good', run.error);
    } finally {
      await app.stop();
    }
  });
});

describe('on PostgreSQL without pg_dump on PATH', () => {
  const skip = testingOnPostgres() ? false : 'the PostgreSQL leg runs it (node test/postgres-leg.ts test/backups.test.ts)';
  it('says the backups are the operator’s job, with the commands, and never does nothing silently', { skip }, async () => {
    const app = await TestApp.start({ config: { backupDir: tempDataDir() } });
    const searchPath = process.env.PATH;
    try {
      await makeSalon(app);
      process.env.PATH = '/nonexistent';
      const run = (await admin(app, 'POST', '/backups', undefined, 200)).body;
      assert.equal(run.status, 'failed');
      assert.match(run.error, /back it up with pg_dump and restore it with pg_restore, e\.g\. "pg_dump -Fc -f booking\.dump URL"/);
      assert.match(
        run.error,
        /pg_dump and pg_restore are not on PATH \(apt-get install postgresql-client\), so the database's backups are the operator's job/,
      );
      const { warnings } = (await admin(app, 'GET', '/backups', undefined, 200)).body;
      assert.ok(warnings.some((w: { code: string }) => w.code === 'backups_unavailable'));
      assert.ok(warnings.some((w: { code: string }) => w.code === 'backup_failed'));
    } finally {
      process.env.PATH = searchPath;
      await app.stop();
    }
  });
});
