import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cliAsync } from './helpers/cli.ts';
import { ADMIN_TOKEN, tempDataDir } from './helpers/app.ts';
import { findPostgres, skipWithoutPostgres, startPostgres, type TestPostgres } from './helpers/postgres.ts';

/**
 * `backup` and `restore` on PostgreSQL run the real pg_dump and pg_restore of the cluster's
 * version, through a shim on PATH that records the arguments they were given (the password must
 * not be among them: it goes in PGPASSWORD).
 */
describe('backup and restore on PostgreSQL', { skip: skipWithoutPostgres() }, () => {
  let cluster: TestPostgres;
  let shims: string;
  let argvLog: string;
  before(async () => {
    cluster = await startPostgres();
    shims = tempDataDir();
    argvLog = path.join(shims, 'argv.log');
    for (const tool of ['pg_dump', 'pg_restore']) {
      const real = path.join(findPostgres()!.dir, tool);
      fs.writeFileSync(path.join(shims, tool), `#!/bin/sh\nprintf '%s\\n' "${tool} $*" >> "$ARGV_LOG"\nexec ${real} "$@"\n`, {
        mode: 0o755,
      });
    }
  });
  after(() => cluster?.stop());

  const withTools = (url: string) => ({
    BOOKING_DATABASE_URL: url,
    BOOKING_ADMIN_TOKEN: ADMIN_TOKEN,
    PATH: `${shims}:/usr/bin:/bin`,
    ARGV_LOG: argvLog,
  });
  const lines = (stderr: string) =>
    stderr
      .trim()
      .split('\n')
      .filter((line) => line && !line.includes('ExperimentalWarning'));
  const businesses = async (url: string) => {
    const listed = await cliAsync(['businesses', 'list', '--json', '--data', tempDataDir()], withTools(url));
    assert.equal(listed.status, 0, listed.stderr);
    return (JSON.parse(listed.stdout) as Array<{ name: string }>).map((b) => b.name);
  };

  it('backs up with pg_dump and restores with pg_restore, the password in PGPASSWORD only', async () => {
    const source = await cluster.createDatabase('dumped');
    const data = tempDataDir();
    const made = await cliAsync(
      ['businesses', 'create', '--name', 'Salon Dump', '--timezone', 'Europe/Berlin', '--data', data],
      withTools(source),
    );
    assert.equal(made.status, 0, made.stderr);

    const file = path.join(data, 'salon.dump');
    const backup = await cliAsync(['backup', '--to', file, '--data', data], withTools(source));
    assert.equal(backup.status, 0, backup.stderr);
    assert.match(backup.stdout, /^Backed up the database to .*salon\.dump \(pg_dump -Fc\)/);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'the dump is owner-only');
    assert.equal(fs.readFileSync(file).subarray(0, 5).toString(), 'PGDMP', 'a pg_dump custom-format file');
    assert.deepEqual(
      fs.readdirSync(data).filter((name) => name.includes('partial')),
      [],
    );

    // An existing file is kept unless --force.
    const again = await cliAsync(['backup', '--to', file, '--data', data], withTools(source));
    assert.equal(again.status, 1);
    assert.match(again.stderr, /salon\.dump already exists; add --force to replace it/);
    assert.equal((await cliAsync(['backup', '--to', file, '--force', '--data', data], withTools(source))).status, 0);

    // Into a new database: the same salon.
    const target = await cluster.createDatabase('restored');
    const restored = await cliAsync(['restore', '--from', file, '--data', data], withTools(target));
    assert.equal(restored.status, 0, restored.stderr);
    assert.match(restored.stdout, /^Restored .*salon\.dump into postgres:\/\/booking:\*\*\*@127\.0\.0\.1:\d+\/restored with pg_restore/);
    assert.deepEqual(await businesses(target), ['Salon Dump']);

    // A database with tables is refused without --force; with it, replaced by the dump.
    const extra = await cliAsync(['businesses', 'create', '--name', 'Made Later', '--data', data], withTools(target));
    assert.equal(extra.status, 0, extra.stderr);
    const refused = await cliAsync(['restore', '--from', file, '--data', data], withTools(target));
    assert.equal(refused.status, 1);
    assert.equal(lines(refused.stderr).length, 1, refused.stderr);
    assert.match(refused.stderr, /has tables already; restore into a new, empty database \(createdb\), or add --force/);
    const forced = await cliAsync(['restore', '--from', file, '--force', '--data', data], withTools(target));
    assert.equal(forced.status, 0, forced.stderr);
    assert.match(forced.stdout, /The tables that were there were replaced/);
    assert.deepEqual(await businesses(target), ['Salon Dump']);

    const argv = fs.readFileSync(argvLog, 'utf8');
    assert.match(argv, /^pg_dump /m);
    assert.match(argv, /^pg_restore /m);
    for (const output of [argv, backup.stdout, backup.stderr, restored.stdout, restored.stderr]) {
      assert.ok(!output.includes(cluster.password), `the password showed: ${output}`);
    }
  });

  it('refuses with one line: no tools on PATH, an unreachable server, a file that is not a dump', async () => {
    const data = tempDataDir();
    const url = await cluster.createDatabase('refusals');
    const noTools = { ...withTools(url), PATH: data };
    const refused = async (args: string[], env: Record<string, string>, expected: RegExp) => {
      const result = await cliAsync([...args, '--data', data], env);
      assert.equal(result.status, 1, result.stderr);
      assert.equal(lines(result.stderr).length, 1, result.stderr);
      assert.match(result.stderr, expected);
      assert.ok(!result.stderr.includes(cluster.password));
    };
    await refused(['backup', '--to', path.join(data, 'x.dump')], noTools, /back it up with pg_dump .*; pg_dump is not on PATH/);
    await refused(['restore', '--from', path.join(data, 'x.dump')], noTools, /restore it with pg_restore.*; pg_restore is not on PATH/);
    await refused(
      ['backup', '--to', path.join(data, 'x.dump')],
      withTools(`postgres://booking:${cluster.password}@127.0.0.1:1/refusals`),
      /cannot reach PostgreSQL at postgres:\/\/booking:\*\*\*@127\.0\.0\.1:1\/refusals/,
    );
    assert.ok(!fs.existsSync(path.join(data, 'x.dump')));
    fs.writeFileSync(path.join(data, 'not-a.dump'), 'hello');
    await refused(['restore', '--from', path.join(data, 'not-a.dump')], withTools(url), /pg_restore failed \(exit 1\): .*/);
    await refused(['restore', '--from', path.join(data, 'missing.dump')], withTools(url), /missing\.dump does not exist/);
  });
});
