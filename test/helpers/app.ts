import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../../src/clock.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createBusiness } from '../../src/businesses/businesses.service.ts';
import { createKey, type KeyWithValue } from '../../src/keys/keys.service.ts';
import { SCOPES, type Scope } from '../../src/auth/scopes.ts';
import { insertService } from '../../src/services/services.repository.ts';
import type { EventName } from '../../src/delivery/events.ts';
import type { Lookup } from '../../src/delivery/targets.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import type { Logger } from '../../src/log.ts';
import type { ReachabilityTesting } from '../../src/reachability/reachability.ts';
import { freshTestDatabase, testingOnPostgres } from './postgres.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: Clock;
  dataDir?: string;
  logger?: Logger;
  lookup?: Lookup;
  /** The public-address check: a short timeout, and the test's own server on 127.0.0.1 as the public address. */
  reachability?: ReachabilityTesting;
  /** Receives the admin token the server generates when `config.adminToken` is left unset. */
  onAdminTokenCreated?: (token: string) => void;
}

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface RequestOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw body text, sent as is (for broken JSON and odd content types). */
  raw?: string | Buffer;
}

/** Makes a temp data dir that is removed when the test process ends. */
export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-test-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A webhook secrets key file of its own, for servers that must share one (several on one PostgreSQL). */
export function tempSecretsKeyFile(): string {
  const file = path.join(tempDataDir(), 'shared-secrets.key');
  fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  return file;
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return Object.freeze({
    ...loadConfig({}, {}),
    port: 0,
    dataDir,
    adminToken: ADMIN_TOKEN,
    allowPrivateTargets: true,
    logLevel: 'silent',
    // Tests poll; the limits are tested where they are set on purpose.
    ratePerMinute: 1_000_000,
    ratePerDay: 100_000_000,
    // Backups on a schedule are tested where they are switched on (test/backups*.test.ts).
    backupSchedule: 'off',
    ...overrides,
  });
}

const databasesByDataDir = new Map<string, Promise<string>>();
export function databaseFor(dataDir: string): Promise<string> {
  let url = databasesByDataDir.get(dataDir);
  if (!url) databasesByDataDir.set(dataDir, (url = freshTestDatabase()));
  return url;
}

/** The real server on 127.0.0.1, port 0, with its own data dir; talks HTTP like any client. */
export class TestApp {
  readonly server: RunningServer;
  readonly dataDir: string;
  readonly config: Config;

  private constructor(server: RunningServer, dataDir: string, config: Config) {
    this.server = server;
    this.dataDir = dataDir;
    this.config = config;
  }

  static async start(options: TestAppOptions = {}): Promise<TestApp> {
    const dataDir = options.dataDir ?? tempDataDir();
    // On the PostgreSQL leg of npm test (BOOKING_TEST_ENGINE=postgres) each data dir gets a database
    // of its own: a fresh one, or the same again when a test restarts a server on its data dir.
    const databaseUrl = options.config?.databaseUrl ?? (testingOnPostgres() ? await databaseFor(dataDir) : undefined);
    const config = testConfig(dataDir, { ...options.config, databaseUrl });
    const server = await startServer(config, {
      clock: options.clock,
      logger: options.logger,
      lookup: options.lookup,
      reachability: options.reachability,
      onAdminTokenCreated: options.onAdminTokenCreated,
      drainMs: 1000,
    });
    return new TestApp(server, dataDir, config);
  }

  get url(): string {
    return this.server.url;
  }

  get context() {
    return this.server.app.context;
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }

  async business(name = 'Salon'): Promise<number> {
    const business = await createBusiness(this.context.db, this.context.clock, { name, timezone: 'Europe/Berlin', currency: 'EUR' });
    return business.id;
  }

  async key(
    businessId: number,
    scopes: readonly Scope[],
    extra: { allowedOrigins?: string[]; expiresAt?: string; name?: string } = {},
  ): Promise<KeyWithValue> {
    return createKey({ db: this.context.db, clock: this.context.clock, ids: this.context.ids }, businessId, {
      name: extra.name ?? 'test key',
      scopes: [...scopes],
      ...extra,
    });
  }

  async service(businessId: number, name: string, extra: { active?: boolean; durationMinutes?: number } = {}) {
    const now = this.context.clock.now();
    return insertService(this.context.db, {
      business_id: businessId,
      name,
      description: '',
      duration_minutes: extra.durationMinutes ?? 30,
      price: 2500,
      currency: 'EUR',
      active: extra.active === false ? 0 : 1,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
  }

  /** Emits an event the way every business operation does: through the outbox, in a transaction. */
  async emit(businessId: number, event: EventName, data: Record<string, unknown> = {}): Promise<number> {
    return this.context.database.transaction((trx) => this.context.outbox.emitEvent(trx, businessId, event, data));
  }

  /** Registers a webhook for `key` through the API and returns it (with its secret). */
  async webhook(key: string, targetUrl: string, events: EventName[] = ['booking.created']) {
    const reply = await this.request('POST', '/v1/integration/webhooks', { key, body: { targetUrl, events } });
    if (reply.status !== 201) throw new Error(`webhook not created: ${reply.text}`);
    return reply.body as { id: number; secret: string; targetUrl: string };
  }

  /** The webhook's delivery history, oldest attempt first. */
  async history(key: string, webhookId: number): Promise<any[]> {
    const reply = await this.request('GET', `/v1/integration/webhooks/${webhookId}/deliveries?limit=100`, { key });
    if (reply.status !== 200) throw new Error(`history: ${reply.text}`);
    return [...reply.body.data].reverse();
  }

  async request(method: string, pathname: string, options: RequestOptions = {}): Promise<Reply> {
    return requestAt(this.url, method, pathname, options);
  }
}

/** A request to the server at `url` (this process's TestApp or another process), its body parsed when it is JSON. */
export async function requestAt(url: string, method: string, pathname: string, options: RequestOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers['X-API-Key'] = options.key;
  let body: string | Buffer | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(url + pathname, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Every scope of spec section 5. */
export const ALL_SCOPES: readonly Scope[] = SCOPES;
