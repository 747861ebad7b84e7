/**
 * Configuration, read once at start from flags and BOOKING_* variables (flags win), validated as
 * a whole so every problem is reported together, then frozen and passed down. Nothing else in the
 * code reads process.env.
 */

import { Cron } from 'croner';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Config {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** PostgreSQL instead of the database file in the data dir: postgres://user:password@host:port/database. Never logged or printed whole. */
  readonly databaseUrl: string | undefined;
  /** When set, the admin API accepts exactly this token; otherwise one is generated and stored hashed. */
  readonly adminToken: string | undefined;
  readonly ratePerMinute: number;
  readonly ratePerDay: number;
  readonly maxActiveWebhooks: number;
  /** Seconds before each attempt of a delivery; the length is the number of attempts. */
  readonly retryDelays: readonly number[];
  readonly deliveryTimeoutMs: number;
  /** How long a lease outlasts the delivery timeout: after that an attempt whose worker died is sent again. */
  readonly deliveryLeaseMarginMs: number;
  readonly failuresBeforeDisable: number;
  readonly allowPrivateTargets: boolean;
  /** Behind a load balancer: the client's address is the last X-Forwarded-For entry. */
  readonly trustProxy: boolean;
  readonly deliveryConcurrency: number;
  /** How long POST /slots/holds keeps a slot for the key that asked. */
  readonly holdMinutes: number;
  /** How many live holds one API key may have at once (src/slots/hold-quota.ts). */
  readonly maxActiveHolds: number;
  /** Days the audit trail keeps an entry (src/audit/retention.ts). */
  readonly auditRetentionDays: number;
  /** Requests per minute one client address may send to the booking page's endpoints. */
  readonly pageRatePerMinute: number;
  /** Slot holds one client address may have at once on the booking page. */
  readonly pageHoldsPerAddress: number;
  /** Bookings one client address may make on the booking page per UTC day. */
  readonly pageBookingsPerDay: number;
  /** Upcoming bookings made on the booking page one e-mail address may have at once. */
  readonly pageOpenBookingsPerEmail: number;
  readonly logLevel: LogLevel;
  /** The key webhook secrets are encrypted with; defaults to secrets.key in the data dir. */
  readonly secretsKeyFile: string | undefined;
  /** Where the single executable unpacks its native addon; defaults to a folder in the data dir. */
  readonly cacheDir: string | undefined;
  /**
   * The address the salon's clients reach this server at (https://booking.salon.example), for the
   * links in e-mails, the booking page's embed line and its QR code; without it, the address the
   * server listens on.
   */
  readonly publicUrl: string | undefined;
  /** With `tlsKey`: the server speaks HTTPS with this certificate (PEM, chain included), reloaded when the file changes. */
  readonly tlsCert: string | undefined;
  readonly tlsKey: string | undefined;
  /** With HTTPS on: a second port whose plain HTTP answers send browsers to the HTTPS port. */
  readonly httpRedirectPort: number | undefined;
  /**
   * The mail server for every salon on this server that has none of its own in Settings:
   * smtp://USER:PASSWORD@HOST:PORT (STARTTLS) or smtps://… (TLS from the start). Never logged or printed whole.
   */
  readonly smtpUrl: string | undefined;
  /** The backup folder, fixed by the operator; unset: the one chosen in Settings, else <data>/backups. */
  readonly backupDir: string | undefined;
  /** When backups run: a cron expression (seconds allowed) in the salon's time zone, or 'off'. */
  readonly backupSchedule: string;
  /** How many backups the folder keeps (src/backups/retention.ts). */
  readonly backupKeep: { readonly daily: number; readonly weekly: number; readonly monthly: number };
  /** The passphrase or backup code `restore` opens a backup with, for scripts (otherwise it asks). */
  readonly backupPassphrase: string | undefined;
  /** An S3-compatible bucket's folder each good backup is copied to: https://HOST/BUCKET/PREFIX. */
  readonly backupS3Url: string | undefined;
  readonly backupS3Region: string | undefined;
  readonly backupS3AccessKeyId: string | undefined;
  readonly backupS3SecretAccessKey: string | undefined;
}

export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

type Parsed<T> = { value: T } | { problem: string };

interface OptionSpec<K extends keyof Config> {
  key: K;
  env: string;
  /** Command-line flag, without the dashes; absent for secrets, which must not show up in `ps`. */
  flag?: string;
  boolean?: true;
  description: string;
  default: Config[K];
  parse(raw: string): Parsed<Config[K]>;
}

