import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { failingTests, failures } from './helpers/failing-tests.ts';

describe("the dates leg's summary of failing tests", () => {
  it("names each failing test and its file, and a file that failed outside its tests, read from a real run's output, coloured or not, and nothing that passed", () => {
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
      fs.writeFileSync(
        path.join(dir, 'exits.test.mjs'),
        "import { it } from 'node:test';\nit('passes', () => {});\nsetTimeout(() => process.exit(1), 20);\n",
      );
      // Without NODE_TEST_CONTEXT, which would make the inner run report to this one instead of printing.
      const { NODE_TEST_CONTEXT: _, FORCE_COLOR: __, NO_COLOR: ___, ...env } = process.env;
      const expected = ['exits.test.mjs', 'fails at the top level (sample.test.mjs)', 'fails inside a suite (sample.test.mjs)'];
      for (const colour of [{}, { FORCE_COLOR: '1' }]) {
        const run = spawnSync(
          process.execPath,
          ['--test', '--test-reporter=spec', '--test-concurrency=1', 'sample.test.mjs', 'exits.test.mjs'],
          {
            cwd: dir,
            env: { ...env, ...colour },
            encoding: 'utf8',
          },
        );
        assert.equal(run.status, 1, run.stdout);
        assert.equal(run.stdout.includes('\u001b['), 'FORCE_COLOR' in colour, 'the run is coloured exactly when asked');
        assert.deepEqual(failingTests(run.stdout).sort(), expected);
        assert.deepEqual(
          Object.fromEntries(failures(run.stdout).map((failure) => [failure.name, failure.why])),
          {
            'exits.test.mjs': ["'test failed'"],
            'fails at the top level (sample.test.mjs)': ['Error: two'],
            'fails inside a suite (sample.test.mjs)': ['Error: one'],
          },
          'each with its error, without the stack',
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps an assertion’s message and diff, not its stack', () => {
    const output = [
      '✖ failing tests:',
      '',
      'test at test/page.test.ts:92:3',
      '✖ keeps the last count (1911.7ms)',
      '  AssertionError [ERR_ASSERTION]: the page logged errors',
      '  + actual - expected',
      '  ',
      '  + [',
      "  +   'console error: Failed to load resource'",
      '  + ]',
      '  - []',
      '  ',
      '      at PageGuard.assertClean (file:///work/test/helpers/browser.ts:163:12)',
      '      at TestContext.<anonymous> (file:///work/test/helpers/suite.ts:181:33)',
    ].join('\n');
    assert.deepEqual(failures(output), [
      {
        name: 'keeps the last count (test/page.test.ts)',
        why: [
          'AssertionError [ERR_ASSERTION]: the page logged errors',
          '+ actual - expected',
          '+ [',
          "+   'console error: Failed to load resource'",
          '+ ]',
          '- []',
        ],
      },
    ]);
  });

  it('names the ✖ lines of a run that ended before its list of failing tests', () => {
    assert.deepEqual(failingTests('▶ a suite\n  ✖ breaks (3ms)\n  ✔ passes (1ms)\n✖ a suite (5ms)\n'), ['breaks', 'a suite']);
  });

  it('finds none in a run that passed', () => {
    assert.deepEqual(failingTests('✔ passes (1ms)\nℹ tests 1\nℹ fail 0\n'), []);
  });
});
