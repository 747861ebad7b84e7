import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkServer, versionProblem } from '../src/db/postgres/connection.ts';
import { cliAsync } from './helpers/cli.ts';
import { tempDataDir } from './helpers/app.ts';
import { skipWithoutPostgres, startPostgres, type TestPostgres } from './helpers/postgres.ts';

/**
 * PostgreSQL 15 or newer. Debian's repository here offers 15 only, so an older server is shown
 * through the check itself, with the server_version_num values older servers report; the real 15
 * is accepted end to end.
 */
describe('the PostgreSQL version check', () => {
  const where = 'postgres://booking:***@db:5432/salon';

  it('refuses a server older than 15 with one line naming its version', () => {
    for (const [num, text] of [
      ['140011', '14.11 (Debian 14.11-1.pgdg120+2)'],
      ['130015', '13.15'],
      ['90624', '9.6.24'],
      ['149999', '14.9999'],
    ]) {
      const problem = versionProblem(num!, text!, where);
      assert.equal(
        problem,
        `PostgreSQL ${text} at ${where} is too old: booking-api needs PostgreSQL 15 or newer`,
        `${num} must be refused`,
      );
      assert.ok(!problem!.includes('\n'));
    }
  });

  it('accepts 15 and newer', () => {
    for (const num of ['150000', '150013', '160004', '170000', '180001']) assert.equal(versionProblem(num, num, where), undefined, num);
  });

  it('refuses a server that does not say its version', () => {
    for (const num of ['', 'abc', '0']) assert.match(versionProblem(num, '?', where)!, /did not say which version it is/);
  });

  describe('on a real cluster', { skip: skipWithoutPostgres() }, () => {
    let cluster: TestPostgres;
    before(async () => {
      cluster = await startPostgres();
    });
    after(() => cluster?.stop());

    it('accepts the real PostgreSQL 15+ (checkServer and migrate)', async () => {
      await checkServer(cluster.url);
      const migrated = await cliAsync(['migrate', '--data', tempDataDir()], { BOOKING_DATABASE_URL: cluster.url });
      assert.equal(migrated.status, 0, migrated.stderr);
    });
  });
});
