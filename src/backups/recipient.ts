import { createHash, createPrivateKey, createPublicKey, randomBytes, randomInt, scrypt, type KeyObject } from 'node:crypto';

/**
 * Who can open a backup: the holder of a passphrase. The server keeps only the public half of an
 * X25519 key derived from it with scrypt, so nothing on this computer opens a backup file, and a
 * backup file alone opens for nobody without the passphrase (docs/decisions.md, "Backups").
 */
export interface Recipient {
  /** X25519 public key, 32 bytes. */
  readonly publicKey: Buffer;
  readonly kdf: Kdf;
  /** A short fingerprint of the public key: which passphrase a backup needs. */
  readonly keyId: string;
}

/** scrypt's parameters, stored with every backup so a later version can still derive the key. */
export interface Kdf {
  readonly salt: string;
  readonly N: number;
  readonly r: number;
  readonly p: number;
  /** A generated backup code (its letters are read case-blind, dashes ignored) or a passphrase the owner chose. */
  readonly kind: 'code' | 'passphrase';
}

/** 128 MiB and about half a second on a salon's PC: paid when a passphrase is set and at a restore, never per backup. */
const COST = { N: 2 ** 17, r: 8, p: 1 };
const MAX_MEMORY = 256 * 1024 * 1024;
export const MIN_PASSPHRASE_LENGTH = 12;

// DER wrappers of a raw X25519 key (RFC 8410): node:crypto takes keys as PKCS#8 or SPKI.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');

export function privateKeyOf(raw: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, raw]), format: 'der', type: 'pkcs8' });
}

export function publicKeyOf(raw: Buffer): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

export function rawPublicKey(key: KeyObject): Buffer {
  const publicKey = key.type === 'public' ? key : createPublicKey(key);
  return (publicKey.export({ format: 'der', type: 'spki' }) as Buffer).subarray(SPKI_PREFIX.length);
}

export function keyIdOf(publicKey: Buffer): string {
  return createHash('sha256').update(publicKey).digest('hex').slice(0, 16);
}

/** A generated backup code's letters: no 0/O, 1/I/L, U, so it reads back from paper. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A backup code: 6 groups of 5 letters, about 147 bits. */
export function generateCode(): string {
  const groups = Array.from({ length: 6 }, () => Array.from({ length: 5 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''));
  return groups.join('-');
}

/** What scrypt is given: a code as its letters (case, spaces and dashes as typed do not matter), a passphrase as typed (NFC). */
function normalised(secret: string, kind: Kdf['kind']): Buffer {
  const text = kind === 'code' ? secret.toUpperCase().replace(/[^0-9A-Z]/g, '') : secret.normalize('NFC');
  return Buffer.from(text, 'utf8');
}

function derive(secret: string, kdf: Kdf): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      normalised(secret, kdf.kind),
      Buffer.from(kdf.salt, 'base64'),
      32,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: MAX_MEMORY },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** A new recipient for `secret` (a fresh salt): what the server stores. */
export async function recipientFor(secret: string, kind: Kdf['kind']): Promise<Recipient> {
  const kdf: Kdf = { salt: randomBytes(16).toString('base64'), ...COST, kind };
  const publicKey = rawPublicKey(privateKeyOf(await derive(secret, kdf)));
  return { publicKey, kdf, keyId: keyIdOf(publicKey) };
}

/** The private key `secret` gives under `kdf`, or undefined when it is not the one for `keyId`. */
export async function unlock(secret: string, kdf: Kdf, keyId: string): Promise<KeyObject | undefined> {
  const key = privateKeyOf(await derive(secret, kdf));
  return keyIdOf(rawPublicKey(key)) === keyId ? key : undefined;
}

/** The stored form (a setting). */
export function recipientToJson(recipient: Recipient): string {
  return JSON.stringify({ publicKey: recipient.publicKey.toString('base64'), kdf: recipient.kdf, keyId: recipient.keyId });
}

export function recipientFromJson(text: string): Recipient {
  const parsed = JSON.parse(text) as { publicKey: string; kdf: Kdf; keyId: string };
  return { publicKey: Buffer.from(parsed.publicKey, 'base64'), kdf: parsed.kdf, keyId: parsed.keyId };
}
