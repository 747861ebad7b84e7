import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { migrations } from '../src/db/migrations/index.ts';
import shipped from './fixtures/shipped-migrations.json' with { type: 'json' };

const DIR = path.resolve(import.meta.dirname, '../src/db/migrations');

/**
 * A database that ran a migration never runs it again, so an edited migration leaves installed
 * databases different from new ones. A migration ships when it lands on main: its hash goes into
 * test/fixtures/shipped-migrations.json in the same commit, and later changes go into the next number.
 */
it('leaves every shipped migration exactly as it shipped', () => {
  for (const [file, hash] of Object.entries(shipped as Record<string, string>)) {
    const actual = createHash('sha256')
      .update(fs.readFileSync(path.join(DIR, file)))
      .digest('hex');
    assert.equal(actual, hash, `${file} was edited after it shipped: restore it and put the change in a new migration`);
  }
});

it('knows every migration the code runs', () => {
  const known = Object.keys(shipped).map((file) => file.replace(/\.ts$/, ''));
  const unknown = Object.keys(migrations).filter((name) => !known.includes(name));
  assert.deepEqual(unknown, [], "add the new migration's hash to test/fixtures/shipped-migrations.json");
});
