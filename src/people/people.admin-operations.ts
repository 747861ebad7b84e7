import linkCheckSchema from '../../schema/link-check.ts';
import linkUseSchema from '../../schema/link-use.ts';
import passkeyAddSchema from '../../schema/passkey-add.ts';
import passkeySignInSchema from '../../schema/passkey-sign-in.ts';
import passwordChangeSchema from '../../schema/password-change.ts';
import signInSchema from '../../schema/sign-in.ts';
import userInviteSchema from '../../schema/user-invite.ts';
import userUpdateSchema from '../../schema/user-update.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { idOf, operations } from '../http/operations.ts';
import type { Ctx } from '../http/state.ts';
import { anyAccount, businessOfStaff, findUser } from './people.repository.ts';
import {
  allPeople,
  changePassword,
  changePerson,
  checkCurrentPassword,
  checkPassword,
  endOf,
  endOwnSession,
  endSessionsOf,
  invitePerson,
  LINK_TTL_MS,
  linkAddress,
  linkUsable,
  prepareLink,
  preparePasswordChange,
  presentUser,
  renewLink,
  type SessionStart,
  sessionsOf,
  signIn,
  useLink,
} from './people.service.ts';
import {
  addPasskey,
  checkPasskey,
  listPasskeys,
  passkeyRegistration,
  passkeySignInOptions,
  passkeySite,
  removePasskey,
} from './passkeys.service.ts';
import { clearSessionCookie, ownOrigin, requireOwnOrigin, setSessionCookie } from './session-cookie.ts';
import type { SignInLimit } from './sign-in-limit.ts';
import type { SecretBox } from '../secrets/secret-box.ts';

type App = {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: Config;
  readonly signIns: SignInLimit;
  readonly secretBox: SecretBox;
};
const operation = operations<App>();
const one = { id: idOf('Person') };

const from = (ctx: Ctx) => ({ address: ctx.ip, userAgent: ctx.get('user-agent') || undefined });

/** The link's answer: the person, and the address they open once (this server's public one, or the one the owner uses). */
function withLink(app: App, ctx: Ctx, made: { user: ReturnType<typeof presentUser>; linkSecret: string }) {
  return {
    user: made.user,
    link: linkAddress(app.config.publicUrl || ownOrigin(ctx), made.linkSecret),
    linkExpiresAt: new Date(app.clock.now() + LINK_TTL_MS).toISOString(),
  };
}

/** A session begun: its cookie set, and who is signed in. */
async function begun(db: Db, ctx: Ctx, started: SessionStart, now: number) {
  setSessionCookie(ctx, started.token);
  const { staffId } = started.user;
  return {
    via: 'session',
    user: started.user,
    role: started.user.role,
    staffId,
    businessId: staffId === null ? null : ((await businessOfStaff(db, staffId)) ?? null),
    sessionExpiresAt: new Date(endOf({ last_seen_at: now, expires_at: Number.POSITIVE_INFINITY })).toISOString(),
  };
}

/** What a passkey sign-in is counted against: the passkey its answer names. */
const passkeyTried = (response: Record<string, unknown>) => `passkey ${typeof response.id === 'string' ? response.id.slice(0, 200) : ''}`;

/**
 * A check of the signed-in person's current password, counted as a sign-in try at their account
 * (a stolen session cannot guess the password without limit).
 */
async function withCurrentPassword<T>(app: App, ctx: Ctx, check: () => Promise<T>): Promise<T> {
  const account = `user ${personOf(ctx).id}`;
  await app.signIns.admit(ctx.ip, account);
  const result = await check();
  app.signIns.succeeded(ctx.ip, account);
  return result;
}

/** Operations that only a person signed in with a session can make (not the admin token). */
function personOf(ctx: Ctx) {
  const person = ctx.state.person;
  if (!person)
    throw new AppError(409, 'not_a_person', 'The admin token is not a person: sign in with an account for this (People, in Settings).');
  return person;
}

