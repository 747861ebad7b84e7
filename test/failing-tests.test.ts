import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { failingTests } from './helpers/failing-tests.ts';

describe("the dates leg's summary of failing tests", () => {
  it("names each failing test and its file, read from a real run's output, and nothing that passed", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'failing-tests-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'sample.test.mjs'),
        [
          "import { describe, it } from 'node:test';",
          "describe('a suite', () => {",
          "  it('fails inside a suite', () => { throw new Error('one'); });",
          "  it('passes', () => {});",
          '});',
          "it('fails at the top level', async () => { throw new Error('two'); });",
        ].join('\n'),
      );
      // Without NODE_TEST_CONTEXT, which would make the inner run report to this one instead of printing.
      const { NODE_TEST_CONTEXT: _, ...env } = process.env;
      const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', 'sample.test.mjs'], { cwd: dir, env, encoding: 'utf8' });
      assert.equal(run.status, 1, run.stdout);
      assert.deepEqual(failingTests(run.stdout), ['fails inside a suite (sample.test.mjs)', 'fails at the top level (sample.test.mjs)']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds none in a run that passed', () => {
    assert.deepEqual(failingTests('✔ passes (1ms)\nℹ tests 1\nℹ fail 0\n'), []);
  });
});
