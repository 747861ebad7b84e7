import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_OPERATIONS, ADMIN_PREFIX } from '../../src/admin-api.ts';

/** The page's copy of the admin operation table (static/js/operations.js); `npm run page-operations` writes it. */
export const PAGE_OPERATIONS_FILE = path.resolve(import.meta.dirname, '../../static/js/operations.js');

/** What static/js/operations.js must hold: every admin operation's method and path, by operationId. */
export function pageOperationsSource(): string {
  const rows = ADMIN_OPERATIONS.map((op) => `  ${op.operationId}: ['${op.method}', '${op.path}'],`);
  return [
    '// The admin API as the page calls it: operationId → [method, path], from the server’s own table',
    '// (ADMIN_OPERATIONS, src/admin-api.ts). Written by `npm run page-operations`, never by hand;',
    '// test/page-api.test.ts fails when it and the server’s table differ.',
    '',
    `export const ADMIN_API = '${ADMIN_PREFIX}';`,
    '',
    'export const OPERATIONS = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

if (import.meta.main) {
  fs.writeFileSync(PAGE_OPERATIONS_FILE, pageOperationsSource());
  console.log(`wrote ${path.relative(process.cwd(), PAGE_OPERATIONS_FILE)} (${ADMIN_OPERATIONS.length} operations)`);
}
