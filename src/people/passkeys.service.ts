import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { recordAudit } from '../audit/record.ts';
import { AppError, errors } from '../http/errors.ts';
import type { Person } from '../http/state.ts';
import { findUser } from './people.repository.ts';
import { LRUCache } from 'lru-cache';
import { SEALED, type SecretBox } from '../secrets/secret-box.ts';
import { deletePasskey, findPasskeyByCredential, insertPasskey, passkeysOf, passkeyUsed } from './passkeys.repository.ts';
import type { PeopleDeps } from './people.service.ts';

/** What the passkey operations use: the people's, and the secrets key that seals challenges. */
export interface PasskeyDeps extends PeopleDeps {
  readonly secretBox: SecretBox;
}

/** A challenge is answered within this time (the browser's own prompt waits one minute). */
const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Challenges are not stored: the server hands each out sealed with the secrets key (AES-GCM:
 * nobody can make or alter one), with whose passkey it is for and until when, so every instance
 * can check an answer. An answered challenge is remembered here until it expires and refused a
 * second time (per instance: an answer replayed to another instance within the five minutes
 * would still need the browser's signature over this very challenge, for this site).
 */
const answered = new LRUCache<string, true>({ max: 10_000, ttl: CHALLENGE_TTL_MS });

interface Challenge {
  readonly purpose: 'passkey';
  readonly challenge: string;
  readonly userId: number | null;
  readonly expiresAt: number;
}

function sealChallenge(deps: PasskeyDeps, challenge: string, userId: number | null): string {
  const sealed: Challenge = { purpose: 'passkey', challenge, userId, expiresAt: deps.clock.now() + CHALLENGE_TTL_MS };
  return deps.secretBox.seal(JSON.stringify(sealed));
}

/** The challenge a sealed id holds, for one use, if it is this server's, unexpired, and for `userId`. */
function openChallenge(deps: PasskeyDeps, challengeId: string, userId: number | null): string | undefined {
  if (!challengeId.startsWith(SEALED) || answered.has(challengeId)) return undefined;
  let opened: Challenge;
  try {
    opened = JSON.parse(deps.secretBox.open(challengeId)) as Challenge;
  } catch {
    return undefined;
  }
  if (opened.purpose !== 'passkey' || opened.userId !== userId || !(opened.expiresAt > deps.clock.now())) return undefined;
  answered.set(challengeId, true);
  return opened.challenge;
}
const RP_NAME = 'Salon back office';

/** Where the page is: the relying party's id (the host name) and the origin its answers must come from. */
export interface PasskeySite {
  readonly rpId: string;
  readonly origin: string;
}

/**
 * The site of a request: passkeys belong to a host name, and browsers refuse an IP address as one.
 * Asked at 127.0.0.1, the server says how to open the page instead.
 */
export function passkeySite(hostname: string, origin: string): PasskeySite {
  if (isIP(hostname.replace(/^\[|\]$/g, '')) !== 0)
    throw new AppError(
      409,
      'passkeys_need_a_name',
      `Passkeys belong to a name, not to an address such as ${hostname}: open the page by its name (http://localhost:… on this computer, or the salon's public address) to use one.`,
    );
  return { rpId: hostname, origin };
}

export interface Passkey {
  readonly id: number;
  readonly name: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function listPasskeys(deps: PeopleDeps, userId: number): Promise<Passkey[]> {
  return (await passkeysOf(deps.db, userId)).map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
  }));
}

/** The options for the browser to make a new passkey for `person`, and the challenge's id to answer with. */
export async function passkeyRegistration(deps: PasskeyDeps, person: Person, site: PasskeySite) {
  const user = await findUser(deps.db, person.id);
  if (!user) throw errors.notFound('Person');
  const existing = await passkeysOf(deps.db, person.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: site.rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: JSON.parse(row.transports) })),
    // A passkey: kept on the device, found by the browser without typing an e-mail address.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { challengeId: sealChallenge(deps, options.challenge, person.id), options };
}

const notVerified = (what: string) =>
  new AppError(400, 'passkey_not_verified', `${what} Try again; if it happens again, sign in with your password instead.`);

/** Keeps the passkey the browser made, once its answer to the challenge checks out. */
export async function addPasskey(
  deps: PasskeyDeps,
  person: Person,
  site: PasskeySite,
  input: { challengeId: string; response: Record<string, unknown>; name?: string },
): Promise<Passkey> {
  const challenge = openChallenge(deps, input.challengeId, person.id);
  if (!challenge) throw notVerified('The passkey took too long, or was answered already.');
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as never,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    throw notVerified(`The browser's passkey could not be checked (${(error as Error).message}).`);
  }
  if (!verification.verified || !verification.registrationInfo) throw notVerified('The browser’s passkey could not be checked.');
  const { credential } = verification.registrationInfo;
  if (await findPasskeyByCredential(deps.db, credential.id)) throw errors.conflict('passkey_known', 'This passkey is kept already.');
  const now = deps.clock.now();
  const name = input.name?.trim() || 'Passkey';
  const id = await insertPasskey(deps.db, {
    user_id: person.id,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name,
    created_at: now,
    last_used_at: null,
  });
  await recordAudit(deps.db, {
    businessId: null,
    action: 'user.passkey_added',
    target: { kind: 'user', id: person.id },
    after: { passkey: name },
  });
  return { id, name, createdAt: iso(now)!, lastUsedAt: null };
}

export async function removePasskey(deps: PeopleDeps, person: Person, id: number): Promise<void> {
  if (!(await deletePasskey(deps.db, person.id, id))) throw errors.notFound('Passkey');
  await recordAudit(deps.db, {
    businessId: null,
    action: 'user.passkey_removed',
    target: { kind: 'user', id: person.id },
    after: { passkey: id },
  });
}

/** The options for the browser to sign in with any passkey of this site (it offers the person's own). */
export async function passkeySignInOptions(deps: PasskeyDeps, site: PasskeySite) {
  const options = await generateAuthenticationOptions({ rpID: site.rpId, userVerification: 'required' });
  return { challengeId: sealChallenge(deps, options.challenge, null), options };
}

const passkeyRefused = () =>
  new AppError(401, 'passkey_refused', 'This passkey did not sign you in. Try again, or sign in with your e-mail address and password.');

/** The person a passkey's answer signs in, its counter moved on; 401 for any answer that does not check out. */
export async function checkPasskey(
  deps: PasskeyDeps,
  site: PasskeySite,
  input: { challengeId: string; response: Record<string, unknown> },
) {
  const challenge = openChallenge(deps, input.challengeId, null);
  const credentialId = typeof input.response.id === 'string' ? input.response.id : '';
  const passkey = challenge ? await findPasskeyByCredential(deps.db, credentialId) : undefined;
  const user = passkey ? await findUser(deps.db, passkey.user_id) : undefined;
  if (!challenge || !passkey || !user || user.switched_off_at !== null || user.password_hash === null) throw passkeyRefused();
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response as never,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: passkey.counter,
        transports: JSON.parse(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch {
    throw passkeyRefused();
  }
  if (!verification.verified) throw passkeyRefused();
  await passkeyUsed(deps.db, passkey.id, verification.authenticationInfo.newCounter, deps.clock.now());
  return user;
}
