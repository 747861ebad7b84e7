import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log.ts';
import { readTlsPair, type TlsFiles, type TlsPair } from './pair.ts';

/** How long a folder must be quiet before the files are read: a renewal writes two files. */
const SETTLE_MS = 100;
/** Read again this often anyway, for file systems whose changes a watch does not see (network shares). */
const RECHECK_MS = 5 * 60_000;
/** From this close to the end of its validity on, a certificate is worth a warning. */
const EXPIRY_WARNING_MS = 14 * 24 * 3_600_000;

export interface CertificateReloadOptions {
  readonly files: TlsFiles;
  /** The pair being served when the watch starts. */
  readonly served: TlsPair;
  /** Serves `pair` to the connections that come next (`server.setSecureContext`). */
  apply(pair: TlsPair): void;
  readonly logger: Logger;
  now(): number;
}

/**
 * Serves a renewed certificate without a restart. It watches the folders of both files, not the
 * files: a renewal (certbot, Caddy, acme.sh) usually replaces a file or a symbolic link by renaming,
 * which a watch on the old file would not see. Once the folder has been quiet for a moment the
 * pair is read again; a pair that does not hold together yet (the new certificate written, its key
 * not yet) is logged and the pair served stays until a later change completes it.
 */
export class CertificateReload {
  readonly #options: CertificateReloadOptions;
  readonly #watchers: fs.FSWatcher[] = [];
  #served: string;
  #lastProblem: string | undefined;
  #settle: NodeJS.Timeout | undefined;
  #recheck: NodeJS.Timeout | undefined;

  constructor(options: CertificateReloadOptions) {
    this.#options = options;
    this.#served = options.served.fingerprint;
  }

  start(): void {
    const { files, logger } = this.#options;
    const folders = new Set([files.cert, files.key].map((file) => path.dirname(path.resolve(file))));
    for (const folder of folders) {
      const watcher = fs.watch(folder, { persistent: false }, () => this.#soon());
      watcher.on('error', (err) =>
        logger.warn({ err, folder }, 'cannot watch the TLS certificate folder; it is still read every 5 minutes'),
      );
      this.#watchers.push(watcher);
    }
    this.#recheck = setInterval(() => this.#reload(), RECHECK_MS);
    this.#recheck.unref();
  }

  stop(): void {
    for (const watcher of this.#watchers.splice(0)) watcher.close();
    clearTimeout(this.#settle);
    clearInterval(this.#recheck);
  }

  #soon(): void {
    clearTimeout(this.#settle);
    this.#settle = setTimeout(() => this.#reload(), SETTLE_MS);
    this.#settle.unref();
  }

  #reload(): void {
    const { logger } = this.#options;
    let pair: TlsPair;
    try {
      pair = readTlsPair(this.#options.files);
    } catch (error) {
      const problem = (error as Error).message;
      // A renewal in progress may show the same half-written state to several events: said once.
      if (problem !== this.#lastProblem) logger.warn({ problem }, 'TLS certificate not reloaded: still serving the previous one');
      this.#lastProblem = problem;
      return;
    }
    this.#lastProblem = undefined;
    if (pair.fingerprint === this.#served) return;
    this.#options.apply(pair);
    this.#served = pair.fingerprint;
    logger.info({ names: pair.names, validTo: pair.validTo.toISOString() }, 'TLS certificate reloaded');
    warnIfExpiring(pair, this.#options.now(), logger);
  }
}

/** A certificate past or near its end still starts the server (the salon's staff may need it), with a warning. */
export function warnIfExpiring(pair: TlsPair, now: number, logger: Logger): void {
  const left = pair.validTo.getTime() - now;
  if (left <= 0) {
    logger.warn(
      { names: pair.names, validTo: pair.validTo.toISOString() },
      'the TLS certificate has expired: browsers refuse it; renew it',
    );
  } else if (left < EXPIRY_WARNING_MS) {
    logger.warn({ names: pair.names, validTo: pair.validTo.toISOString() }, 'the TLS certificate expires soon: renew it');
  }
}