/** Signing in and out, and a person's own sessions and password (issue 23 section 2). */
export const sessionAdminOperations = [
  operation({
    operationId: 'adminSignIn',
    method: 'POST',
    path: '/session',
    tag: 'session',
    summary: 'Sign in with an e-mail address and password',
    description:
      'Sets the session cookie (HttpOnly, SameSite=Strict; Secure with the __Host- prefix over HTTPS). Only from the server’s own page (its Origin). Wrong passwords are slowed per address and per account (docs/security.md).',
    public: true,
    body: signInSchema,
    success: { status: 200, schema: 'SignedIn' },
    errors: [401, 403, 429],
    prepare: async ({ body, ctx }, app) => {
      requireOwnOrigin(ctx, app.config.publicUrl);
      const email = body.email.trim().toLowerCase();
      await app.signIns.admit(ctx.ip, email);
      const person = await checkPassword(app.db, email, body.password);
      app.signIns.succeeded(ctx.ip, email);
      return person;
    },
    write: true,
    handle: async ({ ctx, trx, prepared }, app) =>
      begun(trx, ctx, await signIn({ db: trx, clock: app.clock }, prepared, from(ctx)), app.clock.now()),
  }),
  operation({
    operationId: 'adminUseLink',
    method: 'POST',
    path: '/session/link',
    tag: 'session',
    summary: 'Choose a password with a one-time link, and sign in',
    description: 'The link an owner made (an invitation, or a new password): it works once, for 7 days.',
    public: true,
    body: linkUseSchema,
    success: { status: 200, schema: 'SignedIn' },
    errors: [
      403,
      { status: 410, description: 'The link has been used, is older than 7 days, or its account is switched off (`link_expired`).' },
    ],
    prepare: ({ body, ctx }, app) => {
      requireOwnOrigin(ctx, app.config.publicUrl);
      return prepareLink(app, body);
    },
    write: true,
    handle: async ({ body, ctx, trx, prepared }, app) =>
      begun(trx, ctx, await useLink({ db: trx, clock: app.clock }, body.link, prepared, from(ctx)), app.clock.now()),
  }),
  operation({
    operationId: 'adminCheckLink',
    method: 'POST',
    path: '/session/link/check',
    tag: 'session',
    summary: 'Whether a one-time link can still be used',
    description:
      'Read-only: `{usable}` and nothing else (not whose link it is). The page asks when a link is opened, so that a used or expired link is said at once, before a new password is asked for. The secret goes in the body, never in an address a log keeps.',
    public: true,
    body: linkCheckSchema,
    success: { status: 200, schema: 'LinkCheck' },
    errors: [403],
    handle: ({ body, ctx }, app) => {
      requireOwnOrigin(ctx, app.config.publicUrl);
      return linkUsable({ db: app.db, clock: app.clock }, body.link);
    },
  }),
  operation({
    operationId: 'adminGetSignInStatus',
    method: 'POST',
    path: '/session/status',
    tag: 'session',
    summary: 'Whether any person has an account yet',
    description:
      'Read-only, without a credential: `{accounts}` and nothing else (no names, no count). The sign-in page opens on the access code while nobody has an account yet (a first run), on the e-mail and password once somebody has. A POST only from the server’s own page (its Origin), as the link check.',
    public: true,
    success: { status: 200, schema: 'SignInStatus' },
    errors: [403],
    handle: async ({ ctx }, app) => {
      requireOwnOrigin(ctx, app.config.publicUrl);
      return { accounts: await anyAccount(app.db) };
    },
  }),
  operation({
    operationId: 'adminGetSession',
    method: 'GET',
    path: '/session',
    tag: 'session',
    summary: 'Who is signed in, and what they may do',
    access: 'team',
    success: { status: 200, schema: 'SignedIn' },
    handle: async ({ ctx }, app) => {
      const person = ctx.state.person;
      if (!person) return { via: 'token', user: null, role: 'owner', staffId: null, businessId: null };
      const row = await findUser(app.db, person.id);
      const session = (await sessionsOf(app, person.id, person.sessionId)).find((one) => one.current);
      return {
        via: 'session',
        user: row ? presentUser(row) : null,
        role: person.role,
        staffId: person.staffId,
        businessId: person.businessId,
        ...(session ? { sessionExpiresAt: session.expiresAt } : {}),
      };
    },
  }),
  operation({
    operationId: 'adminSignOut',
    method: 'DELETE',
    path: '/session',
    tag: 'session',
    summary: 'Sign out: this session ends',
    access: 'team',
    success: { status: 204, description: 'Signed out (the cookie is cleared).' },
    write: true,
    handle: async ({ ctx, trx }, app) => {
      const person = ctx.state.person;
      if (person) await endOwnSession({ db: trx, clock: app.clock }, person.id, person.sessionId, true);
      clearSessionCookie(ctx);
    },
  }),
  operation({
    operationId: 'adminChangePassword',
    method: 'PUT',
    path: '/session/password',
    tag: 'session',
    summary: 'Change your password; your other sessions end',
    access: 'team',
    body: passwordChangeSchema,
    success: { status: 204, description: 'Changed.' },
    errors: [409],
    prepare: ({ body, ctx }, app) => withCurrentPassword(app, ctx, () => preparePasswordChange(app, personOf(ctx).id, body)),
    write: true,
    handle: ({ ctx, trx, prepared }, app) => {
      const person = personOf(ctx);
      return changePassword({ db: trx, clock: app.clock }, person.id, person.sessionId, prepared);
    },
  }),
  operation({
    operationId: 'adminListSessions',
    method: 'GET',
    path: '/session/sessions',
    tag: 'session',
    summary: 'Your sessions: every browser you are signed in on',
    access: 'team',
    success: { status: 200, schema: 'SessionList' },
    errors: [409],
    handle: async ({ ctx }, app) => {
      const person = personOf(ctx);
      const data = await sessionsOf(app, person.id, person.sessionId);
      return { data, total: data.length };
    },
  }),
  operation({
    operationId: 'adminEndSession',
    method: 'DELETE',
    path: '/session/sessions/:id',
    tag: 'session',
    summary: 'End one of your sessions (a browser you no longer use)',
    access: 'team',
    params: { id: idOf('Session') },
    success: { status: 204, description: 'Ended.' },
    errors: [409],
    write: true,
    handle: ({ ctx, params, trx }, app) => endOwnSession({ db: trx, clock: app.clock }, personOf(ctx).id, params.id),
  }),
];

