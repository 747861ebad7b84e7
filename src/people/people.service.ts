import { randomBytes } from 'node:crypto';
import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import type { Role, UserRow, UserSessionRow } from '../db/tables.ts';
import { AppError, errors } from '../http/errors.ts';
import { sha256Hex } from '../ids.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { lockNamed } from '../db/locks.ts';
import type { Tx } from '../db/transaction.ts';
import { deletePasskeysOf } from './passkeys.repository.ts';
import { decoyHash, hashPassword, passwordMatches, passwordProblem } from './passwords.ts';
import {
  businessOfStaff,
  countActiveOwners,
  deleteSession,
  deleteSessionsOf,
  findUser,
  findUserByEmail,
  findUserByLink,
  insertSession,
  insertUser,
  listSessions,
  listUsers,
  spendLink,
  updateUser,
} from './people.repository.ts';

export interface PeopleDeps {
  readonly db: Db;
  readonly clock: Clock;
}

const DAY = 24 * 60 * 60 * 1000;
/** A session unused this long ends (docs/security.md). */
export const SESSION_IDLE_MS = 7 * DAY;
/** …and none lasts longer than this, however busy. */
export const SESSION_MAX_MS = 30 * DAY;
/** An invitation or new-password link works this long, once. */
export const LINK_TTL_MS = 7 * DAY;

export const ROLES: readonly Role[] = ['owner', 'front_desk', 'stylist'];

export type UserStatus = 'invited' | 'active' | 'switched_off';

export interface User {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly role: Role;
  readonly staffId: number | null;
  readonly status: UserStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    staffId: row.staff_id,
    status: row.switched_off_at !== null ? 'switched_off' : row.password_hash === null ? 'invited' : 'active',
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** What the audit trail keeps of a person: never the password's hash or the link's. */
const audited = (row: Pick<UserRow, 'name' | 'email' | 'role' | 'staff_id'> & { switched_off_at?: number | null }) => ({
  name: row.name,
  email: row.email,
  role: row.role,
  staffId: row.staff_id,
  switchedOff: row.switched_off_at != null,
});

/** The secret of a one-time link (invitation, new password): shown once, kept as its SHA-256. */
function newLinkSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** The page's address that opens a link: the secret in the fragment, which browsers never send to a server or in a Referer. */
export function linkAddress(origin: string, secret: string): string {
  return `${origin.replace(/\/$/, '')}/#welcome/${secret}`;
}

async function checkStaff(db: Db, role: Role, staffId: number | null | undefined): Promise<void> {
  if (role === 'stylist' && (staffId === null || staffId === undefined))
    throw errors.validation('A stylist is one of the staff: name which (staffId).', 'staffId');
  if (staffId !== null && staffId !== undefined && (await businessOfStaff(db, staffId)) === undefined)
    throw errors.validation(`There is no staff member ${staffId}.`, 'staffId');
}

export interface InviteInput {
  readonly name: string;
  readonly email: string;
  readonly role: Role;
  readonly staffId?: number | null;
}

/** A new person, invited: their account waits for them to choose a password through the link. */
export async function invitePerson(deps: PeopleDeps, input: InviteInput): Promise<{ user: User; linkSecret: string }> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(deps.db, email)) throw errors.conflict('email_taken', `There is already an account for ${email}.`);
  const staffId = input.staffId ?? null;
  await checkStaff(deps.db, input.role, staffId);
  const now = deps.clock.now();
  const secret = newLinkSecret();
  const row = {
    name: input.name.trim(),
    email,
    role: input.role,
    staff_id: staffId,
    password_hash: null,
    link_sha256: sha256Hex(secret),
    link_expires_at: now + LINK_TTL_MS,
    switched_off_at: null,
    created_at: now,
    updated_at: now,
  };
  let id: number;
  try {
    id = await insertUser(deps.db, row);
  } catch (error) {
    // Two invitations for one address at once, on two instances: the second finds it taken.
    if (isUniqueViolation(error)) throw errors.conflict('email_taken', `There is already an account for ${email}.`);
    throw error;
  }
  await recordAudit(deps.db, { businessId: null, action: 'user.invited', target: { kind: 'user', id }, after: audited(row) });
  return { user: presentUser({ id, ...row }), linkSecret: secret };
}

