import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { NODE_FLAGS } from '../src/node-flags.mjs';
import { tempDataDir } from './helpers/app.ts';
import { BIN, cliJson } from './helpers/cli.ts';
import { eventually } from './helpers/wait.ts';

/*
 * Issue 28, done when: a full backup folder is a warning, not a crash. The backup folder is a real
 * filesystem of 256 KiB (a tmpfs, mounted in a mount namespace of the server's own with
 * `unshare`, so nothing of this machine's mounts changes), smaller than the salon's database.
 */

const TOKEN = 'backup-full-admin-token-000000000000000';

function unshareWorks(): boolean {
  const probe = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs /mnt'], { encoding: 'utf8' });
  return probe.status === 0;
}

const skip = unshareWorks()
  ? false
  : 'needs unshare (util-linux) and user namespaces to mount a small tmpfs; without them this test is skipped';
if (skip && process.env.CI) throw new Error(skip);

/** `booking-api serve` with `folder` a tmpfs of `size`, visible to that process alone. */
async function serveOnSmallDisk(data: string, folder: string, size: string) {
  const script = 'mount -t tmpfs -o size="$1",mode=0700 tmpfs "$2" && shift 2 && exec "$@"';
  const child = spawn(
    'unshare',
    ['-rm', 'sh', '-c', script, 'sh', size, folder, process.execPath, ...NODE_FLAGS, BIN, 'serve', '--port', '0', '--data', data],
    {
      env: {
        PATH: process.env.PATH ?? '',
        BOOKING_ADMIN_TOKEN: TOKEN,
        BOOKING_BACKUP_DIR: folder,
        BOOKING_BACKUP_SCHEDULE: '*/2 * * * * *',
        BOOKING_LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await eventually(
    () => /running: the back office and the API at (http:\S+?)\/ /.exec(stderr)?.[1],
    15_000,
    `the server (${stderr})`,
  );
  return { child, url, exited, stderr: () => stderr };
}

describe('a full backup folder', { skip }, () => {
  it('is a warning on the page, in /healthz and /metrics, and the server goes on serving and trying', async () => {
    const data = path.join(tempDataDir(), 'data');
    const folder = tempDataDir();
    const { apiKey } = cliJson(['demo', '--data', data]);
    const server = await serveOnSmallDisk(data, folder, '256k');
    const auth = { Authorization: `Bearer ${TOKEN}` };
    try {
      const failed = await eventually(
        async () => {
          const status = (await (await fetch(`${server.url}/admin/api/backups`, { headers: auth })).json()) as any;
          return status.runs.filter((run: { status: string }) => run.status === 'failed').length >= 2 ? status : undefined;
        },
        20_000,
        'two failed runs',
      );
      assert.equal(failed.lastGood, null);
      assert.equal(failed.runs[0].status, 'failed');
      assert.match(
        failed.runs[0].error,
        /^The backup folder .* is full: .* free, and a backup needs about .*\. Make room there or choose another folder in Settings\.$/,
      );
      const codes = failed.warnings.map((w: { code: string }) => w.code);
      assert.ok(codes.includes('folder_full') && codes.includes('backup_failed'), codes.join());
      assert.ok(failed.folder.freeBytes <= 256 * 1024);

      const health = (await (await fetch(`${server.url}/healthz`, { headers: auth })).json()) as any;
      assert.equal(health.backup.state, 'warning');
      assert.ok(health.backup.warnings.some((w: { code: string }) => w.code === 'folder_full'));
      const metrics = await (await fetch(`${server.url}/metrics`, { headers: auth })).text();
      assert.match(metrics, /^booking_backup_warning\{code="folder_full"\} 1$/m);

      // Still serving: the salon's API answers, and nothing was left in the folder.
      const services = await fetch(`${server.url}/v1/integration/services`, { headers: { 'X-API-Key': apiKey } });
      assert.equal(services.status, 200);
      assert.equal(server.child.exitCode, null, 'the server is running');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
