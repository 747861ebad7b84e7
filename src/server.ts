import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { ensureAdminToken } from './auth/admin-token.ts';
import { createApp, type App, type AppDeps } from './app.ts';
import type { Config } from './config.ts';
import { holdStorage, InstanceLockedError, type StorageHold } from './db/open.ts';
import { httpsOnly } from './http/https-redirect.ts';
import { requestContext } from './http/request-context.ts';
import type { Lifecycle } from './lifecycle.ts';
import { IdleCompaction } from './memory.ts';
import { readTlsPair, TlsFilesError, type TlsFiles, type TlsPair } from './tls/pair.ts';
import { CertificateReload, warnIfExpiring } from './tls/reload.ts';

/** A start-up problem the salon owner can fix; shown as one line. */
export class StartupError extends Error {}

export interface RunningServer {
  readonly url: string;
  readonly app: App;
  /** Stops taking requests, lets running ones finish (bounded), flushes counters, closes the database. */
  stop(): Promise<void>;
}

export interface StartOptions extends Partial<AppDeps> {
  /** Called with a freshly generated admin token, the only time it exists in clear. */
  onAdminTokenCreated?: (token: string) => void;
  /** How long shutdown waits for requests in flight. */
  drainMs?: number;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  // Read before the data dir is touched: a certificate problem is the whole answer of the start.
  const tlsFiles: TlsFiles | undefined = config.tlsCert && config.tlsKey ? { cert: config.tlsCert, key: config.tlsKey } : undefined;
  const tlsPair = tlsFiles && readPair(tlsFiles);
  let lock: StorageHold;
  try {
    lock = await holdStorage(config);
  } catch (error) {
    if (error instanceof InstanceLockedError) throw new StartupError(error.message);
    throw error;
  }
  let app: App;
  try {
    app = await createApp(config, options);
  } catch (error) {
    await lock.release();
    throw error;
  }
  const { logger } = app.context;
  const { lifecycle } = app;
  // The lock is the data dir's: it stops last, after the database closed.
  lifecycle.add({ phase: 'lock', name: 'instance lock', stop: () => lock.release() });
  const server = tlsPair
    ? https.createServer({ cert: tlsPair.cert, key: tlsPair.key, ALPNProtocols: ['http/1.1'] }, app.koa.callback())
    : http.createServer(app.koa.callback());
  const drainMs = options.drainMs ?? 10_000;
  serveHttp(lifecycle, tlsPair ? 'https' : 'http', server, config.port, config.host, drainMs);
  if (tlsFiles && tlsPair) {
    warnIfExpiring(tlsPair, app.context.clock.now(), logger);
    const reload = new CertificateReload({
      files: tlsFiles,
      served: tlsPair,
      apply: (pair) => (server as https.Server).setSecureContext({ cert: pair.cert, key: pair.key }),
      logger,
      now: () => app.context.clock.now(),
    });
    lifecycle.add({ phase: 'intake', name: 'certificate reload', start: () => reload.start(), stop: () => reload.stop() });
  }
  if (tlsPair && config.httpRedirectPort !== undefined) {
    const redirects = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });
    redirects.silent = true;
    redirects.use(requestContext({ logger, ids: app.context.ids }));
    redirects.use(httpsOnly(() => (server.address() as AddressInfo).port));
    const redirectServer = http.createServer(redirects.callback());
    serveHttp(lifecycle, 'http redirect', redirectServer, config.httpRedirectPort, config.host, drainMs);
  }
  // Starts once the server listens: its first look covers the first requests, not the start-up.
  const compaction = new IdleCompaction({ logger });
  lifecycle.add({ phase: 'intake', name: 'idle compaction', start: () => compaction.start(), stop: () => compaction.stop() });
  try {
    const token = await ensureAdminToken(app.context.db, config, app.context.ids);
    if (token) options.onAdminTokenCreated?.(token);
    // Storage is open already; the engine and the timers start, then HTTP listens.
    await lifecycle.start();
  } catch (error) {
    await lifecycle.stop();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `${tlsPair ? 'https' : 'http'}://${host}:${address.port}`;
  app.context.publicAddress.listening(url);
  logger.info({ url }, 'listening');
  void app.context.reachability.check();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= lifecycle.stop().then(() => {
      logger.info('stopped');
      logger.flush();
    });
    return stopping;
  };
  return { url, app, stop };
}

function readPair(files: TlsFiles): TlsPair {
  try {
    return readTlsPair(files);
  } catch (error) {
    if (error instanceof TlsFilesError) throw new StartupError(error.message);
    throw error;
  }
}

/** One listening port as a part of the lifecycle, with the limits every port of ours has. */
function serveHttp(lifecycle: Lifecycle, name: string, server: http.Server, port: number, host: string, drainMs: number): void {
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  lifecycle.add({ phase: 'intake', name, start: () => listen(server, port, host), stop: () => closeHttp(server, drainMs) });
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') reject(new StartupError(`port ${port} on ${host} is already in use`));
      else if (error.code === 'EACCES') reject(new StartupError(`no permission to listen on port ${port} of ${host}`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
        reject(new StartupError(`cannot listen on ${host}: no such address on this computer`));
      } else reject(new StartupError(`cannot listen on ${host}:${port}: ${error.message}`));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

async function closeHttp(server: http.Server, drainMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), drainMs);
  await closed;
  clearTimeout(timer);
}
