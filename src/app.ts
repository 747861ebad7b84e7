import { forgetOldAuditEntries } from './audit/retention.ts';
import { auditSwitchOff } from './webhooks/switched-off.ts';
import Koa from 'koa';
import type { AppContext } from './app-context.ts';
import { systemClock, utcDay, type Clock } from './clock.ts';
import { publicBaseUrl, PublicAddress, type Config } from './config.ts';
import dns from 'node:dns';
import { openConfiguredDatabase, type OpenOptions } from './db/open.ts';
import { DeliveryEngine, leaseMsFor } from './delivery/engine.ts';
import { Outbox } from './delivery/outbox.ts';
import { RetrySchedule } from './delivery/schedule.ts';
import { Sender } from './delivery/sender.ts';
import type { Lookup } from './delivery/targets.ts';
import { HEALTH_OPERATIONS } from './health.operations.ts';
import { integrationGuard } from './auth/integration-auth.ts';
import { mount, secretPathsOf, type Operation } from './http/operations.ts';
import { INTEGRATION_OPERATIONS, INTEGRATION_PREFIX } from './integration-api.ts';
import { RateLimiter } from './auth/rate-limit.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { AppState } from './http/state.ts';
import { randomIds, type Ids } from './ids.ts';
import { KeyStore } from './auth/key-store.ts';
import { silentLogger, type Logger } from './log.ts';
import { openSecretBox, sealPlainSecrets, type SecretBox } from './secrets/secret-box.ts';
import { Subscriptions } from './delivery/subscriptions.ts';
import { ServiceCatalog } from './services/service-catalog.ts';
import { BusinessDirectory } from './businesses/directory.ts';
import { ADMIN_OPERATIONS, ADMIN_PREFIX } from './admin-api.ts';
import { adminIfSent, requireAdmin } from './auth/admin-auth.ts';
import { authorizeRole } from './auth/roles.ts';
import { SignInLimit } from './people/sign-in-limit.ts';
import { deleteExpiredSessions } from './people/people.repository.ts';
import { SESSION_IDLE_MS } from './people/people.service.ts';
import { Backups } from './backups/backups.service.ts';
import { backupStatus } from './backups/backup-status.ts';
import { METRICS_OPERATIONS } from './metrics.operations.ts';
import { Cron } from 'croner';
import { Lifecycle } from './lifecycle.ts';
import { forgetOldKeys } from './bookings/idempotency.ts';
import { loadStaticFiles, serveStatic } from './http/static-files.ts';
import { MailEngine } from './mail/mail-engine.ts';
import { mailOnEvents } from './mail/mail-queue.ts';
import { mailOnSwitchOff } from './mail/switched-off-mail.ts';
import { ReminderClock, remindersOnEvents } from './reminders/reminders.ts';
import { MANAGE_PAGE, MANAGE_PAGE_SECRET } from './manage/manage.operations.ts';
import { BOOKING_PAGE_OPERATIONS, BOOKING_PAGE_PREFIX } from './booking-page-api.ts';
import { serveBookingPage } from './booking-page/page-files.ts';
import { forgetCountsBefore } from './booking-page/booking-page.repository.ts';
import { AddressLimiter } from './auth/address-limit.ts';
import { pageGuard } from './auth/page-guard.ts';
import { IDENTITY_PATH } from './reachability/check.ts';
import { IDENTITY_OPERATIONS } from './reachability/identity.operations.ts';
import { installationIdOf } from './reachability/installation.ts';
import { Reachability, type ReachabilityTesting } from './reachability/reachability.ts';
import { RecoveryWorker } from './webhooks/recovery-worker.ts';

export { INTEGRATION_PREFIX };

/** Rate-limit day counts and last-use times are written this often (and at stop). */
const FLUSH_COUNTERS_EVERY_MS = 5_000;

/** What tests and the executable may swap: time, randomness, logs, the native addon. */
export interface AppDeps {
  clock: Clock;
  ids: Ids;
  logger: Logger;
  database: OpenOptions;
  lookup: Lookup;
  /** The public-address check's timeout, and loopback allowed for a test's own server. */
  reachability: ReachabilityTesting;
}

export interface App {
  readonly koa: Koa<AppState>;
  readonly context: AppContext;
  /** The operations of the integration, admin and booking page APIs, whose tables tests walk. */
  readonly integrationOperations: readonly Operation[];
  readonly adminOperations: readonly Operation[];
  readonly bookingPageOperations: readonly Operation[];
  /** Every part that starts and stops; the server adds its own (HTTP, the instance lock). */
  readonly lifecycle: Lifecycle;
  /** Starts every part: the delivery engine, the timers (and what the server added). */
  start(): Promise<void>;
  /** Stops every part in order: deliveries (waiting for those in flight), counters saved, the database closed. */
  close(): Promise<void>;
}

