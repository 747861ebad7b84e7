import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { tempDataDir } from './helpers/app.ts';
import { BIN, startServeProcess } from './helpers/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the single executable', () => {
  let folder: string;
  let exe: string;
  /** No node anywhere on it: the executable must carry its own. */
  const env = () => ({ PATH: '/nonexistent', HOME: folder });

  before(() => {
    execFileSync(process.execPath, [path.join(ROOT, 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
    folder = tempDataDir();
    exe = path.join(folder, 'booking-api');
    fs.copyFileSync(path.join(ROOT, 'dist', 'booking-api'), exe);
    fs.chmodSync(exe, 0o755);
  });

  const run = (...args: string[]) => {
    const result = spawnSync(exe, args, { cwd: folder, env: env(), encoding: 'utf8', timeout: 30_000 });
    assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };

  it('carries the V8 flags booking-api runs with everywhere (src/node-flags.mjs)', async () => {
    const { NODE_FLAGS } = await import('../src/node-flags.mjs');
    const seaConfig = JSON.parse(fs.readFileSync(path.join(ROOT, 'build', 'sea', 'sea-config.json'), 'utf8'));
    assert.deepEqual(seaConfig.execArgv, NODE_FLAGS, 'the executable');
    const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    // exec: the shell npm runs the script in hands its place to the server, so npm's SIGTERM reaches it (test/npm-start.test.ts).
    assert.equal(packageJson.scripts.start, `exec node ${NODE_FLAGS.join(' ')} src/bin.mjs serve`, 'npm start');
    const shebang = fs.readFileSync(path.join(ROOT, 'src', 'bin.mjs'), 'utf8').split('\n')[0];
    assert.equal(shebang, `#!/usr/bin/env -S node ${NODE_FLAGS.join(' ')}`, 'the booking-api command');
    // The server the tests, the crash loop and the load run start: node src/bin.mjs, which skips the shebang.
    const server = await startServeProcess(['--data', tempDataDir()], { BOOKING_ADMIN_TOKEN: 'x'.repeat(32) });
    try {
      const argv = fs.readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0');
      assert.deepEqual(argv.slice(1, argv.indexOf(BIN)), NODE_FLAGS, 'the test helpers');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });

  it('runs from an empty folder without node on PATH: its CLI makes a business and a key', () => {
    assert.notEqual(spawnSync('/bin/sh', ['-c', 'command -v node'], { env: env() }).status, 0, 'no node on this PATH');
    assert.match(run('--version'), /^\d+\.\d+\.\d+/);
    assert.equal(JSON.parse(run('businesses', 'create', '--name', 'Salon', '--json')).id, 1);
    assert.ok(fs.statSync(path.join(folder, 'data', 'booking.db')).isFile(), 'the database is under ./data');
    const cached = fs.readdirSync(path.join(folder, 'data', '.cache'));
    assert.equal(cached.length, 1);
    assert.match(cached[0]!, /^better_sqlite3-[0-9a-f]{16}\.node$/);
  });

  it('serves a request with a key made by its CLI, the status page and the OpenAPI document', async () => {
    const key = JSON.parse(run('keys', 'create', '--business', '1', '--name', 'w', '--preset', 'crm', '--json')).key;
    const server = spawn(exe, ['serve', '--port', '0'], { cwd: folder, env: { ...env(), BOOKING_ADMIN_TOKEN: 'x'.repeat(32) } });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stderr = '';
        server.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          const match = /at (http:\S+?)\/ /.exec(stderr);
          if (match) resolve(match[1]!);
        });
        server.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      const services = await fetch(`${url}/v1/integration/services`, { headers: { 'X-API-Key': key } });
      assert.equal(services.status, 200);
      assert.deepEqual(await services.json(), { data: [], total: 0 });
      const page = await fetch(`${url}/`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /text\/html/);
      assert.match(await page.text(), /<html/);
      assert.equal((await fetch(`${url}/v1/integration/openapi.json`)).status, 200);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.on('exit', resolve));
    }
  });
});
