import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import packageJson from '../package.json' with { type: 'json' };

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * static/vendor/ holds third-party files the page loads, committed so that the checkout and the
 * executable serve them without a build step (docs/decisions.md, "The calendar library"). Each is
 * a byte-for-byte copy of a file of a package pinned in package.json: an upgrade is `npm install
 * --save-exact` and copying the files again, and this test fails until both are done.
 */
const VENDORED: Array<[copy: string, original: string]> = [
  ['static/vendor/event-calendar/event-calendar.min.js', 'node_modules/@event-calendar/build/dist/event-calendar.min.js'],
  ['static/vendor/event-calendar/event-calendar.min.css', 'node_modules/@event-calendar/build/dist/event-calendar.min.css'],
  // Passkeys in the browser (static/js/passkeys.js): the package's one classic script.
  ['static/vendor/simplewebauthn/index.umd.min.js', 'node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js'],
];

it('serves exact copies of the pinned packages’ files', () => {
  for (const name of ['@event-calendar/build', '@simplewebauthn/browser'] as const)
    assert.match(packageJson.devDependencies[name], /^\d+\.\d+\.\d+$/, `${name} pinned to an exact version`);
  for (const [copy, original] of VENDORED) {
    assert.ok(
      fs.readFileSync(path.join(ROOT, copy)).equals(fs.readFileSync(path.join(ROOT, original))),
      `${copy} differs from ${original}`,
    );
  }
  const listed = fs.readdirSync(path.join(ROOT, 'static/vendor'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  assert.deepEqual(
    listed.map((e) => path.relative(ROOT, path.join(e.parentPath, e.name))).sort(),
    VENDORED.map(([copy]) => copy).sort(),
    'every vendored file is checked here',
  );
});
