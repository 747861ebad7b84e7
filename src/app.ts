import Router from '@koa/router';
import Koa from 'koa';
import compose from 'koa-compose';
import type { AppContext } from './app-context.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { openDatabase, type OpenOptions } from './db/connection.ts';
import { healthRoutes } from './health.routes.ts';
import { jsonBody } from './http/body.ts';
import { authenticateKey, checkOrigin, limitRate, preflight } from './http/integration-auth.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { AppState } from './http/state.ts';
import { randomIds, type Ids } from './ids.ts';
import { KeyStore } from './keys/key-store.ts';
import { silentLogger, type Logger } from './log.ts';
import { serviceRoutes } from './services/services.routes.ts';
import { webhookRoutes } from './webhooks/webhooks.routes.ts';

export const INTEGRATION_PREFIX = '/v1/integration';

/** What tests and the executable may swap: time, randomness, logs, the native addon. */
export interface AppDeps {
  clock: Clock;
  ids: Ids;
  logger: Logger;
  database: OpenOptions;
}

export interface App {
  readonly koa: Koa<AppState>;
  readonly context: AppContext;
  /** The integration router, whose route table tests walk. */
  readonly integrationRouter: Router<AppState>;
  close(): Promise<void>;
}

/** Opens the database and wires every feature into one Koa application. Does not listen. */
export async function createApp(config: Config, deps: Partial<AppDeps> = {}): Promise<App> {
  const clock = deps.clock ?? systemClock;
  const database = await openDatabase(config.dataDir, deps.database);
  const context: AppContext = {
    config,
    database,
    db: database.kysely,
    clock,
    ids: deps.ids ?? randomIds,
    logger: deps.logger ?? silentLogger,
    keys: new KeyStore(database),
    limiter: new RateLimiter(database.kysely, clock, { perMinute: config.ratePerMinute, perDay: config.ratePerDay }),
    startedAt: clock.now(),
  };

  const integrationRouter = new Router<AppState>({ prefix: INTEGRATION_PREFIX });
  for (const feature of [webhookRoutes(context), serviceRoutes(context)]) {
    integrationRouter.use(feature.routes());
  }

  const koa = new Koa<AppState>({ proxy: false });
  koa.silent = true;
  koa.use(requestContext(context));
  koa.use(securityHeaders());
  const integrationChain: Koa.Middleware<AppState, any>[] = [
    preflight(),
    authenticateKey(context.keys, clock),
    limitRate(context.limiter, clock),
    checkOrigin(),
    jsonBody(),
    integrationRouter.routes(),
    integrationRouter.allowedMethods(),
  ];
  koa.use(under(INTEGRATION_PREFIX, compose(integrationChain)));
  const health = healthRoutes(context);
  koa.use(health.routes());
  koa.use(health.allowedMethods());

  return {
    koa,
    context,
    integrationRouter,
    close: async () => {
      await context.limiter.flush();
      await database.close();
    },
  };
}

/** Runs `middleware` for paths at or below `prefix` (unknown ones included, so they need a key too). */
function under(prefix: string, middleware: Koa.Middleware<AppState>): Koa.Middleware<AppState> {
  return (ctx, next) =>
    ctx.path === prefix || ctx.path.startsWith(`${prefix}/`) ? middleware(ctx, next) : next();
}
