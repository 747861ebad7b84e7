import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { ADMIN_OPERATIONS } from '../src/admin-api.ts';
import { INTEGRATION_OPERATIONS } from '../src/integration-api.ts';

const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * A request's transaction is opened by the mount (`write` operations), and services receive it;
 * no service or operation opens one. The exceptions are not request work: the database layer,
 * the delivery engine, the recovery worker (a recover request's batches, sent in the
 * background), the mail queue's engine and the reminders' clock, the rate limiter's counter
 * flush, the secrets key check at start, the
 * housekeeping job (and the audit trail's retention, which it runs), the demo command and the users
 * commands (the command line is their edge, as the mount is a request's: an account and its audit
 * entry are written together); and the ping, which queues its attempt in its own
 * transaction and then awaits the engine's dispatch, which needs that transaction committed.
 */
const ALLOWED = new Set([
  'http/operations.ts',
  'delivery/engine.ts',
  'webhooks/recovery-worker.ts',
  'mail/mail-engine.ts',
  'reminders/reminders.ts',
  'webhooks/ping.ts',
  'auth/rate-limit.ts',
  'secrets/secret-box.ts',
  'app.ts',
  'demo/demo.ts',
  'audit/retention.ts',
  'cli/users.ts',
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

it('opens transactions at the edge: no service opens one', () => {
  const offences: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    if (relative.startsWith('db/') || ALLOWED.has(relative)) continue;
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/\.transaction\(/.test(line)) offences.push(`src/${relative}:${index + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(offences, []);
});

it("runs every operation that changes data in the mount's transaction", () => {
  // POST, PUT, PATCH and DELETE change data. The exceptions: the ping (sent, then recorded), the
  // reachability check (starts a check in the background and keeps its answer in memory), the
  // test e-mail (sent now through the mail server, stored nowhere: no transaction held open for
  // an SMTP conversation), and a backup taken now (it reads its own snapshot for as long as the
  // copy takes, and records the run once the file is read back: the same run as the schedule's,
  // which no request's transaction holds), and the passkey options (POST as WebAuthn's ceremonies
  // are, they store nothing: the challenge travels sealed, src/people/passkeys.service.ts), and the
  // check of a one-time link (POST so that its secret stays out of addresses and logs; it only reads),
  // and whether anybody has an account yet (POST so that only the page's own origin asks; it only reads).
  const exceptions = [
    /pingwebhook$/i,
    /^adminCheckReachability$/,
    /^adminSendTestMail$/,
    /^adminRunBackup$/,
    /^adminPasskeySignInOptions$/,
    /^adminPasskeyOptions$/,
    /^adminCheckLink$/,
    /^adminGetSignInStatus$/,
  ];
  const unwrapped = [...INTEGRATION_OPERATIONS, ...ADMIN_OPERATIONS]
    .filter((op) => op.method !== 'GET' && !op.write && !exceptions.some((pattern) => pattern.test(op.operationId)))
    .map((op) => op.operationId);
  assert.deepEqual(unwrapped, []);
});