/** Where the page is, for WebAuthn: the host name it was opened at, and its origin. */
const site = (ctx: Ctx) => passkeySite(ctx.hostname, ownOrigin(ctx));

/** Passkeys (issue 23 section 2): a person adds them to their account, and signs in with one alone. */
export const passkeyAdminOperations = [
  operation({
    operationId: 'adminPasskeySignInOptions',
    method: 'POST',
    path: '/session/passkey/options',
    tag: 'session',
    summary: 'Start signing in with a passkey: the options for the browser',
    description:
      'Any passkey of this site will do (the browser offers the person’s own). 409 `passkeys_need_a_name` when the page was opened at an IP address.',
    public: true,
    success: { status: 200, schema: 'PasskeyOptions' },
    errors: [403, 409],
    handle: ({ ctx }, app) => {
      requireOwnOrigin(ctx, app.config.publicUrl);
      return passkeySignInOptions(app, site(ctx));
    },
  }),
  operation({
    operationId: 'adminPasskeySignIn',
    method: 'POST',
    path: '/session/passkey',
    tag: 'session',
    summary: 'Sign in with a passkey: the browser’s answer to the options',
    description: 'Sets the session cookie as signing in with a password does. A wrong answer counts as a wrong password for the address.',
    public: true,
    body: passkeySignInSchema,
    success: { status: 200, schema: 'SignedIn' },
    errors: [401, 403, 409, 429],
    prepare: async ({ body, ctx }, app) => {
      requireOwnOrigin(ctx, app.config.publicUrl);
      // Counted as a try at the passkey it names (any address's tries at one passkey slow it).
      await app.signIns.admit(ctx.ip, passkeyTried(body.response));
    },
    write: true,
    handle: async ({ body, ctx, trx }, app) => {
      const deps = { db: trx, clock: app.clock, secretBox: app.secretBox };
      const person = await checkPasskey(deps, site(ctx), body);
      app.signIns.succeeded(ctx.ip, passkeyTried(body.response));
      return begun(trx, ctx, await signIn(deps, person, from(ctx)), app.clock.now());
    },
  }),
  operation({
    operationId: 'adminListPasskeys',
    method: 'GET',
    path: '/session/passkeys',
    tag: 'session',
    summary: 'Your passkeys',
    access: 'team',
    success: { status: 200, schema: 'PasskeyList' },
    errors: [409],
    handle: async ({ ctx }, app) => {
      const data = await listPasskeys(app, personOf(ctx).id);
      return { data, total: data.length };
    },
  }),
  operation({
    operationId: 'adminPasskeyOptions',
    method: 'POST',
    path: '/session/passkeys/options',
    tag: 'session',
    summary: 'Start adding a passkey: the options for the browser',
    access: 'team',
    success: { status: 200, schema: 'PasskeyOptions' },
    errors: [409],
    handle: ({ ctx }, app) => passkeyRegistration(app, personOf(ctx), site(ctx)),
  }),
  operation({
    operationId: 'adminAddPasskey',
    method: 'POST',
    path: '/session/passkeys',
    tag: 'session',
    summary: 'Keep the passkey the browser made',
    access: 'team',
    body: passkeyAddSchema,
    success: { status: 201, schema: 'Passkey' },
    errors: [409],
    // The person's password first: a signed-in browser left open is not enough to add a way in.
    prepare: ({ body, ctx }, app) => withCurrentPassword(app, ctx, () => checkCurrentPassword(app, personOf(ctx).id, body.password)),
    write: true,
    handle: ({ body, ctx, trx }, app) =>
      addPasskey({ db: trx, clock: app.clock, secretBox: app.secretBox }, personOf(ctx), site(ctx), body),
  }),
  operation({
    operationId: 'adminRemovePasskey',
    method: 'DELETE',
    path: '/session/passkeys/:id',
    tag: 'session',
    summary: 'Remove one of your passkeys',
    access: 'team',
    params: { id: idOf('Passkey') },
    success: { status: 204, description: 'Removed.' },
    errors: [409],
    write: true,
    handle: ({ ctx, params, trx }, app) => removePasskey({ db: trx, clock: app.clock }, personOf(ctx), params.id),
  }),
];

