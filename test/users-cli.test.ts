import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tempDataDir, TestApp } from './helpers/app.ts';
import { cliHere } from './helpers/cli.ts';
import { GOOD_PASSWORD, sessionCookieOf } from './helpers/people.ts';
import { testingOnPostgres, freshTestDatabase } from './helpers/postgres.ts';

/** The command line's people: for scripts, and for the owner who lost their way in (recovery). */
describe('booking-api users', () => {
  it('invites, lists, and makes a new password link that the page accepts', async () => {
    const data = tempDataDir();
    const env: Record<string, string> = testingOnPostgres() ? { BOOKING_DATABASE_URL: await freshTestDatabase() } : {};
    const run = (...args: string[]) => cliHere(['users', ...args, '--data', data], env);

    assert.match((await run('list')).stdout, /Nobody has an account yet/);
    const invited = await run('invite', '--name', 'Olga Owner', '--email', 'olga@salon.test', '--role', 'owner');
    assert.equal(invited.status, 0, invited.stderr);
    assert.match(invited.stdout, /Account made for Olga Owner <olga@salon\.test> \(owner\)/);
    assert.match(invited.stdout, /\/#welcome\/[\w-]{32}\n/);
    const refused = await run('invite', '--name', 'Sam', '--email', 'sam@salon.test', '--role', 'boss');
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /"role" must be one of: owner, front_desk, stylist/);
    const twice = await run('invite', '--name', 'Olga', '--email', 'OLGA@salon.test', '--role', 'owner');
    assert.notEqual(twice.status, 0);
    assert.match(twice.stderr, /already an account for olga@salon\.test/);

    const reset = await run('reset-password', '--email', 'Olga@Salon.test');
    assert.equal(reset.status, 0, reset.stderr);
    assert.match(reset.stdout, /A new password link for Olga Owner/);
    const unknown = await run('reset-password', '--email', 'nobody@salon.test');
    assert.notEqual(unknown.status, 0);
    assert.match(unknown.stderr, /nobody has an account for nobody@salon\.test/);
    const listed = (await run('list')).stdout;
    assert.match(listed, /Olga Owner\s+olga@salon\.test\s+owner\s+invited/);

    const app = await TestApp.start({ dataDir: data, config: env.BOOKING_DATABASE_URL ? { databaseUrl: env.BOOKING_DATABASE_URL } : {} });
    try {
      const use = (link: string) =>
        app.request('POST', '/admin/api/session/link', { body: { link, password: GOOD_PASSWORD }, headers: { Origin: app.url } });
      const first = /#welcome\/([\w-]+)/.exec(invited.stdout)![1]!;
      const second = /#welcome\/([\w-]+)/.exec(reset.stdout)![1]!;
      assert.equal((await use(first)).status, 410, 'the reset replaced the invitation’s link');
      const used = await use(second);
      assert.equal(used.status, 200, used.text);
      assert.ok(sessionCookieOf(used));
    } finally {
      await app.stop();
    }
    assert.match((await run('list')).stdout, /owner\s+active/);
  });
});