const integer =
  (min: number, max: number) =>
  (raw: string): Parsed<number> => {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
      return { problem: `must be a whole number from ${min} to ${max}, got "${raw}"` };
    }
    return { value };
  };

/** A yes/no setting: true, 1, yes, on or false, 0, no, off, empty (any case). */
function parseBoolean(raw: string): Parsed<boolean> {
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return { value: true };
  if (['false', '0', 'no', 'off', ''].includes(value)) return { value: false };
  return { problem: `must be true or false, got "${raw}"` };
}

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
const MAX_RETRY_DELAY_SECONDS = 7 * 24 * 3600;

/** The options, as data: the CLI help and the README table are generated from the same list. */
export const OPTIONS: readonly OptionSpec<keyof Config>[] = [
  {
    key: 'host',
    env: 'BOOKING_HOST',
    flag: 'host',
    description: 'address to listen on',
    default: '127.0.0.1',
    parse: (raw) => (raw.trim() ? { value: raw.trim() } : { problem: 'must not be empty' }),
  },
  {
    key: 'port',
    env: 'BOOKING_PORT',
    flag: 'port',
    description: 'port to listen on (0 picks a free one)',
    default: 8080,
    parse: integer(0, 65535),
  },
  {
    key: 'dataDir',
    env: 'BOOKING_DATA_DIR',
    flag: 'data',
    description: 'folder holding booking.db (created if missing)',
    default: './data',
    parse: (raw) => (raw.trim() ? { value: raw } : { problem: 'must not be empty' }),
  },
  {
    key: 'databaseUrl',
    env: 'BOOKING_DATABASE_URL',
    flag: 'database-url',
    description:
      'use PostgreSQL 15+ at postgres://USER:PASSWORD@HOST:PORT/DATABASE instead of the database file in the data dir (prefer the variable: a flag shows in ps)',
    default: undefined,
    parse: parseDatabaseUrl,
  },
  {
    key: 'adminToken',
    env: 'BOOKING_ADMIN_TOKEN',
    description: 'admin API token, 32 to 256 printable characters; generated on first start and printed once when unset',
    default: undefined,
    parse: (raw) =>
      raw.length >= 32 && raw.length <= 256 && /^[\x21-\x7e]+$/.test(raw)
        ? { value: raw }
        : {
            problem: `must be 32 to 256 printable characters without spaces (got ${raw.length}); leave it unset and a 256-bit token is generated`,
          },
  },
  {
    key: 'ratePerMinute',
    env: 'BOOKING_RATE_PER_MINUTE',
    flag: 'rate-per-minute',
    description: 'requests per minute for each API key',
    default: 60,
    parse: integer(1, 10_000_000),
  },
  {
    key: 'ratePerDay',
    env: 'BOOKING_RATE_PER_DAY',
    flag: 'rate-per-day',
    description: 'requests per UTC day for each API key',
    default: 10_000,
    parse: integer(1, 1_000_000_000),
  },
  {
    key: 'maxActiveWebhooks',
    env: 'BOOKING_MAX_ACTIVE_WEBHOOKS',
    flag: 'max-active-webhooks',
    description: 'active webhooks allowed per API key',
    default: 10,
    parse: integer(1, 1000),
  },
  {
    key: 'retryDelays',
    env: 'BOOKING_RETRY_DELAYS',
    flag: 'retry-delays',
    description: 'seconds before each delivery attempt, comma-separated; the count is the number of attempts',
    default: [0, 60, 300, 900, 3600, 14400],
    parse: (raw) => {
      const parts = raw.split(',').map((part) => part.trim());
      const values = parts.map(Number);
      const bad = parts.find((part, i) => part === '' || !Number.isFinite(values[i]) || values[i]! < 0);
      if (bad !== undefined) return { problem: `must be a comma-separated list of seconds (>= 0), got "${raw}"` };
      if (values.length > 20) return { problem: `allows at most 20 attempts, got ${values.length}` };
      if (values.some((v) => v > MAX_RETRY_DELAY_SECONDS)) return { problem: 'allows delays of at most 7 days' };
      return { value: values };
    },
  },
  {
    key: 'deliveryTimeoutMs',
    env: 'BOOKING_DELIVERY_TIMEOUT_MS',
    flag: 'delivery-timeout-ms',
    description: 'how long a receiver may take to answer one attempt, in milliseconds',
    default: 10_000,
    parse: integer(1, 600_000),
  },
  {
    key: 'deliveryLeaseMarginMs',
    env: 'BOOKING_DELIVERY_LEASE_MARGIN_MS',
    flag: 'delivery-lease-margin-ms',
    description:
      'how long a claimed attempt stays leased beyond the delivery timeout; on PostgreSQL, attempts of an instance that died are sent by another after timeout + margin',
    default: 30_000,
    parse: integer(1_000, 3_600_000),
  },
  {
    key: 'failuresBeforeDisable',
    env: 'BOOKING_FAILURES_BEFORE_DISABLE',
    flag: 'failures-before-disable',
    description: 'consecutive failed deliveries before a webhook is switched off',
    default: 5,
    parse: integer(1, 1000),
  },
  {
    key: 'allowPrivateTargets',
    env: 'BOOKING_ALLOW_PRIVATE_TARGETS',
    flag: 'allow-private-targets',
    boolean: true,
    description: 'allow webhook targets on loopback, private and link-local addresses',
    default: false,
    parse: parseBoolean,
  },
  {
    key: 'trustProxy',
    env: 'BOOKING_TRUST_PROXY',
    flag: 'trust-proxy',
    boolean: true,
    description:
      'behind a load balancer that sets X-Forwarded-For: take the client address (logs, admin-token lockout) from its last entry; never set it when clients reach the server directly',
    default: false,
    parse: parseBoolean,
  },
  {
    key: 'deliveryConcurrency',
    env: 'BOOKING_DELIVERY_CONCURRENCY',
    flag: 'delivery-concurrency',
    description: 'delivery attempts in flight at once',
    default: 64,
    parse: integer(1, 1000),
  },
  {
    key: 'holdMinutes',
    env: 'BOOKING_HOLD_MINUTES',
    flag: 'hold-minutes',
    description: 'minutes a slot hold (POST /slots/holds) keeps a slot',
    default: 5,
    parse: integer(1, 60),
  },
  {
    key: 'auditRetentionDays',
    env: 'BOOKING_AUDIT_RETENTION_DAYS',
    flag: 'audit-retention-days',
    description: 'days the audit trail (who changed what) keeps an entry; older ones are deleted',
    default: 730,
    parse: integer(30, 36500),
  },
  {
    key: 'maxActiveHolds',
    env: 'BOOKING_MAX_ACTIVE_HOLDS',
    flag: 'max-active-holds',
    description: 'slot holds one API key may have at once (a website key holds one per visitor who is typing their details)',
    default: 3,
    parse: integer(1, 1000),
  },
  {
    key: 'pageRatePerMinute',
    env: 'BOOKING_PAGE_RATE_PER_MINUTE',
    flag: 'page-rate-per-minute',
    description: "requests per minute one client address may send to the booking page's endpoints",
    default: 60,
    parse: integer(1, 1_000_000),
  },
  {
    key: 'pageHoldsPerAddress',
    env: 'BOOKING_PAGE_HOLDS_PER_ADDRESS',
    flag: 'page-holds-per-address',
    description: 'times one client address may hold at once on the booking page',
    default: 2,
    parse: integer(1, 100),
  },
  {
    key: 'pageBookingsPerDay',
    env: 'BOOKING_PAGE_BOOKINGS_PER_DAY',
    flag: 'page-bookings-per-day',
    description: 'bookings one client address may make on the booking page per UTC day',
    default: 10,
    parse: integer(1, 100_000),
  },
  {
    key: 'pageOpenBookingsPerEmail',
    env: 'BOOKING_PAGE_OPEN_BOOKINGS_PER_EMAIL',
    flag: 'page-open-bookings-per-email',
    description: 'upcoming bookings made on the booking page that one e-mail address may have at once',
    default: 3,
    parse: integer(1, 1000),
  },
  {
    key: 'logLevel',
    env: 'BOOKING_LOG_LEVEL',
    flag: 'log-level',
    description: `least severe log level written: ${LOG_LEVELS.join(', ')}`,
    default: 'info',
    parse: (raw) => {
      const value = raw.trim().toLowerCase() as LogLevel;
      return LOG_LEVELS.includes(value) ? { value } : { problem: `must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"` };
    },
  },
  {
    key: 'secretsKeyFile',
    env: 'BOOKING_SECRETS_KEY_FILE',
    flag: 'secrets-key-file',
    description: 'key file webhook secrets are encrypted with (default: <data>/secrets.key, made on first start); keep a copy with backups',
    default: undefined,
    parse: (raw) => (raw.trim() ? { value: raw } : { problem: 'must not be empty' }),
  },
  {
    key: 'cacheDir',
    env: 'BOOKING_CACHE_DIR',
    flag: 'cache-dir',
    description: 'where the single executable unpacks its native addon (default: <data>/.cache)',
    default: undefined,
    parse: (raw) => (raw.trim() ? { value: raw } : { problem: 'must not be empty' }),
  },
  {
    key: 'publicUrl',
    env: 'BOOKING_PUBLIC_URL',
    flag: 'public-url',
    description:
      "the address the salon's clients reach this server at, e.g. https://booking.salon.example (links in e-mails, the booking page)",
    default: undefined,
    parse: parsePublicUrl,
  },
  {
    key: 'smtpUrl',
    env: 'BOOKING_SMTP_URL',
    description:
      'the mail server that sends clients their confirmations and reminders, for every salon without one of its own in Settings: smtp://USER:PASSWORD@HOST:587 (STARTTLS) or smtps://USER:PASSWORD@HOST:465 (TLS); ?from=ADDRESS names the sender, ?tls=none sends without TLS (a relay on this computer)',
    default: undefined,
    parse: (raw) => {
      const problem = smtpUrlProblem(raw);
      return problem ? { problem } : { value: raw.trim() };
    },
  },
  {
    key: 'tlsCert',
    env: 'BOOKING_TLS_CERT',
    flag: 'tls-cert',
    description: 'certificate file (PEM, with its chain) to serve HTTPS with, together with BOOKING_TLS_KEY; read again when it changes',
    default: undefined,
    parse: (raw) => (raw.trim() ? { value: raw } : { problem: 'must not be empty' }),
  },
  {
    key: 'tlsKey',
    env: 'BOOKING_TLS_KEY',
    flag: 'tls-key',
    description: "the certificate's private key file (PEM, not protected by a passphrase); read again when it changes",
    default: undefined,
    parse: (raw) => (raw.trim() ? { value: raw } : { problem: 'must not be empty' }),
  },
  {
    key: 'httpRedirectPort',
    env: 'BOOKING_HTTP_REDIRECT_PORT',
    flag: 'http-redirect-port',
    description: 'with HTTPS on, a second port (e.g. 80) where plain HTTP sends browsers to the HTTPS port; API requests there are refused',
    default: undefined,
    parse: integer(1, 65535),
  },
  {
    key: 'backupDir',
    env: 'BOOKING_BACKUP_DIR',
    flag: 'backup-dir',
    description:
      'folder the scheduled backups go to, best on another disk (a USB disk, a network share); unset: the one chosen in Settings, else <data>/backups',
    default: undefined,
    parse: (raw) => (raw.trim() ? { value: raw } : { problem: 'must not be empty' }),
  },
  {
    key: 'backupSchedule',
    env: 'BOOKING_BACKUP_SCHEDULE',
    flag: 'backup-schedule',
    description: "when backups run, a cron expression in the salon's time zone (seconds first when it has six fields), or off",
    default: '0 0 3 * * *',
    parse: parseSchedule,
  },
  {
    key: 'backupKeep',
    env: 'BOOKING_BACKUP_KEEP',
    flag: 'backup-keep',
    description:
      'backups kept: the newest of each of the last N days, weeks and months, as daily,weekly,monthly (the newest is always kept)',
    default: { daily: 7, weekly: 4, monthly: 12 },
    parse: parseKeep,
  },
  {
    key: 'backupS3Url',
    env: 'BOOKING_BACKUP_S3_URL',
    flag: 'backup-s3-url',
    description:
      'also copy each good backup to this folder of an S3-compatible bucket, https://HOST/BUCKET/PREFIX (needs BOOKING_BACKUP_S3_ACCESS_KEY_ID and BOOKING_BACKUP_S3_SECRET_ACCESS_KEY)',
    default: undefined,
    parse: parseS3Url,
  },
  {
    key: 'backupS3Region',
    env: 'BOOKING_BACKUP_S3_REGION',
    flag: 'backup-s3-region',
    description: "the bucket's region (unset: taken from an AWS host name, else us-east-1)",
    default: undefined,
    parse: (raw) =>
      /^[a-z0-9-]{1,40}$/.test(raw.trim())
        ? { value: raw.trim() }
        : { problem: `must be a region name such as eu-central-1, got "${raw}"` },
  },
  {
    key: 'backupS3AccessKeyId',
    env: 'BOOKING_BACKUP_S3_ACCESS_KEY_ID',
    description: 'the access key id for BOOKING_BACKUP_S3_URL',
    default: undefined,
    parse: (raw) => (raw.trim() ? { value: raw.trim() } : { problem: 'must not be empty' }),
  },
  {
    key: 'backupS3SecretAccessKey',
    env: 'BOOKING_BACKUP_S3_SECRET_ACCESS_KEY',
    description: 'the secret access key for BOOKING_BACKUP_S3_URL (no flag: it would show in ps)',
    default: undefined,
    parse: (raw) => (raw.trim() ? { value: raw.trim() } : { problem: 'must not be empty' }),
  },
  {
    key: 'backupPassphrase',
    env: 'BOOKING_BACKUP_PASSPHRASE',
    description: 'the passphrase or backup code restore opens a backup with (asked for when unset)',
    default: undefined,
    parse: (raw) => (raw.trim() ? { value: raw } : { problem: 'must not be empty' }),
  },
];

