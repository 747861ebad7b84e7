import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { MIGRATIONS } from '../src/db/migrate.ts';
import shipped from './fixtures/shipped-migrations.json' with { type: 'json' };

/** Each engine's migrations, written for it, and what shipped of them. */
const ENGINES = [
  { engine: 'sqlite', dir: path.resolve(import.meta.dirname, '../src/db/sqlite/migrations') },
  { engine: 'postgres', dir: path.resolve(import.meta.dirname, '../src/db/postgres/migrations') },
] as const;
const SHIPPED = shipped as Record<(typeof ENGINES)[number]['engine'], Record<string, string>>;

/**
 * A database that ran a migration never runs it again, so an edited migration leaves installed
 * databases different from new ones. A migration ships when it lands on main: its hash goes into
 * test/fixtures/shipped-migrations.json in the same commit, and later changes go into the next number.
 */
it('leaves every shipped migration exactly as it shipped, on both engines', () => {
  for (const { engine, dir } of ENGINES) {
    for (const [file, hash] of Object.entries(SHIPPED[engine])) {
      const actual = createHash('sha256')
        .update(fs.readFileSync(path.join(dir, file)))
        .digest('hex');
      assert.equal(actual, hash, `${engine}: ${file} was edited after it shipped: restore it and put the change in a new migration`);
    }
  }
});

it('knows every migration the code runs, and each engine has a file of each name and no other', () => {
  for (const { engine, dir } of ENGINES) {
    const known = Object.keys(SHIPPED[engine]).map((file) => file.replace(/\.ts$/, ''));
    const unknown = MIGRATIONS.filter((name) => !known.includes(name));
    assert.deepEqual(unknown, [], `${engine}: add the new migration's hash to test/fixtures/shipped-migrations.json`);
    const files = fs.readdirSync(dir).map((file) => file.replace(/\.ts$/, ''));
    assert.deepEqual(files.sort(), [...MIGRATIONS], `${engine}: one file per name of MIGRATIONS (src/db/migrate.ts), and nothing else`);
  }
});
