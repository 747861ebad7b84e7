import {
  createCipheriv,
  createDecipheriv,
  createHash,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import type { Engine } from '../db/backup.ts';
import { BackupError } from '../db/errors.ts';
import { publicKeyOf, rawPublicKey, type Kdf, type Recipient } from './recipient.ts';

/**
 * A backup file: one text line naming the format, one line of JSON saying how it is sealed, then
 * the sealed contents in chunks. Whole-file encryption, as age does it: a fresh X25519 key pair
 * per file, its shared secret with the recipient (the passphrase's public key) through HKDF gives
 * an AES-256-GCM key, and the contents are sealed in chunks of 1 MiB, each with its own tag, its
 * number and a last-chunk flag in the nonce (the STREAM construction), and the header as
 * associated data. A changed byte, a reordered, missing or added chunk, or a cut-off file fails
 * a tag. The contents: a manifest (what the backup holds, the secrets key among it) and the
 * database itself (the database file, or a pg_dump archive).
 */

const MAGIC = 'booking-api backup 1\n';
const CHUNK_BYTES = 1024 * 1024;
const TAG_BYTES = 16;
const MAX_HEADER_BYTES = 4096;
const INFO = Buffer.from('booking-api backup 1: contents key');

/** What a backup holds, readable once it is opened. */
export interface Manifest {
  readonly engine: Engine;
  readonly createdAt: string;
  /** The webhook secrets' key (base64) the database was sealed with; null when there was none. */
  readonly secretsKey: string | null;
  readonly migrations: readonly string[];
  readonly rows: Readonly<Record<string, number>>;
  /** When the newest booking in it was made; null without bookings. */
  readonly bookingsUpTo: string | null;
  readonly payloadBytes: number;
  readonly payloadSha256: string;
}

/** The part of a backup anyone can read: how it is sealed, for whom, and when it was made. */
export interface Header {
  readonly createdAt: string;
  readonly engine: Manifest['engine'];
  readonly recipient: { readonly keyId: string; readonly kdf: Kdf };
  readonly ephemeral: string;
  readonly nonce: string;
  readonly chunkBytes: number;
}

export interface SealedFile {
  readonly bytes: number;
  /** SHA-256 of the file as written. */
  readonly sha256: string;
  /** The contents key, kept in memory for reading the file back right after it was written. */
  readonly contentsKey: Buffer;
}

export interface OpenedFile {
  readonly header: Header;
  readonly manifest: Manifest;
  readonly bytes: number;
  readonly sha256: string;
}

function contentsKey(shared: Buffer, ephemeral: Buffer, recipient: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephemeral, recipient]), INFO, 32));
}

function nonceOf(prefix: Buffer, index: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0, 0, 7);
  nonce.writeUInt32BE(index, 7);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

