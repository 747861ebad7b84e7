import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import type { RunOutcome } from '../src/backups/backups.service.ts';
import { loadConfig } from '../src/config.ts';
import { TestApp, tempDataDir } from './helpers/app.ts';
import { cliHere } from './helpers/cli.ts';
import { TestClock } from './helpers/clock.ts';
import { admin, makeSalon, TEST_NOW } from './helpers/salon.ts';

/*
 * Issue 28, off the machine: each good backup is copied to an S3-compatible bucket, pruned there
 * by the same rules, and restored from it in one step. The bucket is s3rver on 127.0.0.1 (a real
 * S3 API over HTTP, files in a temp dir). s3rver checks the access key id but not the Signature
 * V4 itself; the signing is aws4fetch's.
 */

const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function good(outcome: RunOutcome): RunOutcome & { file: string } {
  assert.equal(outcome.status, 'good', outcome.error ?? '');
  return outcome as RunOutcome & { file: string };
}

describe('backups in an S3-compatible bucket', () => {
  const clock = new TestClock(TEST_NOW);
  let s3: S3rver;
  let s3Running = false;
  let bucket: string;
  let app: TestApp;
  const aws = new AwsClient({ ...KEYS, service: 's3', region: 'us-east-1' });
  const s3Env = () => ({
    BOOKING_BACKUP_S3_URL: `${bucket}/booking`,
    BOOKING_BACKUP_S3_ACCESS_KEY_ID: KEYS.accessKeyId,
    BOOKING_BACKUP_S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
  });
  const objects = async () => {
    const text = await (await aws.fetch(`${bucket}?list-type=2&prefix=booking/`)).text();
    return [...text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!);
  };

  before(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: tempDataDir(),
      configureBuckets: [{ name: 'salon', configs: [] }],
    });
    const { port } = await s3.run();
    s3Running = true;
    bucket = `http://127.0.0.1:${port}/salon`;
    app = await TestApp.start({
      clock,
      config: {
        backupDir: tempDataDir(),
        backupKeep: { daily: 2, weekly: 0, monthly: 0 },
        backupS3Url: `${bucket}/booking`,
        backupS3AccessKeyId: KEYS.accessKeyId,
        backupS3SecretAccessKey: KEYS.secretAccessKey,
      },
    });
    await makeSalon(app);
  });
  after(async () => {
    await app?.stop();
    if (s3Running) await s3.close();
  });

  it('copies each good backup there, byte for byte, and keeps there what the folder keeps', async () => {
    const runs: Array<RunOutcome & { file: string }> = [];
    for (let day = 0; day < 3; day++) {
      clock.set(TEST_NOW + day * 24 * 3600_000);
      runs.push(good(await app.context.backups.run('schedule')));
    }
    const last = runs.at(-1)!;
    assert.equal(last.offsite, `${bucket}/booking/${path.basename(last.file)}`);
    assert.equal(last.offsiteError, null);
    const copy = Buffer.from(await (await aws.fetch(last.offsite!)).arrayBuffer());
    assert.equal(sha256(copy), sha256(fs.readFileSync(last.file)));
    assert.equal(sha256(copy), last.sha256);
    // Two days kept (BOOKING_BACKUP_KEEP 2,0,0), in the folder and in the bucket alike.
    const kept = runs.slice(1).map((run) => path.basename(run.file));
    assert.deepEqual(fs.readdirSync(path.dirname(last.file)).sort(), kept);
    assert.deepEqual(
      (await objects()).sort(),
      kept.map((name) => `booking/${name}`),
    );
    const status = (await admin(app, 'GET', '/backups', undefined, 200)).body;
    assert.equal(status.offsite, `${bucket}/booking`);
    assert.equal(status.lastGood.offsite, last.offsite);
  });

  it('restores the newest backup in the bucket with --from s3', async () => {
    const { code } = (await admin(app, 'GET', '/backups', undefined, 200)).body;
    const data = path.join(tempDataDir(), 'restored');
    const result = await cliHere(['restore', '--from', 's3', '--data', data, '--json'], { ...s3Env(), BOOKING_BACKUP_PASSPHRASE: code });
    assert.equal(result.status, 0, result.stderr);
    const restored = JSON.parse(result.stdout);
    assert.equal(restored.takenAt, new Date(TEST_NOW + 2 * 24 * 3600_000).toISOString(), 'the newest');
    assert.ok(fs.statSync(path.join(data, 'booking.db')).size > 0);
  });

  it('keeps a backup good when the bucket cannot be reached or refuses, and says why', async () => {
    await s3.close();
    s3Running = false;
    clock.advance(24 * 3600_000);
    const run = good(await app.context.backups.run('schedule'));
    assert.equal(run.offsite, null);
    assert.match(run.offsiteError!, new RegExp(`^${bucket}/booking cannot be reached \\(ECONNREFUSED\\)$`));
    const status = (await admin(app, 'GET', '/backups', undefined, 200)).body;
    const warning = status.warnings.find((w: { code: string }) => w.code === 'offsite_failed');
    assert.match(
      warning.message,
      /^The copy of the last backup off this computer failed: .* cannot be reached .*\. The backup itself is good\.$/,
    );
    assert.equal(status.lastGood.file, run.file);
  });
});

describe('an S3 target refused', () => {
  it('is a sentence naming what the bucket said', async () => {
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: tempDataDir(),
      configureBuckets: [{ name: 'salon', configs: [] }],
    });
    const { port } = await s3.run();
    const app = await TestApp.start({
      config: {
        backupDir: tempDataDir(),
        backupS3Url: `http://127.0.0.1:${port}/salon/booking`,
        backupS3AccessKeyId: 'NOT-A-KEY',
        backupS3SecretAccessKey: 'whatever',
      },
    });
    try {
      await makeSalon(app);
      const run = good(await app.context.backups.run('manual'));
      assert.match(
        run.offsiteError!,
        /^the upload at http:\/\/127\.0\.0\.1:\d+\/salon\/booking was refused \(403 InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records\.\)$/,
      );
    } finally {
      await app.stop();
      await s3.close();
    }
  });
});

describe('the S3 target’s configuration', () => {
  it('needs its keys, a bucket, and no credentials in the URL', () => {
    const keys = { BOOKING_BACKUP_S3_ACCESS_KEY_ID: 'id', BOOKING_BACKUP_S3_SECRET_ACCESS_KEY: 'secret' };
    assert.throws(
      () => loadConfig({ BOOKING_BACKUP_S3_URL: 'https://s3.example.com/salon' }),
      /BOOKING_BACKUP_S3_URL needs BOOKING_BACKUP_S3_ACCESS_KEY_ID and BOOKING_BACKUP_S3_SECRET_ACCESS_KEY/,
    );
    assert.throws(
      () => loadConfig({ BOOKING_BACKUP_S3_URL: 'https://id:secret@s3.example.com/salon', ...keys }),
      /must not hold credentials/,
    );
    assert.throws(() => loadConfig({ BOOKING_BACKUP_S3_URL: 'https://s3.example.com/', ...keys }), /must name a bucket/);
    assert.equal(
      loadConfig({ BOOKING_BACKUP_S3_URL: 'https://s3.example.com/salon/backups/', ...keys }).backupS3Url,
      'https://s3.example.com/salon/backups',
    );
  });
});
