import { recordAudit } from '../audit/record.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { backupsUnavailable, snapshotStorage } from '../db/backup.ts';
import type { Database } from '../db/database.ts';
import { BackupError } from '../db/errors.ts';
import { advanceSetting, claimSetting, deleteSetting, readSetting, writeSetting } from '../db/settings.repository.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { Logger } from '../log.ts';
import { readSecretsKey } from '../secrets/secret-box.ts';
import { backupName, clearPartials, folderState, listBackups, syncFolder } from './backup-folder.ts';
import { openBackup, sealBackup } from './backup-file.ts';
import { anyRun, insertRun, lastGoodRun, salonTimeZone } from './backup-runs.repository.ts';
import { generateCode, MIN_PASSPHRASE_LENGTH, recipientFor, recipientFromJson, recipientToJson, type Recipient } from './recipient.ts';
import { Offsite } from './offsite.ts';
import { toKeep } from './retention.ts';

/** What the Backups service uses of the app. */
export interface BackupsDeps {
  readonly config: Config;
  readonly database: Database;
  readonly clock: Clock;
  readonly logger: Logger;
}

export type Reason = 'schedule' | 'setup' | 'manual';

/** One run's result, as recorded. */
export interface RunOutcome {
  readonly status: 'good' | 'failed';
  readonly startedAt: number;
  readonly durationMs: number;
  readonly file: string | null;
  readonly bytes: number | null;
  readonly sha256: string | null;
  readonly bookings: number | null;
  readonly bookingsUpTo: number | null;
  readonly error: string | null;
  /** Backups the retention rules removed after this one. */
  readonly removed: readonly string[];
  /** The copy in the S3-compatible bucket; null without one (not configured, or it failed: offsiteError). */
  readonly offsite: string | null;
  readonly offsiteError: string | null;
}

export const SETTING = {
  recipient: 'backup_recipient',
  code: 'backup_code',
  codeConfirmed: 'backup_code_confirmed',
  folder: 'backup_folder',
  slot: 'backup_slot',
  setup: 'backup_setup',
} as const;

/** A change of the backup settings, checked and worked out before its transaction (checkFolder, passphraseRecipient). */
export interface PreparedSettings {
  readonly folder?: string;
  readonly recipient?: Recipient;
}

/** Where a backup's "bookings up to" comes from. */
const NEWEST_BOOKING = { table: 'bookings', column: 'created_at' };
/** Room a backup needs beyond the database's own size (the file's header and tags are far less). */
const ROOM_MARGIN = 1024 * 1024;
/** How often the server looks whether the first set-up is done (it then takes the first backup). */
const SETUP_CHECK_MS = 10_000;
const SNAPSHOT_PREFIX = '.backup-snapshot-';

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}

export function missingFolder(dir: string): string {
  return `The backup folder ${dir} cannot be found. If it is on a USB disk or a network share, connect it; or choose another folder in Settings.`;
}

