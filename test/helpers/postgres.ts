import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster for tests, started from Debian's `postgresql` package: `initdb`
 * in a temp dir, a free port on 127.0.0.1, fsync on (the durability tests mean it), password
 * login. Never Docker, never a mock. As root, the server runs as the `postgres` user, because
 * PostgreSQL refuses to run as root.
 */

const MIN_VERSION = 15;

export interface PostgresBinaries {
  dir: string;
  version: number;
}

/** The newest PostgreSQL ≥ 15 server binaries on this machine, or undefined. BOOKING_TEST_PG_BIN overrides. */
export function findPostgres(): PostgresBinaries | undefined {
  const candidates: string[] = [];
  if (process.env.BOOKING_TEST_PG_BIN) candidates.push(process.env.BOOKING_TEST_PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, version, 'bin'));
  }
  for (const dir of candidates) {
    if (!fs.existsSync(path.join(dir, 'initdb')) || !fs.existsSync(path.join(dir, 'postgres'))) continue;
    const out = spawnSync(path.join(dir, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout ?? '';
    const version = Number(/\(PostgreSQL\) (\d+)/.exec(out)?.[1]);
    if (version >= MIN_VERSION) return { dir, version };
  }
  return undefined;
}

/** Why the PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresMissing(): string | undefined {
  return findPostgres() ? undefined : `PostgreSQL ${MIN_VERSION}+ server binaries not found (apt-get install postgresql; .ci/run does it)`;
}

/**
 * The `skip` option of the PostgreSQL suites: skipped with one line on a developer's machine
 * without PostgreSQL, never in CI (CI installs it, so there a missing server fails).
 */
export function skipWithoutPostgres(): string | false {
  const missing = postgresMissing();
  return missing && !process.env.CI ? `${missing}: PostgreSQL tests skipped` : false;
}

export interface TestPostgres {
  /** postgres://booking:<password>@127.0.0.1:<port>/booking */
  readonly url: string;
  readonly port: number;
  readonly password: string;
  /** Creates another empty database on the same cluster and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown); with `immediate`, as after a crash. */
  stop(options?: { immediate?: boolean }): Promise<void>;
  /** Starts it again on the same port and data, after stop(). */
  restart(): Promise<void>;
  /** The postmaster's process id (its backends are its children): for measuring the server's CPU. */
  readonly pid: number;
}

/**
 * `unref`: the server does not keep this process alive (it is killed when the process exits).
 * `settings`: more `-c name=value` server settings (the bench preloads pg_stat_statements).
 */
export async function startPostgres(options: { unref?: boolean; settings?: Record<string, string> } = {}): Promise<TestPostgres> {
  const found = findPostgres();
  if (!found) throw new Error(`${postgresMissing()}; CI is set, so the PostgreSQL tests fail instead of being skipped`);
  const bin = (name: string) => path.join(found.dir, name);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-pg-'));
  const data = path.join(root, 'data');
  const sockets = path.join(root, 'sockets');
  fs.mkdirSync(sockets);
  const password = `pw-${Math.random().toString(36).slice(2)}-${process.pid}`;
  fs.writeFileSync(path.join(root, 'pwfile'), `${password}\n`);

  // PostgreSQL will not run as root: hand the folder to the postgres user and run as it.
  const asUser = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (asUser) chownTree(root, asUser.uid, asUser.gid);
  // Without libfaketime (the dates leg runs everything under it): its shared memory belongs to
  // root, so the postgres user cannot open it, and once a PID is reused it cannot make its own
  // either ("sem_open failed and recreation attempts failed": initdb failed on CI's 2028-02-29).
  // Nothing reads PostgreSQL's clock: the server writes its own times.
  const ids = asUser ? { uid: asUser.uid, gid: asUser.gid, env: withoutFaketime(process.env) } : {};

  const init = spawnSync(
    bin('initdb'),
    [
      '-D',
      data,
      '-U',
      'booking',
      '--auth=scram-sha-256',
      `--pwfile=${path.join(root, 'pwfile')}`,
      '-E',
      'UTF8',
      '--locale=C',
      '--no-instructions',
    ],
    { encoding: 'utf8', ...ids, cwd: root },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  process.on('exit', () => {
    try {
      server?.kill('SIGKILL');
    } catch {}
    fs.rmSync(root, { recursive: true, force: true });
  });

  const port = await freePort();
  let server: ChildProcess | undefined;
  let log = '';
  const start = async () => {
    log = '';
    server = spawn(
      bin('postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        sockets,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=on',
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=32MB',
        ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      { ...ids, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server.stdout!.on('data', (chunk) => (log += chunk));
    server.stderr!.on('data', (chunk) => (log += chunk));
    if (options.unref) {
      server.unref();
      (server.stdout as unknown as { unref(): void }).unref();
      (server.stderr as unknown as { unref(): void }).unref();
    }
    const exited = new Promise<never>((_, reject) =>
      server!.once('exit', (code) => reject(new Error(`postgres exited (${code}): ${log}`))),
    );
    await Promise.race([waitReady(bin('pg_isready'), port, ids), exited]);
  };
  await start();

  const env = { PGPASSWORD: password };
  const made = spawnSync(bin('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'booking', 'booking'], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (made.status !== 0) throw new Error(`createdb booking: ${made.stderr}`);
  return {
    url: `postgres://booking:${encodeURIComponent(password)}@127.0.0.1:${port}/booking`,
    port,
    password,
    async createDatabase(name) {
      const made = spawnSync(bin('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'booking', name], {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
      if (made.status !== 0) throw new Error(`createdb ${name}: ${made.stderr}`);
      return `postgres://booking:${encodeURIComponent(password)}@127.0.0.1:${port}/${name}`;
    },
    async stop({ immediate = false } = {}) {
      const child = server;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(immediate ? 'SIGQUIT' : 'SIGINT');
      await exited;
    },
    restart: start,
    get pid() {
      return server!.pid!;
    },
  };
}

/** `env` without what preloads libfaketime into a process. */
function withoutFaketime(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME') && name !== 'DONT_FAKE_MONOTONIC'),
  );
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error('running as root and there is no postgres user to run PostgreSQL as');
  return { uid, gid };
}

function chownTree(dir: string, uid: number, gid: number): void {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else fs.chownSync(full, uid, gid);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(pgIsReady: string, port: number, ids: object): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const probe = spawnSync(pgIsReady, ['-h', '127.0.0.1', '-p', String(port), '-q'], ids);
    if (probe.status === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`PostgreSQL on port ${port} was not ready within 30 s`);
}

/** True when this test process runs the database-facing suites on PostgreSQL (the second leg of npm test). */
export function testingOnPostgres(): boolean {
  return process.env.BOOKING_TEST_ENGINE === 'postgres';
}

let sharedCluster: Promise<string> | undefined;
let databases = 0;

/**
 * A fresh, empty database for one test server on the PostgreSQL leg: on the cluster the leg's
 * runner started (BOOKING_TEST_PG_URL), or on one this process starts for itself when a file is
 * run alone with BOOKING_TEST_ENGINE=postgres.
 */
export async function freshTestDatabase(): Promise<string> {
  sharedCluster ??= process.env.BOOKING_TEST_PG_URL
    ? Promise.resolve(process.env.BOOKING_TEST_PG_URL)
    : startPostgres({ unref: true }).then((pg) => pg.url);
  const admin = await sharedCluster;
  const name = `t_${process.pid}_${++databases}_${Math.random().toString(36).slice(2, 8)}`;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