async function existing(db: Db, id: number): Promise<UserRow> {
  const row = await findUser(db, id);
  if (!row) throw errors.notFound('Person');
  return row;
}

export interface PersonChanges {
  readonly name?: string;
  readonly role?: Role;
  readonly staffId?: number | null;
  readonly switchedOff?: boolean;
}

/** The owner changes a person: name, role, which staff member, switched off or on again. */
export async function changePerson(deps: { readonly db: Tx; readonly clock: Clock }, id: number, changes: PersonChanges): Promise<User> {
  // One change of people at a time on every instance: two owners demoting each other at once
  // would otherwise each count the other and leave nobody.
  await lockNamed(deps.db, 'users');
  const row = await existing(deps.db, id);
  const now = deps.clock.now();
  const role = changes.role ?? row.role;
  const staffId = changes.staffId !== undefined ? changes.staffId : role === 'stylist' ? row.staff_id : null;
  await checkStaff(deps.db, role, staffId);
  const switchedOff = changes.switchedOff ?? row.switched_off_at !== null;
  const losesOwner = row.role === 'owner' && row.switched_off_at === null && (role !== 'owner' || switchedOff);
  if (losesOwner && (await countActiveOwners(deps.db)) <= 1)
    throw errors.conflict(
      'last_owner',
      `${row.name} is the only owner: make someone else an owner first, so somebody can still manage people and settings.`,
    );
  const next = {
    name: changes.name?.trim() ?? row.name,
    role,
    staff_id: staffId,
    switched_off_at: switchedOff ? (row.switched_off_at ?? now) : null,
    // Switched off, a person's link goes with everything else: switched on again, they need a new one.
    ...(switchedOff ? { link_sha256: null, link_expires_at: null } : {}),
    updated_at: now,
  };
  await updateUser(deps.db, id, next);
  if (switchedOff || role !== row.role || staffId !== row.staff_id) await deleteSessionsOf(deps.db, id);
  await recordAudit(deps.db, {
    businessId: null,
    action: 'user.updated',
    target: { kind: 'user', id },
    before: audited(row),
    after: audited({ ...row, ...next }),
  });
  return presentUser({ ...row, ...next });
}

/** A new one-time link for a person (the invitation again, or a forgotten password); the old one stops working. */
export async function renewLink(deps: PeopleDeps, id: number): Promise<{ user: User; linkSecret: string }> {
  const row = await existing(deps.db, id);
  if (row.switched_off_at !== null)
    throw errors.conflict('switched_off', `${row.name}'s account is switched off: switch it on before sending a link.`);
  const now = deps.clock.now();
  const secret = newLinkSecret();
  await updateUser(deps.db, id, { link_sha256: sha256Hex(secret), link_expires_at: now + LINK_TTL_MS, updated_at: now });
  // A new link is for a password forgotten or not safe any more: whoever is signed in as them is signed out.
  const ended = await deleteSessionsOf(deps.db, id);
  await recordAudit(deps.db, { businessId: null, action: 'user.link_made', target: { kind: 'user', id }, after: { sessionsEnded: ended } });
  return { user: presentUser({ ...row, updated_at: now }), linkSecret: secret };
}

/** Ends every session of a person at once (a lost phone, a laptop left signed in); how many ended. */
export async function endSessionsOf(deps: PeopleDeps, id: number): Promise<number> {
  await existing(deps.db, id);
  const ended = await deleteSessionsOf(deps.db, id);
  // A lost or stolen device may have kept a passkey: they go too, and the person adds theirs again.
  const passkeys = await deletePasskeysOf(deps.db, id);
  await recordAudit(deps.db, {
    businessId: null,
    action: 'user.sessions_ended',
    target: { kind: 'user', id },
    after: { sessions: ended, passkeys },
  });
  return ended;
}