function writableFolder(folder: string): string {
  if (!path.isAbsolute(folder)) throw new BackupError('Give the whole path of the folder, starting with /.');
  const dir = path.resolve(folder);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new BackupError(missingFolder(dir));
  const probe = path.join(dir, `.booking-api-write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, '', { mode: 0o600 });
    fs.rmSync(probe);
  } catch (error) {
    throw new BackupError(
      `The server cannot write into ${dir} (${(error as NodeJS.ErrnoException).code ?? 'error'}); choose a folder it may write to.`,
    );
  }
  return dir;
}

export function fullFolder(dir: string, free: number, needed: number): string {
  return `The backup folder ${dir} is full: ${formatBytes(free)} free, and a backup needs about ${formatBytes(needed)}. Make room there or choose another folder in Settings.`;
}

/**
 * Backups a salon never has to think about (docs/reliability.md, "Backups"): taken on a schedule
 * and once right after the first set-up, each a verified copy of the database sealed for the
 * backup passphrase with the webhook secrets' key inside, written to the backup folder under a
 * name that sorts by time, read back before it counts, recorded, and pruned by the retention
 * rules. One run at a time; a run that fails is recorded with a sentence saying why.
 */
export class Backups {
  readonly #deps: BackupsDeps;
  readonly #offsite: Offsite | undefined;
  readonly #instance = randomBytes(8).toString('hex');
  #running: { since: number; done: Promise<RunOutcome> } | undefined;
  #cron: Cron | undefined;
  #timeZone: string | undefined;
  #setupTimer: NodeJS.Timeout | undefined;
  #setupDone = false;

  constructor(deps: BackupsDeps) {
    this.#deps = deps;
    this.#offsite = offsiteOf(deps.config);
  }

  /** The bucket folder good backups are copied to; undefined when none is configured. */
  get offsiteUrl(): string | undefined {
    return this.#offsite?.url;
  }

  /** When a run started, while one runs. */
  get runningSince(): number | undefined {
    return this.#running?.since;
  }

  /** The next scheduled run; undefined when backups are off or not started. */
  get nextRun(): Date | undefined {
    return this.#cron?.nextRun() ?? undefined;
  }

  /** The folder backups go to, and who chose it (read in `db`: a request's transaction, say). */
  async folder(db: Db = this.#deps.database.db): Promise<{ path: string; chosenBy: 'configuration' | 'settings' | 'default' }> {
    const { config } = this.#deps;
    if (config.backupDir) return { path: path.resolve(config.backupDir), chosenBy: 'configuration' };
    const chosen = await readSetting(db, SETTING.folder);
    if (chosen) return { path: chosen, chosenBy: 'settings' };
    // Made when first asked for: a chosen folder never is (a USB disk not plugged in would get one on its mount point).
    const byDefault = path.resolve(config.dataDir, 'backups');
    try {
      fs.mkdirSync(byDefault, { recursive: true, mode: 0o700 });
    } catch {}
    return { path: byDefault, chosenBy: 'default' };
  }

  /** Takes a backup now, or joins the one running. */
  run(reason: Reason): Promise<RunOutcome> {
    if (this.#running) return this.#running.done;
    const since = this.#deps.clock.now();
    const done = this.#runOnce(reason, since).finally(() => {
      this.#running = undefined;
    });
    this.#running = { since, done };
    return done;
  }

  /** Starts the schedule and the look for the first set-up; nothing when the schedule is off. */
  async start(): Promise<void> {
    if (this.#deps.config.backupSchedule === 'off') return;
    await this.#reschedule();
    this.#setupTimer = setInterval(() => void this.#tick(), SETUP_CHECK_MS);
    this.#setupTimer.unref();
    void this.#tick();
  }

  /** Stops the schedule and waits for a run in flight (a backup is never left half-written on purpose). */
  async stop(): Promise<void> {
    clearInterval(this.#setupTimer);
    this.#cron?.stop();
    this.#cron = undefined;
    await this.#running?.done;
  }

  /** The recipient backups are sealed for; on first use a backup code is made (the page shows it). */
  async recipient(): Promise<Recipient> {
    const { db } = this.#deps.database;
    const stored = await readSetting(db, SETTING.recipient);
    if (stored) return recipientFromJson(stored);
    // Servers sharing a database agree on the first code stored, and on the first recipient.
    const code = await claimSetting(db, SETTING.code, generateCode());
    const made = await recipientFor(code, 'code');
    return recipientFromJson(await claimSetting(db, SETTING.recipient, recipientToJson(made)));
  }

  /** The folder to choose in Settings, as a whole path: one that exists and this server can write into. */
  checkFolder(folder: string): string {
    return writableFolder(folder);
  }

  /** What backups made with `passphrase` are sealed for (scrypt: half a second, so never inside a transaction). */
  async passphraseRecipient(passphrase: string): Promise<Recipient> {
    if ([...passphrase].length < MIN_PASSPHRASE_LENGTH) {
      throw new BackupError(`A backup passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters.`);
    }
    return recipientFor(passphrase, 'passphrase');
  }

  /**
   * Stores prepared settings in `trx`, all or nothing: the folder chosen in Settings; the code said
   * to be written down; a passphrase of the owner's, which replaces the code from now on (older
   * backups keep what they were sealed for) and forgets it.
   */
  async saveSettings(trx: Tx, prepared: PreparedSettings, codeWrittenDown: boolean): Promise<void> {
    if (prepared.folder) await writeSetting(trx, SETTING.folder, prepared.folder);
    if (codeWrittenDown) await writeSetting(trx, SETTING.codeConfirmed, '1');
    if (prepared.recipient) {
      await writeSetting(trx, SETTING.recipient, recipientToJson(prepared.recipient));
      await deleteSetting(trx, SETTING.code);
      await deleteSetting(trx, SETTING.codeConfirmed);
    }
    const after = {
      folder: prepared.folder,
      codeWrittenDown: codeWrittenDown || undefined,
      passphrase: prepared.recipient ? 'set' : undefined,
    };
    await recordAudit(trx, { businessId: null, action: 'backup_settings.updated', target: { kind: 'backup_settings', id: null }, after });
  }

  async #tick(): Promise<void> {
    const { database, logger } = this.#deps;
    try {
      const zone = (await salonTimeZone(database.db)) ?? undefined;
      if (zone !== this.#timeZone) await this.#reschedule();
      if (this.#setupDone) return;
      if (await anyRun(database.db)) {
        this.#setupDone = true;
        return;
      }
      if (zone === undefined) return;
      this.#setupDone = true;
      if ((await claimSetting(database.db, SETTING.setup, this.#instance)) !== this.#instance) return;
      await this.run('setup');
    } catch (err) {
      logger.warn({ err }, 'could not look whether the first backup is due');
    }
  }

  async #reschedule(): Promise<void> {
    const { config, database, logger } = this.#deps;
    this.#timeZone = await salonTimeZone(database.db);
    this.#cron?.stop();
    this.#cron = new Cron(
      config.backupSchedule,
      { protect: true, unref: true, ...(this.#timeZone ? { timezone: this.#timeZone } : {}) },
      async () => {
        // Servers sharing a database each fire; the one that moves the slot forward backs up.
        const slot = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
        try {
          if (await advanceSetting(database.db, SETTING.slot, slot)) await this.run('schedule');
        } catch (err) {
          logger.warn({ err }, 'scheduled backup could not start');
        }
      },
    );
  }

  async #runOnce(reason: Reason, startedAt: number): Promise<RunOutcome> {
    const { config, database, clock, logger } = this.#deps;
    let partial: string | undefined;
    let snapshot: string | undefined;
    let dir = '';
    try {
      const unavailable = backupsUnavailable(config);
      if (unavailable) throw new BackupError(unavailable);
      const folder = await this.folder();
      dir = folder.path;
      if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new BackupError(missingFolder(dir));
      const cleared = clearPartials(dir);
      if (cleared.length > 0) logger.warn({ files: cleared }, 'removed what an interrupted backup left');
      const recipient = await this.recipient();
      const needed = (await database.sizeBytes()) + ROOM_MARGIN;
      const free = folderState(dir, config.dataDir).freeBytes;
      if (free !== null && free < needed) throw new BackupError(fullFolder(dir, free, needed));
      snapshot = this.#snapshotFile(startedAt);
      const copy = await snapshotStorage(config, snapshot, NEWEST_BOOKING);
      const key = readSecretsKey(config);
      const name = uniqueName(dir, startedAt);
      partial = path.join(dir, `${name}.partial`);
      const sealed = await sealBackup(
        partial,
        {
          engine: copy.engine,
          createdAt: new Date(startedAt).toISOString(),
          secretsKey: key ? key.toString('base64') : null,
          migrations: copy.migrations,
          rows: copy.rows,
          bookingsUpTo: copy.newest === null ? null : new Date(copy.newest).toISOString(),
        },
        copy.file,
        recipient,
      );
      // Read back from the disk before it counts: every chunk's tag, the database's digest, the file's.
      const read = await openBackup(partial, sealed.contentsKey);
      if (read.sha256 !== sealed.sha256)
        throw new BackupError(`the backup read back from ${dir} is not what was written; the disk may be failing`);
      const file = path.join(dir, name);
      fs.renameSync(partial, file);
      partial = undefined;
      syncFolder(dir);
      const copied = await this.#copyOffsite(file, name);
      const outcome: RunOutcome = {
        status: 'good',
        startedAt,
        durationMs: clock.now() - startedAt,
        file,
        bytes: sealed.bytes,
        sha256: sealed.sha256,
        bookings: copy.rows.bookings ?? 0,
        bookingsUpTo: copy.newest,
        error: null,
        removed: [],
        ...copied,
      };
      await this.#record(reason, outcome);
      const removed = await this.#prune(dir, file);
      if (copied.offsite) await this.#pruneOffsite(name);
      logger.info({ file, bytes: sealed.bytes, reason, removed: removed.length }, 'backup written and checked');
      return { ...outcome, removed };
    } catch (error) {
      const outcome: RunOutcome = {
        status: 'failed',
        startedAt,
        durationMs: clock.now() - startedAt,
        file: null,
        bytes: null,
        sha256: null,
        bookings: null,
        bookingsUpTo: null,
        error: sentenceOf(error, dir),
        removed: [],
        offsite: null,
        offsiteError: null,
      };
      logger.error({ err: error, reason }, `backup failed: ${outcome.error}`);
      await this.#record(reason, outcome).catch((err) => logger.error({ err }, 'could not record the failed backup'));
      return outcome;
    } finally {
      if (partial) fs.rmSync(partial, { force: true });
      if (snapshot) fs.rmSync(snapshot, { force: true });
    }
  }

  /** The plain copy is made in the data dir, owner-only, never on the backup disk; a crash's leftovers go first. */
  #snapshotFile(at: number): string {
    const dir = path.resolve(this.#deps.config.dataDir);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith(SNAPSHOT_PREFIX)) fs.rmSync(path.join(dir, name), { force: true });
    }
    return path.join(dir, `${SNAPSHOT_PREFIX}${at}-${process.pid}`);
  }

  async #record(reason: Reason, outcome: RunOutcome): Promise<void> {
    await insertRun(this.#deps.database.db, {
      started_at: outcome.startedAt,
      finished_at: outcome.startedAt + outcome.durationMs,
      reason,
      status: outcome.status,
      file: outcome.file,
      bytes: outcome.bytes,
      sha256: outcome.sha256,
      bookings: outcome.bookings,
      bookings_up_to: outcome.bookingsUpTo,
      error: outcome.error,
      offsite: outcome.offsite,
      offsite_error: outcome.offsiteError,
    });
  }

  /** A good backup's copy off this computer; its failure is said, and the backup stays good. */
  async #copyOffsite(file: string, name: string): Promise<{ offsite: string | null; offsiteError: string | null }> {
    if (!this.#offsite) return { offsite: null, offsiteError: null };
    try {
      return { offsite: await this.#offsite.upload(file, name), offsiteError: null };
    } catch (error) {
      const why = error instanceof BackupError ? error.message : (error as Error).message;
      this.#deps.logger.error({ err: error }, `the copy of the backup to ${this.#offsite.url} failed: ${why}`);
      return { offsite: null, offsiteError: why };
    }
  }

  /** The bucket keeps what the folder keeps by the same rules; never the copy just made. */
  async #pruneOffsite(written: string): Promise<void> {
    const { config, database, logger } = this.#deps;
    const offsite = this.#offsite!;
    try {
      const copies = await offsite.list();
      const keep = toKeep(
        copies,
        config.backupKeep,
        (await salonTimeZone(database.db)) ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      );
      for (const copy of copies) if (!keep.has(copy.name) && copy.name !== written) await offsite.remove(copy.name);
    } catch (err) {
      logger.warn({ err }, `could not remove old backups from ${offsite.url}`);
    }
  }

  /** Deletes what the retention rules do not keep; never the newest backup, never the last good one recorded. */
  async #prune(dir: string, written: string): Promise<string[]> {
    const { config, database, logger } = this.#deps;
    const files = listBackups(dir);
    const keep = toKeep(files, config.backupKeep, (await salonTimeZone(database.db)) ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
    const lastGood = (await lastGoodRun(database.db))?.file;
    const removed: string[] = [];
    for (const backup of files) {
      if (keep.has(backup.name) || backup.file === written || backup.file === lastGood) continue;
      try {
        fs.rmSync(backup.file);
        removed.push(backup.name);
      } catch (err) {
        logger.warn({ err, file: backup.file }, 'could not remove an old backup');
      }
    }
    return removed;
  }
}

/** The configured bucket, if any (the configuration checked that its keys are there). */
export function offsiteOf(config: Config): Offsite | undefined {
  if (!config.backupS3Url) return undefined;
  return new Offsite({
    url: config.backupS3Url,
    region: config.backupS3Region,
    accessKeyId: config.backupS3AccessKeyId!,
    secretAccessKey: config.backupS3SecretAccessKey!,
  });
}

/** A name not taken yet in `dir` (two runs in one millisecond, or a clock set back). */
function uniqueName(dir: string, at: number): string {
  let when = at;
  while (fs.existsSync(path.join(dir, backupName(when))) || fs.existsSync(path.join(dir, `${backupName(when)}.partial`))) when += 1;
  return backupName(when);
}

/** A failure as the salon reads it. */
function sentenceOf(error: unknown, dir: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC')
    return `The disk is full: the backup could not be written (${dir || 'backup folder'}). Make room there or choose another folder in Settings.`;
  if (error instanceof BackupError) return error.message;
  return `The backup could not be made: ${(error as Error).message}`;
}