function headerBytes(header: Header): Buffer {
  return Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`, 'utf8');
}

/**
 * Bytes given to one cipher call when sealing. Each call returns a new buffer, garbage once it is
 * written; at 1 MiB a call (and three more buffers of 1 MiB a chunk: the read stream's, the
 * re-chunking's copy, the concatenated chunk), sealing a 400 MB database made garbage outside
 * V8's heap faster than it was collected, +70-90 MiB of RSS (docs/performance.md, stop 40).
 */
const SLICE_BYTES = 64 * 1024;

/** Reads from `position` into all of `buffer`, unless the file ends first; the bytes read. */
async function readFully(handle: fs.promises.FileHandle, buffer: Buffer, position: number): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

/** The SHA-256 and size of a file, read once (through one buffer, reused). */
export async function digestOf(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  const handle = await fs.promises.open(file, 'r');
  let bytes = 0;
  try {
    for (;;) {
      const count = await readFully(handle, buffer, bytes);
      if (count === 0) break;
      hash.update(buffer.subarray(0, count));
      bytes += count;
    }
  } finally {
    await handle.close();
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Writes `payload` with its `manifest` to `file` (created owner-only, never over an existing file),
 * sealed for `recipient`, and flushes it to disk.
 */
export async function sealBackup(
  file: string,
  manifest: Omit<Manifest, 'payloadBytes' | 'payloadSha256'>,
  payload: string,
  recipient: Recipient,
): Promise<SealedFile> {
  const digest = await digestOf(payload);
  const whole: Manifest = { ...manifest, payloadBytes: digest.bytes, payloadSha256: digest.sha256 };
  const pair = generateKeyPairSync('x25519');
  const ephemeral = rawPublicKey(pair.publicKey);
  const shared = diffieHellman({ privateKey: pair.privateKey, publicKey: publicKeyOf(recipient.publicKey) });
  const key = contentsKey(shared, ephemeral, recipient.publicKey);
  const prefix = randomBytes(7);
  const header = headerBytes({
    createdAt: manifest.createdAt,
    engine: manifest.engine,
    recipient: { keyId: recipient.keyId, kdf: recipient.kdf },
    ephemeral: ephemeral.toString('base64'),
    nonce: prefix.toString('base64'),
    chunkBytes: CHUNK_BYTES,
  });
  const hash = createHash('sha256').update(header);
  const input = await fs.promises.open(payload, 'r');
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'wx', 0o600);
  } catch (error) {
    await input.close();
    throw error;
  }
  let bytes = 0;
  try {
    await handle.write(header);
    bytes += header.length;
    // The contents: the manifest's length and JSON, then the payload, cut into chunks of
    // CHUNK_BYTES (the last 1 to CHUNK_BYTES), each filled into one buffer that is reused.
    const json = Buffer.from(JSON.stringify(whole), 'utf8');
    const lead = Buffer.alloc(4 + json.length);
    lead.writeUInt32BE(json.length);
    json.copy(lead, 4);
    const total = lead.length + digest.bytes;
    const plain = Buffer.allocUnsafe(CHUNK_BYTES);
    let done = 0;
    for (let index = 0; done < total; index++) {
      const size = Math.min(CHUNK_BYTES, total - done);
      const fromLead = done < lead.length ? lead.copy(plain, 0, done, Math.min(lead.length, done + size)) : 0;
      const fromPayload = fromLead < size ? await readFully(input, plain.subarray(fromLead, size), done + fromLead - lead.length) : 0;
      if (fromLead + fromPayload !== size) throw new BackupError(`${payload} changed while it was being sealed`);
      const cipher = createCipheriv('aes-256-gcm', key, nonceOf(prefix, index, done + size === total));
      cipher.setAAD(header);
      for (let at = 0; at < size; at += SLICE_BYTES) {
        const sealed = cipher.update(plain.subarray(at, Math.min(size, at + SLICE_BYTES)));
        await handle.write(sealed);
        hash.update(sealed);
        bytes += sealed.length;
      }
      const end = Buffer.concat([cipher.final(), cipher.getAuthTag()]);
      await handle.write(end);
      hash.update(end);
      bytes += end.length;
      done += size;
    }
    if ((await input.read(Buffer.alloc(1), 0, 1, digest.bytes)).bytesRead !== 0) {
      throw new BackupError(`${payload} changed while it was being sealed`);
    }
    await handle.sync();
  } finally {
    await handle.close();
    await input.close();
  }
  return { bytes, sha256: hash.digest('hex'), contentsKey: key };
}

/** The header of a backup file, or a BackupError saying why `file` is not one. */
export async function readHeader(file: string): Promise<{ header: Header; length: number }> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(code === 'ENOENT' ? `${file} does not exist` : `cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const start = Buffer.alloc(MAX_HEADER_BYTES);
    const { bytesRead } = await handle.read(start, 0, MAX_HEADER_BYTES, 0);
    const text = start.subarray(0, bytesRead);
    if (!text.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) throw new BackupError(`${file} is not a booking-api backup`);
    const end = text.indexOf(0x0a, MAGIC.length);
    if (end < 0) throw new BackupError(`${file} is damaged (its header is cut off)`);
    try {
      return { header: JSON.parse(text.subarray(MAGIC.length, end).toString('utf8')) as Header, length: end + 1 };
    } catch {
      throw new BackupError(`${file} is damaged (its header is not readable)`);
    }
  } finally {
    await handle.close();
  }
}