/** Problems of options taken together, each named as the salon would set it. */
const TOGETHER: readonly ((config: Config) => string | undefined)[] = [
  (c) =>
    c.backupS3Url !== undefined && !(c.backupS3AccessKeyId && c.backupS3SecretAccessKey)
      ? 'BOOKING_BACKUP_S3_URL needs BOOKING_BACKUP_S3_ACCESS_KEY_ID and BOOKING_BACKUP_S3_SECRET_ACCESS_KEY'
      : undefined,
  (c) =>
    c.tlsCert !== undefined && c.tlsKey === undefined ? 'BOOKING_TLS_CERT needs BOOKING_TLS_KEY, the key of that certificate' : undefined,
  (c) =>
    c.tlsKey !== undefined && c.tlsCert === undefined ? 'BOOKING_TLS_KEY needs BOOKING_TLS_CERT, the certificate of that key' : undefined,
  (c) =>
    c.httpRedirectPort !== undefined && c.tlsCert === undefined
      ? 'BOOKING_HTTP_REDIRECT_PORT redirects to HTTPS, which needs BOOKING_TLS_CERT and BOOKING_TLS_KEY'
      : undefined,
  (c) =>
    c.httpRedirectPort !== undefined && c.httpRedirectPort === c.port
      ? `BOOKING_HTTP_REDIRECT_PORT must differ from BOOKING_PORT (both ${c.port})`
      : undefined,
];

