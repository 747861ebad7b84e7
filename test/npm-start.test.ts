import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ADMIN_TOKEN, tempDataDir } from './helpers/app.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

describe("npm start (the README's way to run the server from a checkout)", () => {
  it('stops the server when npm is told to stop, leaving no process behind', async () => {
    // A supervisor (systemd, a terminal closing) sends SIGTERM to npm alone. npm passes it to the
    // shell that runs the script; the server must get it too, or it keeps the port and the
    // database with nobody to stop it.
    const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--data', tempDataDir()], {
      cwd: ROOT,
      env: { ...process.env, BOOKING_ADMIN_TOKEN: ADMIN_TOKEN, BOOKING_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start: ${stderr}`)), 20_000);
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const match = /running: the back office and the API at (http:\S+?)\/ /.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    assert.equal((await fetch(`${url}/healthz`)).status, 200);
    const port = new URL(url).port;
    const open = `Open http://localhost:${port}/ in a browser on this computer.`;
    for (let i = 0; i < 50 && !stderr.includes(open); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(stderr.includes(open), `the server names localhost, where passkeys work: ${stderr}`);

    child.kill('SIGTERM');
    await exited;
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      refused = await fetch(`${url}/healthz`).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(refused, `the server at ${url} still answers after npm was stopped`);
  });
});