/** Whether `file` starts as a backup file does (a plain copy of the database does not). */
export function looksSealed(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const start = Buffer.alloc(MAGIC.length);
      fs.readSync(fd, start, 0, MAGIC.length, 0);
      return start.toString('utf8') === MAGIC;
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** The contents key of a backup, from the private key its passphrase gives. */
export function contentsKeyFor(header: Header, privateKey: KeyObject): Buffer {
  const ephemeral = Buffer.from(header.ephemeral, 'base64');
  const shared = diffieHellman({ privateKey, publicKey: publicKeyOf(ephemeral) });
  return contentsKey(shared, ephemeral, rawPublicKey(privateKey));
}

/**
 * Reads `file` through: every chunk's tag checked, in order, to the last; the manifest and the
 * database checked against each other. With `payloadTo`, the database is written there
 * (owner-only). A BackupError says what is wrong: damaged, cut off, or not what its manifest says.
 */
export async function openBackup(file: string, key: Buffer, payloadTo?: string): Promise<OpenedFile> {
  const { header, length } = await readHeader(file);
  const aad = headerBytes(header);
  const damaged = (why: string) => new BackupError(`${file} is damaged (${why}); use another backup`);
  const size = (await fs.promises.stat(file)).size;
  if (size <= length) throw damaged('it is cut off');
  const nonce = Buffer.from(header.nonce, 'base64');
  const full = header.chunkBytes + TAG_BYTES;
  const fileHash = createHash('sha256');
  const input = await fs.promises.open(file, 'r');
  const output = payloadTo ? await fs.promises.open(payloadTo, 'wx', 0o600) : undefined;
  const payloadHash = createHash('sha256');
  let manifest: Manifest | undefined;
  let pending: Buffer = Buffer.alloc(0);
  let payloadBytes = 0;
  try {
    const first = Buffer.alloc(length);
    await input.read(first, 0, length, 0);
    fileHash.update(first);
    let position = length;
    let index = 0;
    const buffer = Buffer.alloc(full);
    while (position < size) {
      const count = Math.min(full, size - position);
      const { bytesRead } = await input.read(buffer, 0, count, position);
      if (bytesRead !== count || count < TAG_BYTES) throw damaged('it is cut off');
      const sealed = buffer.subarray(0, count);
      fileHash.update(sealed);
      position += count;
      let plain: Buffer;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(nonce, index++, position === size));
        decipher.setAAD(aad);
        decipher.setAuthTag(sealed.subarray(count - TAG_BYTES));
        plain = Buffer.concat([decipher.update(sealed.subarray(0, count - TAG_BYTES)), decipher.final()]);
      } catch {
        throw damaged(`chunk ${index} does not match its checksum`);
      }
      if (!manifest) {
        pending = Buffer.concat([pending, plain]);
        if (pending.length < 4 || pending.length < 4 + pending.readUInt32BE(0)) continue;
        const end = 4 + pending.readUInt32BE(0);
        manifest = JSON.parse(pending.subarray(4, end).toString('utf8')) as Manifest;
        plain = pending.subarray(end);
      }
      payloadHash.update(plain);
      payloadBytes += plain.length;
      if (output && plain.length > 0) await output.write(plain);
    }
    if (!manifest) throw damaged('it holds no manifest');
    if (payloadBytes !== manifest.payloadBytes || payloadHash.digest('hex') !== manifest.payloadSha256) {
      throw damaged('its database is not the one its manifest names');
    }
    await output?.sync();
  } finally {
    await input.close();
    await output?.close();
  }
  return { header, manifest, bytes: size, sha256: fileHash.digest('hex') };
}