/** What is wrong with an smtp:// or smtps:// URL, in words that never quote it (it may hold a password). */
export function smtpUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'must be a URL like smtp://USER:PASSWORD@HOST:587 or smtps://USER:PASSWORD@HOST:465';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `must start with smtp:// or smtps:// (got ${url.protocol}//)`;
  if (!url.hostname) return 'must name a host, as in smtp://USER:PASSWORD@HOST:587';
  const tls = url.searchParams.get('tls');
  if (tls !== null && tls !== 'none') return 'allows only ?tls=none (to send without TLS to a relay on this computer)';
  const from = url.searchParams.get('from');
  if (from !== null && !/^[^\s@]+@[^\s@]+$/.test(from)) return 'has a ?from= that is not an e-mail address';
  return undefined;
}

/** An SMTP URL fit to print: the password replaced by ***. */
export function maskSmtpUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(a malformed URL)';
  }
}

/** An http(s) origin, with a path prefix if the server sits under one; kept without the trailing slash. */
function parsePublicUrl(raw: string): Parsed<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: `must be a URL like https://booking.salon.example, got "${raw}"` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: `must start with https:// or http://, got "${raw}"` };
  if (url.username || url.password || url.search || url.hash) {
    return { problem: `must be just the address, without a user, a query or a #fragment, got "${raw}"` };
  }
  return { value: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** Where clients reach the server: BOOKING_PUBLIC_URL, else the address it listens on. */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'tlsCert'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `${config.tlsCert ? 'https' : 'http'}://${host}:${config.port}`;
}

