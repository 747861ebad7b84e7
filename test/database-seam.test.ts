import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * Which engine stores the data is known in src/db and in the repository functions (the
 * `*.repository.ts` files and the queues' statements in src/delivery/sql/ and src/mail/sql/) and
 * nowhere else: a second engine then means new repository implementations and a new freshness
 * signal, not changes to routes, services or the delivery and mail engines.
 */
// bin.mjs checks the Node version the native addon needs before anything else loads.
const ALLOWED = [/^db\//, /\.repository\.ts$/, /^delivery\/sql\//, /^mail\/sql\//, /^bin\.mjs$/];
const KNOWLEDGE: Array<[RegExp, string]> = [
  [/sqlite/i, 'names SQLite'],
  [/\bpragma\b/i, 'runs a PRAGMA'],
  [/\bsql`|\bsql\.(raw|ref|table|lit|id|join)\b/, 'writes raw SQL'],
  [/import [^;]*\b(sql|Sqlite\w*|CompiledQuery)\b[^;]*from 'kysely'/, 'imports raw SQL or a dialect from Kysely'],
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

it('keeps knowledge of the storage engine inside src/db and the repository functions', () => {
  const offences: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    if (ALLOWED.some((pattern) => pattern.test(relative))) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const [pattern, what] of KNOWLEDGE) {
        if (pattern.test(line)) offences.push(`src/${relative}:${index + 1} ${what}: ${line.trim()}`);
      }
    });
  }
  assert.deepEqual(offences, [], 'move this into src/db or a repository function');
});
