import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findPostgres, skipWithoutPostgres, startPostgres, type TestPostgres } from './helpers/postgres.ts';

/** Runs one statement through Debian's psql against the test cluster; returns its trimmed output. */
function psql(pg: TestPostgres, statement: string, password = pg.password) {
  const bin = path.join(findPostgres()!.dir, 'psql');
  return spawnSync(bin, ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'booking', '-d', 'booking', '-XAtc', statement], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', PGPASSWORD: password, PGCONNECT_TIMEOUT: '5' },
  });
}

describe('the throwaway PostgreSQL cluster the database tests run on', { skip: skipWithoutPostgres() }, () => {
  let pg: TestPostgres;
  before(async () => {
    pg = await startPostgres();
  });
  after(() => pg?.stop());

  it('is a real PostgreSQL 15+ on 127.0.0.1 with fsync on and password login', () => {
    const version = psql(pg, 'show server_version_num');
    assert.equal(version.status, 0, version.stderr);
    assert.ok(Number(version.stdout.trim()) >= 150000, version.stdout);
    assert.equal(psql(pg, 'show fsync').stdout.trim(), 'on');
    assert.match(pg.url, new RegExp(`^postgres://booking:[^@]+@127\\.0\\.0\\.1:${pg.port}/booking$`));
    const wrong = psql(pg, 'select 1', 'not-the-password');
    assert.notEqual(wrong.status, 0);
    assert.match(wrong.stderr, /password authentication failed/);
  });

  it('keeps committed data across a crash and a restart', async () => {
    assert.equal(psql(pg, 'create table kept (n int); insert into kept values (42)').status, 0);
    await pg.stop({ immediate: true });
    assert.notEqual(psql(pg, 'select 1').status, 0, 'down while stopped');
    await pg.restart();
    assert.equal(psql(pg, 'select n from kept').stdout.trim(), '42');
  });
});