/**
 * Where the salon's clients reach this server, for the links in e-mails: BOOKING_PUBLIC_URL, else
 * the address it listens on, known once it listens (port 0 picks one).
 */
export class PublicAddress {
  readonly #config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'tlsCert'>;
  #listening: string | undefined;

  constructor(config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'tlsCert'>) {
    this.#config = config;
  }

  /** The server listens at `url`. */
  listening(url: string): void {
    this.#listening = url;
  }

  get url(): string {
    return this.#config.publicUrl ?? this.#listening ?? publicBaseUrl(this.#config);
  }
}

/** A cron expression Croner accepts (5 or 6 fields, seconds first), or off. */
function parseSchedule(raw: string): Parsed<string> {
  const text = raw.trim();
  if (text.toLowerCase() === 'off') return { value: 'off' };
  try {
    new Cron(text, { paused: true }).stop();
  } catch (error) {
    return {
      problem: `must be a cron expression such as "0 0 3 * * *" (03:00 every night; seconds first when there are six fields) or off: ${(error as Error).message}`,
    };
  }
  return { value: text };
}

function parseKeep(raw: string): Parsed<Config['backupKeep']> {
  const parts = raw.split(',').map((part) => part.trim());
  const numbers = parts.map(Number);
  if (parts.length !== 3 || numbers.some((n, i) => parts[i] === '' || !Number.isInteger(n) || n < 0 || n > 1000)) {
    return { problem: `must be three whole numbers from 0 to 1000, daily,weekly,monthly (e.g. 7,4,12), got "${raw}"` };
  }
  const [daily, weekly, monthly] = numbers as [number, number, number];
  return { value: { daily, weekly, monthly } };
}

