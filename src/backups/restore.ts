import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { restoreStorage, type Restored } from '../db/backup.ts';
import { BackupError } from '../db/errors.ts';
import { assertKeyMatches, installSecretsKey, sealedSecretsKeyId } from '../secrets/secret-box.ts';
import { listBackups } from './backup-folder.ts';
import { offsiteOf } from './backups.service.ts';
import { contentsKeyFor, openBackup, readHeader, type Manifest } from './backup-file.ts';
import { unlock } from './recipient.ts';

export interface RestoredBackup {
  readonly file: string;
  readonly restored: Restored;
  readonly manifest: Manifest;
  /** Where the webhook secrets' key was put, and where the one it replaced was kept. */
  readonly secretsKey: { readonly file: string; readonly previous: string | null } | null;
  readonly durationMs: number;
}

/**
 * The newest backup in the configured bucket, fetched into a private folder for `work` (which
 * gets the file's path); the folder is removed afterwards.
 */
export async function withNewestOffsite<T>(config: Config, work: (file: string) => Promise<T>): Promise<T> {
  const offsite = offsiteOf(config);
  if (!offsite) throw new BackupError('--from s3 needs BOOKING_BACKUP_S3_URL and its keys, as the server has them');
  const newest = (await offsite.list()).at(-1);
  if (!newest) throw new BackupError(`there is no backup in ${offsite.url}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-offsite-'));
  try {
    const file = path.join(dir, newest.name);
    await offsite.download(newest.name, file);
    return await work(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The backup `from` names: the file itself, or the newest backup in a folder. */
export function backupFileOf(from: string): string {
  const resolved = path.resolve(from);
  if (!fs.statSync(resolved, { throwIfNoEntry: false })?.isDirectory()) return resolved;
  const newest = listBackups(resolved).at(-1);
  if (!newest) throw new BackupError(`there is no backup in ${resolved} (backups are named booking-<date>T<time>Z.backup)`);
  return newest.file;
}

/**
 * Puts a backup file back in one step: opens it with the passphrase (or backup code), reads it
 * through (every chunk's tag, the database against its manifest) into a private folder, then
 * hands the database to the engine's restore, which checks it once more, keeps the replaced one
 * aside and refuses a running server; last, the webhook secrets' key it carries is put in place.
 */
export async function restoreBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'secretsKeyFile'>,
  file: string,
  passphrase: () => Promise<string>,
  options: { force?: boolean } = {},
): Promise<RestoredBackup> {
  const started = performance.now();
  const { header } = await readHeader(file);
  const secret = await passphrase();
  const key = await unlock(secret, header.recipient.kdf, header.recipient.keyId);
  if (!key) {
    throw new BackupError(
      `that ${header.recipient.kdf.kind === 'code' ? 'backup code' : 'passphrase'} does not open ${file}; it was made with another one (a backup keeps the code or passphrase that was set when it was made)`,
    );
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-restore-'));
  try {
    const payload = path.join(work, 'database');
    const { manifest } = await openBackup(file, contentsKeyFor(header, key), payload);
    const restored = await restoreStorage(config, payload, {
      force: options.force,
      engine: manifest.engine,
      // A backup made without a key file (nothing sealed then) needs the key that is here to match.
      beforeRestore: manifest.secretsKey ? undefined : (copy) => assertKeyMatches(config, sealedSecretsKeyId(copy), file),
    });
    const secretsKey = manifest.secretsKey ? installSecretsKey(config, Buffer.from(manifest.secretsKey, 'base64')) : null;
    return { file, restored: { ...restored, file }, manifest, secretsKey, durationMs: Math.round(performance.now() - started) };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
