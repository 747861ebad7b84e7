import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are kept as scrypt hashes (RFC 7914), never as themselves: `scrypt$N$r$p$salt$hash`,
 * salt and hash base64url. N = 2^15, r = 8, p = 3 is one of OWASP's equivalent settings for scrypt
 * (Password Storage Cheat Sheet): 32 MiB of memory per hash, about 0.2 s on a salon's computer,
 * on libuv's thread pool so the server keeps answering meanwhile. The parameters travel with each
 * hash, so raising them later leaves every existing password working.
 */
const N = 2 ** 15;
const R = 8;
const P = 3;
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes; Node's default ceiling is exactly that, one byte short of enough. */
const MAX_MEMORY = 256 * N * R;

export const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 200;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from (false for a malformed hash). */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const [cost, block, parallel] = [Number(n), Number(r), Number(p)];
  if (![cost, block, parallel].every(Number.isSafeInteger) || 256 * cost * block > 16 * MAX_MEMORY) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), cost, block, parallel);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when there is no account, so an unknown e-mail takes as long as a known one. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('base64url'));
  return decoy;
}

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * The 49 000 most common passwords of leaked lists as zxcvbn-ts ranks them
 * (@zxcvbn-ts/language-common), loaded the first time a password is chosen.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'] as string[]));
  return common;
}

/**
 * Why `password` will not do, as a sentence for the person choosing it, or undefined: at least 10
 * characters, not one of the most common passwords, not the account's own e-mail address or name.
 */
export async function passwordProblem(password: string, person: { email: string; name: string }): Promise<string | undefined> {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `The password needs at least ${MIN_PASSWORD_LENGTH} characters. A few words in a row are easy to remember and hard to guess.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`;
  const lowered = password.toLowerCase();
  const own = [person.email.toLowerCase(), person.email.toLowerCase().split('@')[0]!, person.name.toLowerCase().replace(/\s+/g, '')];
  if (own.includes(lowered.replace(/\s+/g, '')))
    return 'The password cannot be your e-mail address or your name: those are the first things anyone would try.';
  if ((await commonPasswords()).has(lowered))
    return 'This password is among the most common ones, the first that anyone guessing would try. Choose another.';
  return undefined;
}