/** The owner's People (issue 23 section 1): invite, change, switch off, end sessions. */
export const peopleAdminOperations = [
  operation({
    operationId: 'adminListUsers',
    access: 'owner',
    method: 'GET',
    path: '/users',
    summary: 'People with an account',
    success: { status: 200, schema: 'UserList' },
    handle: async (_input, app) => {
      const data = await allPeople(app);
      return { data, total: data.length };
    },
  }),
  operation({
    operationId: 'adminInviteUser',
    access: 'owner',
    method: 'POST',
    path: '/users',
    summary: 'Invite a person: their account, and a one-time link to choose a password',
    body: userInviteSchema,
    success: { status: 201, schema: 'UserWithLink' },
    errors: [409],
    write: true,
    handle: async ({ body, ctx, trx }, app) => withLink(app, ctx, await invitePerson({ db: trx, clock: app.clock }, body)),
  }),
  operation({
    operationId: 'adminUpdateUser',
    access: 'owner',
    method: 'PATCH',
    path: '/users/:id',
    summary: 'Change a person’s name, role or staff member, or switch their account off or on',
    description: 'A change of role or staff member, or switching off, ends their sessions. The last owner stays an owner (409 last_owner).',
    params: one,
    body: userUpdateSchema,
    success: { status: 200, schema: 'User' },
    errors: [409],
    write: true,
    handle: ({ body, params, trx }, app) => changePerson({ db: trx, clock: app.clock }, params.id, body),
  }),
  operation({
    operationId: 'adminMakeUserLink',
    access: 'owner',
    method: 'POST',
    path: '/users/:id/link',
    summary: 'A new one-time link for a person (the invitation again, or a forgotten password)',
    params: one,
    success: { status: 200, schema: 'UserWithLink' },
    errors: [409],
    write: true,
    handle: async ({ ctx, params, trx }, app) => withLink(app, ctx, await renewLink({ db: trx, clock: app.clock }, params.id)),
  }),
  operation({
    operationId: 'adminEndUserSessions',
    access: 'owner',
    method: 'POST',
    path: '/users/:id/end-sessions',
    summary: 'End every session of a person at once',
    params: one,
    success: { status: 200, schema: 'SessionsEnded' },
    write: true,
    handle: async ({ params, trx }, app) => ({ ended: await endSessionsOf({ db: trx, clock: app.clock }, params.id) }),
  }),
];