export async function allPeople(deps: PeopleDeps): Promise<User[]> {
  return (await listUsers(deps.db)).map(presentUser);
}

// ---------------------------------------------------------------------------------------------
// Sessions

export interface SessionStart {
  /** The cookie's value: given to the browser once, kept only as its SHA-256. */
  readonly token: string;
  readonly sessionId: number;
  readonly user: User;
}

async function startSession(
  deps: PeopleDeps,
  user: UserRow,
  from: { address: string; userAgent: string | undefined },
): Promise<SessionStart> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const sessionId = await insertSession(deps.db, {
    user_id: user.id,
    token_sha256: sha256Hex(token),
    created_at: now,
    last_seen_at: now,
    expires_at: now + SESSION_MAX_MS,
    address: from.address,
    user_agent: from.userAgent?.slice(0, 300) ?? null,
  });
  return { token, sessionId, user: presentUser(user) };
}

const signInRefused = () =>
  new AppError(401, 'sign_in_failed', 'The e-mail address or the password is not right. Check both and try again.');

/**
 * Checks an e-mail address and password. An unknown address costs the same scrypt as a known one,
 * and both get the same answer, so the answer does not tell which addresses have accounts.
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<UserRow> {
  const row = await findUserByEmail(db, email.trim());
  const stored = row?.password_hash ?? (await decoyHash());
  const matches = await passwordMatches(password, stored);
  if (!row || !matches || row.password_hash === null || row.switched_off_at !== null) throw signInRefused();
  return row;
}

export async function signIn(
  deps: PeopleDeps,
  person: UserRow,
  from: { address: string; userAgent: string | undefined },
): Promise<SessionStart> {
  const started = await startSession(deps, person, from);
  await recordAudit(deps.db, {
    businessId: null,
    action: 'user.signed_in',
    target: { kind: 'user', id: person.id },
    actor: { kind: 'person', id: person.id, label: person.name },
  });
  return started;
}

const linkGone = () =>
  errors.gone('link_expired', 'This link has been used already or is too old. Ask the salon’s owner for a new one (People, in Settings).');

/** The person a one-time link is for, while it works. */
async function personOfLink(deps: PeopleDeps, link: string): Promise<UserRow> {
  const row = await findUserByLink(deps.db, sha256Hex(link));
  if (!row || row.link_expires_at === null || row.link_expires_at <= deps.clock.now() || row.switched_off_at !== null) throw linkGone();
  return row;
}

/**
 * Whether a one-time link can still be used (not used, not older than 7 days, its account not
 * switched off): the page asks before it asks for a new password. Says nothing else (not whose
 * it is), and changes nothing.
 */
export async function linkUsable(deps: PeopleDeps, link: string): Promise<{ usable: boolean }> {
  try {
    await personOfLink(deps, link);
    return { usable: true };
  } catch (error) {
    if (error instanceof AppError && error.code === 'link_expired') return { usable: false };
    throw error;
  }
}

/**
 * Before a link's transaction: the person it is for, and the hash of the password they chose (or
 * why it will not do). scrypt takes a fifth of a second; done here, it holds up no other commit.
 */
export async function prepareLink(deps: PeopleDeps, input: { link: string; password: string }): Promise<{ userId: number; hash: string }> {
  const row = await personOfLink(deps, input.link);
  const problem = await passwordProblem(input.password, row);
  if (problem) throw errors.validation(problem, 'password');
  return { userId: row.id, hash: await hashPassword(input.password) };
}