/** An http(s) URL of a bucket's folder, without credentials (they have variables of their own). */
function parseS3Url(raw: string): Parsed<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: 'must be a URL like https://s3.eu-central-1.amazonaws.com/BUCKET/FOLDER' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { problem: "must start with https:// (or http:// on one's own network)" };
  if (url.username || url.password)
    return { problem: 'must not hold credentials: set BOOKING_BACKUP_S3_ACCESS_KEY_ID and BOOKING_BACKUP_S3_SECRET_ACCESS_KEY' };
  if (url.search || url.hash) return { problem: 'must not have a query or a fragment' };
  if (url.pathname.replace(/\/+/g, '') === '') return { problem: 'must name a bucket, as in https://HOST/BUCKET/FOLDER' };
  return { value: url.toString().replace(/\/+$/, '') };
}

/** Checks a PostgreSQL URL; problems never quote it (it may hold a password). */
function parseDatabaseUrl(raw: string): Parsed<string | undefined> {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'must be a URL like postgres://USER:PASSWORD@HOST:5432/DATABASE' };
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return { problem: `must start with postgres:// or postgresql:// (got ${url.protocol}//)` };
  }
  if (!url.hostname) return { problem: 'must name a host, as in postgres://USER:PASSWORD@HOST:5432/DATABASE' };
  if (url.pathname.replace(/^\//, '') === '') return { problem: 'must name a database, as in postgres://USER:PASSWORD@HOST:5432/DATABASE' };
  return { value: text };
}

/** A PostgreSQL URL fit to print: the password replaced by ***. */
export function maskDatabaseUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(a malformed URL)';
  }
}

export type Flags = Record<string, string | boolean | undefined>;

/**
 * Builds the configuration from command-line flags and environment variables.
 * Throws ConfigError listing every problem found.
 */
export function loadConfig(env: NodeJS.ProcessEnv, flags: Flags = {}): Config {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const option of OPTIONS) {
    const flagValue = option.flag === undefined ? undefined : flags[option.flag];
    const fromFlag = flagValue !== undefined;
    const raw = fromFlag ? String(flagValue) : env[option.env];
    if (raw === undefined) {
      config[option.key] = option.default;
      continue;
    }
    const parsed = option.parse(raw);
    if ('problem' in parsed) {
      problems.push(`${fromFlag ? `--${option.flag}` : option.env} ${parsed.problem}`);
    } else {
      config[option.key] = parsed.value;
    }
  }
  if (problems.length === 0) {
    for (const check of TOGETHER) {
      const problem = check(config as unknown as Config);
      if (problem) problems.push(problem);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config as unknown as Config);
}

/** BOOKING_* variables we do not know, usually typos worth a warning. */
export function unknownVariables(env: NodeJS.ProcessEnv): string[] {
  const known = new Set(OPTIONS.map((option) => option.env));
  return Object.keys(env).filter((name) => name.startsWith('BOOKING_') && !known.has(name));
}