/** Opens the database and wires every feature into one Koa application. Does not listen. */
export async function createApp(config: Config, deps: Partial<AppDeps> = {}): Promise<App> {
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? randomIds;
  const logger = deps.logger ?? silentLogger;
  const lookup = deps.lookup ?? dns.lookup;
  const database = await openConfiguredDatabase(config, deps.database);
  database.reportFailuresTo((err, what) => logger.error({ err }, what));
  let secretBox: SecretBox;
  let installationId: string;
  try {
    installationId = await installationIdOf(database.db, ids);
    secretBox = await openSecretBox(config, database);
    const sealed = await sealPlainSecrets(database, secretBox);
    if (sealed > 0) logger.info({ webhooks: sealed }, 'encrypted webhook secrets stored in clear by an earlier version');
  } catch (error) {
    await database.close();
    throw error;
  }
  const perWebhook = Math.max(1, Math.floor(config.deliveryConcurrency / 4));
  const sender = new Sender({
    timeoutMs: config.deliveryTimeoutMs,
    allowPrivateTargets: config.allowPrivateTargets,
    // As many as the engine ever has in flight: a request never waits for a local connection, so
    // the timeout measures the receiver alone (several webhooks may share one origin).
    connectionsPerOrigin: config.deliveryConcurrency,
    lookup: deps.lookup,
    now: () => clock.now(),
    openSecret: (stored) => secretBox.open(stored),
  });
  const schedule = new RetrySchedule(config.retryDelays);
  const policy = { schedule, failuresBeforeDisable: config.failuresBeforeDisable };
  const subscriptions = new Subscriptions(database);
  const keys = new KeyStore(database);
  const engine = new DeliveryEngine({
    database,
    clock,
    logger,
    sender,
    policy,
    concurrency: config.deliveryConcurrency,
    perWebhook,
    leaseMs: leaseMsFor(config),
    releaseLeasesAtStart: database.exclusive,
    drainMs: config.deliveryTimeoutMs + 2_000,
    onSwitchedOff: async (trx, webhookId, at) => {
      await auditSwitchOff(trx, webhookId, at);
      await switchedOffMail(trx, webhookId, at);
    },
  });
  const directory = new BusinessDirectory(database);
  const publicAddress = new PublicAddress(config);
  const mail = new MailEngine({
    database,
    clock,
    logger,
    secretBox,
    smtpUrl: config.smtpUrl,
    publicAddress,
    releaseLeasesAtStart: database.exclusive,
    drainMs: 5_000,
  });
  const mailQueue = {
    database,
    clock,
    secretBox,
    smtpUrl: config.smtpUrl,
    directory,
    messageIdHost: new URL(publicBaseUrl(config)).hostname,
    onQueued: () => mail.wake(),
  };
  const switchedOffMail = mailOnSwitchOff(mailQueue);
  const outbox = new Outbox({
    database,
    clock,
    ids,
    firstDelayMs: schedule.firstDelayMs,
    onQueued: () => engine.wake(),
    subscriptions,
    firstListeners: [remindersOnEvents({ directory })],
    listeners: [mailOnEvents(mailQueue)],
  });
  const reminders = new ReminderClock({ database, clock, logger, outbox });
  const recoveries = new RecoveryWorker({ database, clock, logger, onQueued: () => engine.wake() });
  const context: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    ids,
    logger,
    keys,
    limiter: new RateLimiter(database, clock, { perMinute: config.ratePerMinute, perDay: config.ratePerDay }),
    startedAt: clock.now(),
    signIns: new SignInLimit(clock),
    lookup,
    sender,
    policy,
    engine,
    recoveries,
    outbox,
    subscriptions,
    catalog: new ServiceCatalog(database),
    directory,
    secretBox,
    publicAddress,
    mail,
    reminders,
    backups: new Backups({ config, database, clock, logger }),
    reachability: new Reachability({ ...deps.reachability, publicUrl: config.publicUrl, installationId, clock, logger, lookup }),
  };
  const backupsNow = () => backupStatus(context, context.backups);

  const lifecycle = new Lifecycle(logger);
  lifecycle.add({ phase: 'storage', name: 'database', stop: () => database.close() });
  // Added before the engine, so its connections close after the engine's last send.
  lifecycle.add({ phase: 'work', name: 'webhook sender', stop: () => sender.close() });
  let flushTimer: NodeJS.Timeout | undefined;
  const flushCounters = () => context.limiter.flush().catch((err) => logger.warn({ err }, 'could not save rate-limit counters'));
  lifecycle.add({
    phase: 'work',
    name: 'rate-limit counters',
    start: () => {
      flushTimer = setInterval(flushCounters, FLUSH_COUNTERS_EVERY_MS);
      flushTimer.unref();
    },
    stop: () => {
      clearInterval(flushTimer);
      return flushCounters();
    },
  });
  // The server starts the first check once it listens: the address may lead back to it.
  lifecycle.add({ phase: 'work', name: 'public address check', stop: () => context.reachability.stop() });
  lifecycle.add({ phase: 'work', name: 'delivery engine', start: () => engine.start(), stop: () => engine.stop() });
  // After the engine, so it stops first: no new attempts while the engine drains.
  lifecycle.add({ phase: 'work', name: 'recoveries', start: () => recoveries.start(), stop: () => recoveries.stop() });
  lifecycle.add({ phase: 'work', name: 'mail queue', start: () => mail.start(), stop: () => mail.stop() });
  lifecycle.add({ phase: 'work', name: 'reminders', start: () => reminders.start(), stop: () => reminders.stop() });
  let housekeeping: Cron | undefined;
  lifecycle.add({
    phase: 'work',
    name: 'housekeeping',
    start: () => {
      const housekeep = async () => {
        await database.transaction(async (trx) => {
          await forgetOldKeys(trx, clock.now());
          await forgetCountsBefore(trx, utcDay(clock.now()));
          await deleteExpiredSessions(trx, clock.now(), SESSION_IDLE_MS);
        });
        // The audit trail's old entries, in batches of their own transactions.
        await forgetOldAuditEntries({ database, clock }, config.auditRetentionDays);
      };
      housekeeping = new Cron('17 */10 * * * *', { protect: true, unref: true }, () =>
        housekeep().catch((err) => logger.warn({ err }, 'housekeeping failed')),
      );
    },
    stop: () => housekeeping?.stop(),
  });

  // Last of the work to stop: a backup being written is finished, then the database closes.
  lifecycle.add({ phase: 'work', name: 'backups', start: () => context.backups.start(), stop: () => context.backups.stop() });

  // Behind a load balancer (BOOKING_TRUST_PROXY) the client is the one address it appends to
  // X-Forwarded-For; anything a client put before it is not believed.
  const koa = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: 1 });
  koa.silent = true;
  const secretPaths = [
    ...secretPathsOf(INTEGRATION_PREFIX, INTEGRATION_OPERATIONS),
    ...secretPathsOf(ADMIN_PREFIX, ADMIN_OPERATIONS),
    MANAGE_PAGE_SECRET,
  ];
  koa.use(requestContext({ logger, ids, secretPaths }));
  koa.use(securityHeaders());
  // Every request under the prefix but the public document shows a key first, unknown paths included.
  koa.use(
    mount(context, INTEGRATION_OPERATIONS, { prefix: INTEGRATION_PREFIX, guard: integrationGuard(context.keys, context.limiter, clock) }),
  );
  koa.use(mount(context, ADMIN_OPERATIONS, { prefix: ADMIN_PREFIX, guard: requireAdmin(context), authorize: authorizeRole }));
  const health = {
    ...context,
    backupHealth: async () => {
      const status = await backupsNow();
      const { state, warnings, lastGood, folder } = status;
      return { state, warnings, lastGoodAt: lastGood?.at ?? null, lastGoodBytes: lastGood?.bytes ?? null, folder: folder.path };
    },
  };
  koa.use(mount(health, HEALTH_OPERATIONS, { prefix: '/healthz', guard: adminIfSent(context) }));
  // Behind the admin API's guard and its roles: the metrics are the owner's (a person's cookie of another role is refused).
  koa.use(
    mount({ ...context, backupStatus: backupsNow }, METRICS_OPERATIONS, {
      prefix: '/metrics',
      guard: requireAdmin(context),
      authorize: authorizeRole,
    }),
  );
  koa.use(mount(context, IDENTITY_OPERATIONS, { prefix: IDENTITY_PATH }));
  koa.use(
    mount(context, BOOKING_PAGE_OPERATIONS, {
      prefix: BOOKING_PAGE_PREFIX,
      guard: pageGuard(new AddressLimiter(clock, config.pageRatePerMinute), config.publicUrl),
    }),
  );
  const files = loadStaticFiles();
  koa.use(serveBookingPage(context, files));
  koa.use(serveStatic(files, [MANAGE_PAGE]));

  return {
    koa,
    context,
    integrationOperations: INTEGRATION_OPERATIONS,
    adminOperations: ADMIN_OPERATIONS,
    bookingPageOperations: BOOKING_PAGE_OPERATIONS,
    lifecycle,
    start: () => lifecycle.start(),
    close: () => lifecycle.stop(),
  };
}