/** A person's one-time link, used: their password chosen, the link spent, their old sessions ended, a new one begun. */
export async function useLink(
  deps: PeopleDeps,
  link: string,
  prepared: { userId: number; hash: string },
  from: { address: string; userAgent: string | undefined },
): Promise<SessionStart> {
  const row = await personOfLink(deps, link);
  if (row.id !== prepared.userId) throw linkGone();
  const now = deps.clock.now();
  // Spent only if it is still this link: the same link used twice at once gives one session.
  if (
    !(await spendLink(deps.db, row.id, row.link_sha256!, {
      password_hash: prepared.hash,
      link_sha256: null,
      link_expires_at: null,
      updated_at: now,
    }))
  )
    throw linkGone();
  await deleteSessionsOf(deps.db, row.id);
  await recordAudit(deps.db, {
    businessId: null,
    action: 'user.password_set',
    target: { kind: 'user', id: row.id },
    actor: { kind: 'person', id: row.id, label: row.name },
  });
  return startSession(deps, { ...row, password_hash: prepared.hash, updated_at: now }, from);
}

/** The signed-in person's current password, checked (400 naming `field` when it is not right). */
export async function checkCurrentPassword(deps: PeopleDeps, userId: number, password: string, field = 'password'): Promise<void> {
  const row = await existing(deps.db, userId);
  if (!row.password_hash || !(await passwordMatches(password, row.password_hash)))
    throw errors.validation('The current password is not right.', field);
}

/** Before a password change's transaction: the current password checked, the new one's hash. */
export async function preparePasswordChange(
  deps: PeopleDeps,
  userId: number,
  input: { currentPassword: string; newPassword: string },
): Promise<string> {
  const row = await existing(deps.db, userId);
  if (!row.password_hash || !(await passwordMatches(input.currentPassword, row.password_hash)))
    throw errors.validation('The current password is not right.', 'currentPassword');
  const problem = await passwordProblem(input.newPassword, row);
  if (problem) throw errors.validation(problem, 'newPassword');
  return hashPassword(input.newPassword);
}

/** A signed-in person's new password; their other sessions end. */
export async function changePassword(deps: PeopleDeps, userId: number, sessionId: number, hash: string): Promise<void> {
  await updateUser(deps.db, userId, { password_hash: hash, updated_at: deps.clock.now() });
  await deleteSessionsOf(deps.db, userId, sessionId);
  await recordAudit(deps.db, { businessId: null, action: 'user.password_changed', target: { kind: 'user', id: userId } });
}

export interface SessionView {
  readonly id: number;
  readonly current: boolean;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly expiresAt: string;
  readonly address: string | null;
  readonly userAgent: string | null;
}

/** When a session ends if nothing more happens: idle or absolute, whichever comes first. */
export const endOf = (session: Pick<UserSessionRow, 'last_seen_at' | 'expires_at'>) =>
  Math.min(session.last_seen_at + SESSION_IDLE_MS, session.expires_at);

export async function sessionsOf(deps: PeopleDeps, userId: number, currentId: number | undefined): Promise<SessionView[]> {
  const now = deps.clock.now();
  return (await listSessions(deps.db, userId, now))
    .filter((session) => endOf(session) > now)
    .map((session) => ({
      id: session.id,
      current: session.id === currentId,
      createdAt: iso(session.created_at),
      lastSeenAt: iso(session.last_seen_at),
      expiresAt: iso(endOf(session)),
      address: session.address,
      userAgent: session.user_agent,
    }));
}

/** Ends one of a person's own sessions: signing out (this one), or another browser of theirs; not someone else's. */
export async function endOwnSession(deps: PeopleDeps, userId: number, sessionId: number, signingOut = false): Promise<void> {
  const mine = await listSessions(deps.db, userId, 0);
  if (!mine.some((session) => session.id === sessionId)) throw errors.notFound('Session');
  await deleteSession(deps.db, sessionId);
  await recordAudit(deps.db, {
    businessId: null,
    action: signingOut ? 'user.signed_out' : 'user.session_ended',
    target: { kind: 'user', id: userId },
    after: { session: sessionId },
  });
}
