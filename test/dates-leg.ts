/**
 * `npm run test:dates`: the suites that read the calendar from the real clock, run again under
 * faketime (Debian package `faketime`) on days chosen to hit the calendar's edges, each followed by
 * the whole PostgreSQL leg. Those suites are found, not listed: every test file that takes its dates
 * from test/helpers/dates.ts (servers on the real clock) or drives the page in Chromium (the page
 * reads the browser's clock, which test/helpers/browser.ts sets to the faked time), itself or
 * through useBrowser() (test/helpers/suite.ts).
 * Without faketime it says so in one line and skips; with CI set that fails instead.
 *   node test/dates-leg.ts ['YYYY-MM-DD HH:MM:SS' …]   (UTC; default: every day below)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { removeLeftFaketimeObjects } from './helpers/faketime-leftovers.ts';
import { failures } from './helpers/failing-tests.ts';

/**
 * UTC instants; Berlin is the test salons' zone. Each part (the suites, then the PostgreSQL leg)
 * starts its clock at the instant again, and takes 2 to 7 minutes depending on the machine: a
 * boundary 90 s after the start is crossed mid-run by both, on CI's machine as on a slow one (at
 * 5 minutes, CI's faster machine finished each part before it).
 */
const DAYS: ReadonlyArray<readonly [string, string]> = [
  ['2026-12-03 10:00:00', 'a Thursday: the day the PostgreSQL leg was first seen red'],
  ['2026-12-06 22:58:30', 'a Sunday, 23:58:30 in Berlin: each part crosses into Monday 90 s in'],
  ['2026-12-31 22:58:30', '31 December, 23:58:30 in Berlin: each part crosses into the new year 90 s in'],
  ['2028-02-29 10:00:00', '29 February 2028'],
  ['2027-03-28 00:58:30', 'the last Sunday of March: Berlin springs forward at 01:00 UTC, 90 s into each part'],
  ['2027-10-31 00:58:30', 'the last Sunday of October: Berlin falls back at 01:00 UTC, 90 s into each part'],
];

const TEST_DIR = path.resolve(import.meta.dirname);
const ROOT = path.dirname(TEST_DIR);

const READS_THE_CALENDAR = /from '(\.\.?\/)+helpers\/(dates|browser)\.ts'|\buseBrowser\(/;

/** Test files that read dates from the real clock: through the dates helper or a browser page, themselves or in a script they run (test/soak). */
function dateSensitiveFiles(): string[] {
  const reads = (file: string): boolean => {
    const text = fs.readFileSync(file, 'utf8');
    if (READS_THE_CALENDAR.test(text)) return true;
    return [...text.matchAll(/from '(\.\/soak\/[\w-]+\.ts)'/g)].some((match) => reads(path.join(path.dirname(file), match[1]!)));
  };
  return fs
    .readdirSync(TEST_DIR)
    .filter((name) => name.endsWith('.test.ts') && reads(path.join(TEST_DIR, name)))
    .sort()
    .map((name) => path.join('test', name));
}

function faketimeMissing(): string | undefined {
  const found = spawnSync('faketime', ['--version'], { stdio: 'ignore' });
  return found.error ? 'faketime is not installed (apt-get install faketime; .ci/run does it)' : undefined;
}

/**
 * Runs `args` with node under faketime, its clock starting at `at` (UTC), its output shown as it
 * comes; resolves to the tests that failed, each named with the first lines of its error, or
 * when it failed without naming one to its exit code and the end of its output, or to `[]` when it
 * passed.
 * The clock is an offset from the real one, not faketime's "@" start time: with "@" each process
 * starts at `at` when it starts, so the servers a test spawns later would run behind the test.
 */
function underFaketime(at: string, args: string[]): Promise<string[]> {
  const removed = removeLeftFaketimeObjects();
  if (removed > 0)
    console.log(`Dates leg: removed ${removed} semaphores and shared memory that faketime left in /dev/shm for processes now gone`);
  const offset = Math.round((Date.parse(`${at.replace(' ', 'T')}Z`) - Date.now()) / 1000);
  const child = spawn('faketime', ['-f', `${offset >= 0 ? '+' : ''}${offset}s`, process.execPath, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Node's timers read the monotonic clock; faking it too stalls them.
    env: { ...process.env, TZ: 'UTC', DONT_FAKE_MONOTONIC: '1' },
  });
  let output = '';
  let errors = '';
  // Decoded as a stream: a chunk may end inside a character (✖ is three bytes).
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    process.stdout.write(chunk);
    output += chunk;
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    process.stderr.write(chunk);
    errors = (errors + chunk).slice(-20_000);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (code === 0) return resolve([]);
      const failed = failures(output);
      if (failed.length > 0) return resolve(failed.map(({ name, why }) => [name, ...why.map((line) => `      | ${line}`)].join('\n')));
      // Nothing named: the end of its output is what CI would otherwise hide under the later days.
      const end = (text: string) => stripVTControlCharacters(text).trimEnd().split('\n').slice(-15).filter(Boolean);
      const shown = [...end(output).map((line) => `      | ${line}`), ...end(errors).map((line) => `      ! ${line}`)];
      resolve([`exit ${code}, naming no test; its output (|) and errors (!) ended:\n${shown.join('\n')}`]);
    });
  });
}

const missing = faketimeMissing();
if (missing) {
  if (process.env.CI) {
    console.error(`Dates leg: ${missing}; CI is set, so this fails`);
    process.exit(1);
  }
  console.log(`Dates leg skipped: ${missing}`);
  process.exit(0);
}
const asked = process.argv.slice(2);
const days = asked.length > 0 ? asked.map((at) => [at, 'asked for'] as const) : DAYS;
const files = dateSensitiveFiles();
const started = performance.now();
const results: string[] = [];
for (const [at, why] of days) {
  console.log(`\nDates leg: ${at} UTC, ${why}: ${files.length} files, then the PostgreSQL leg`);
  const suites = await underFaketime(at, ['--test', '--test-concurrency=2', ...files]);
  const postgres = await underFaketime(at, ['test/postgres-leg.ts']);
  const failed = [
    ...suites.map((failure) => `  suites failed: ${failure}`),
    ...postgres.map((failure) => `  PostgreSQL leg failed: ${failure}`),
  ];
  results.push(`${failed.length === 0 ? 'passed' : 'FAILED'}  ${at} UTC (${why})${failed.map((line) => `\n${line}`).join('')}`);
}
console.log(`\nDates leg, ${((performance.now() - started) / 60_000).toFixed(1)} min:\n${results.join('\n')}`);
process.exit(results.every((line) => line.startsWith('passed')) ? 0 : 1);
