import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { claimSetting, readSetting, writeSetting } from '../db/settings.repository.ts';
import { anySealedSecret, plainSecrets, sealedSecretsKeyIdIn, sealSecret } from './sealed-secrets.repository.ts';

/** What a sealed secret starts with in the `webhooks.secret` column; a plain one starts with whsec_. */
export const SEALED = 'enc1:';
const KEY_ID_SETTING = 'webhook_secrets_key_id';
const CACHE_LIMIT = 10_000;

/** The key file is missing or is not the key the database's secrets were sealed with. */
export class SecretsKeyError extends Error {}

/**
 * Webhook signing secrets at rest: AES-256-GCM with a key kept outside the database file, so a
 * copy of booking.db (a `booking-api backup` file included) does not give away the secrets.
 * Opened secrets are kept in memory by their sealed form, so signing a delivery costs a map
 * lookup, not a decryption.
 */
export class SecretBox {
  readonly #key: Buffer;
  readonly #opened = new LRUCache<string, string>({ max: CACHE_LIMIT });

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('a secrets key has 32 bytes');
    this.#key = key;
  }

  /** The form stored in the database: enc1:<base64url of 12-byte IV, ciphertext, 16-byte tag>. */
  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const sealed = SEALED + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    this.#remember(sealed, secret);
    return sealed;
  }

  /** The secret a stored value holds; a value that is not sealed (not migrated yet) is itself. */
  open(stored: string): string {
    if (!stored.startsWith(SEALED)) return stored;
    const known = this.#opened.get(stored);
    if (known !== undefined) return known;
    const bytes = Buffer.from(stored.slice(SEALED.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const secret = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
    this.#remember(stored, secret);
    return secret;
  }

  /** A short fingerprint of the key, stored in the database to recognise the right key file. */
  keyId(): string {
    return createHmac('sha256', this.#key).update('booking-api webhook secrets key id').digest('hex').slice(0, 16);
  }

  #remember(sealed: string, secret: string): void {
    this.#opened.set(sealed, secret);
  }
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED);
}

/** Where the key lives: BOOKING_SECRETS_KEY_FILE, or secrets.key in the data dir. */
export function secretsKeyFile(config: Pick<Config, 'dataDir' | 'secretsKeyFile'>): string {
  return path.resolve(config.secretsKeyFile ?? path.join(config.dataDir, 'secrets.key'));
}

function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SecretsKeyError(`cannot read the webhook secrets key ${file}: ${(error as Error).message}`);
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new SecretsKeyError(`${file} is not a webhook secrets key (32 bytes, base64)`);
  return key;
}

/** The key the server uses, as stored (32 bytes); undefined when there is no key file yet. */
export function readSecretsKey(config: Pick<Config, 'dataDir' | 'secretsKeyFile'>): Buffer | undefined {
  return readKeyFile(secretsKeyFile(config));
}

/**
 * Puts `key` (from a backup) where the server reads it. The same key there already: nothing to do.
 * Another key there is kept as `<file>.before-restore`, never lost. Returns where that went, if anywhere.
 */
export function installSecretsKey(
  config: Pick<Config, 'dataDir' | 'secretsKeyFile'>,
  key: Buffer,
): { file: string; previous: string | null } {
  const file = secretsKeyFile(config);
  const present = readKeyFile(file);
  if (present?.equals(key)) return { file, previous: null };
  let previous: string | null = null;
  if (present) {
    previous = `${file}.before-restore`;
    fs.renameSync(file, previous);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.partial-${process.pid}`;
  const fd = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeFileSync(fd, `${key.toString('base64')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
  return { file, previous };
}

/** Writes a new random key, readable by this user only; never overwrites a file. */
function createKeyFile(file: string): Buffer {
  const key = randomBytes(32);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, `${key.toString('base64')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return key;
}

/**
 * The key for `db`'s webhook secrets: read from its file, or made on first start. A database
 * whose secrets were sealed with another key, or whose key file is gone, stops the start with a
 * sentence saying which file is needed, rather than failing at the first delivery.
 */
export async function openSecretBox(config: Pick<Config, 'dataDir' | 'secretsKeyFile'>, database: Database): Promise<SecretBox> {
  const { db } = database;
  const file = secretsKeyFile(config);
  let key = readKeyFile(file);
  // A key only matters once a secret is sealed with it: until then a new or another key is fine.
  const sealed = await anySealedSecret(db, SEALED);
  const stored = await readSetting(db, KEY_ID_SETTING);
  const expected = sealed ? stored : undefined;
  if (!key) {
    if (sealed) {
      throw new SecretsKeyError(
        `the webhook secrets in this database are encrypted with a key file that is missing: ${file}. ` +
          'Put back the secrets.key kept with the database or its backup (or point BOOKING_SECRETS_KEY_FILE to it)',
      );
    }
    key = createKeyFile(file);
  }
  const box = new SecretBox(key);
  if (!database.exclusive) {
    // Several servers may share this database: the first to start names the key, and every
    // other must have the same, or secrets one seals could not be opened by the others.
    const named = await claimSetting(db, KEY_ID_SETTING, box.keyId());
    if (named !== box.keyId()) {
      throw new SecretsKeyError(
        `${file} is not the key the other servers on this database use for webhook secrets. ` +
          'Give every server the same key file (BOOKING_SECRETS_KEY_FILE)',
      );
    }
    return box;
  }
  if (expected !== undefined && expected !== box.keyId()) {
    throw new SecretsKeyError(
      `${file} is not the key the webhook secrets in this database were encrypted with. ` +
        'Put back the secrets.key kept with the database or its backup (or point BOOKING_SECRETS_KEY_FILE to it)',
    );
  }
  if (stored !== box.keyId()) await writeSetting(db, KEY_ID_SETTING, box.keyId());
  return box;
}

/** The key id a database file (a backup, say) expects, when it holds sealed secrets; else undefined. */
export function sealedSecretsKeyId(file: string): string | undefined {
  return sealedSecretsKeyIdIn(file, KEY_ID_SETTING, SEALED);
}

/**
 * For restore: throws unless the key file the server will use is the one a database's secrets
 * were sealed with (`expectedId`, from its settings; undefined when it has none sealed).
 */
export function assertKeyMatches(config: Pick<Config, 'dataDir' | 'secretsKeyFile'>, expectedId: string | undefined, what: string): void {
  if (expectedId === undefined) return;
  const file = secretsKeyFile(config);
  const key = readKeyFile(file);
  if (!key) {
    throw new SecretsKeyError(
      `the webhook secrets in ${what} are encrypted with a key file that is not here: ${file}. ` +
        'Copy the secrets.key kept with the backup there (or point BOOKING_SECRETS_KEY_FILE to it), then restore again',
    );
  }
  if (new SecretBox(key).keyId() !== expectedId) {
    throw new SecretsKeyError(
      `${file} is not the key the webhook secrets in ${what} were encrypted with. ` +
        'Use the secrets.key kept with the backup (or point BOOKING_SECRETS_KEY_FILE to it), then restore again',
    );
  }
}

/** Start-up step: seals every secret still stored in clear (databases from before sealing). */
export async function sealPlainSecrets(database: Database, box: SecretBox): Promise<number> {
  const plain = await plainSecrets(database.db, SEALED);
  if (plain.length === 0) return 0;
  await database.transaction(async (trx) => {
    for (const row of plain) await sealSecret(trx, row.id, row.secret, box.seal(row.secret));
  });
  return plain.length;
}
