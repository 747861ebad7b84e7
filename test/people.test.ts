import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TestApp } from './helpers/app.ts';
import { browserWith, GOOD_PASSWORD, person, sessionCookieOf } from './helpers/people.ts';
import { admin } from './helpers/salon.ts';
import { useApp, useSalon } from './helpers/suite.ts';

const DAY = 24 * 60 * 60 * 1000;

const signIn = (app: TestApp, email: string, password: string, headers: Record<string, string> = {}) =>
  app.request('POST', '/admin/api/session', { body: { email, password }, headers: { Origin: app.url, ...headers } });

describe('people: invitations, passwords and sessions (issue 23)', () => {
  const { app, clock } = useApp();

  it('an invitation is a one-time link; the password it sets must be long, uncommon and not the address', async () => {
    const invited = await admin(app, 'POST', '/users', { name: 'Olga Owner', email: 'Olga@Salon.test', role: 'owner' }, 201);
    assert.equal(invited.body.user.email, 'olga@salon.test');
    assert.equal(invited.body.user.status, 'invited');
    assert.match(invited.body.link, /^http:\/\/127\.0\.0\.1:\d+\/#welcome\/[\w-]{32}$/);
    const link = invited.body.link.split('#welcome/')[1];
    const use = (password: string) =>
      app.request('POST', '/admin/api/session/link', { body: { link, password }, headers: { Origin: app.url } });

    for (const [password, sentence] of [
      ['short one', /at least 10 characters/],
      ['1234567890', /most common/],
      ['PASSWORD123', /most common/],
      ['olga@salon.test', /e-mail address or your name/],
      ['OlgaOwner', /at least 10/],
      ['olga owner', /e-mail address or your name/],
    ] as const) {
      const refused = await use(password);
      assert.equal(refused.status, 400, password);
      assert.equal(refused.body.field, 'password');
      assert.match(refused.body.message, sentence, password);
    }
    const used = await use(GOOD_PASSWORD);
    assert.equal(used.status, 200, used.text);
    assert.equal(used.body.via, 'session');
    assert.equal(used.body.role, 'owner');
    const setCookie = used.headers.getSetCookie().join('\n');
    assert.match(setCookie, /^booking_session=[\w-]{43}; /m);
    assert.match(setCookie, /httponly/i);
    assert.match(setCookie, /samesite=strict/i);
    assert.doesNotMatch(setCookie, /secure/i, 'plain HTTP: no Secure flag, no __Host- prefix');
    assert.equal((await use(GOOD_PASSWORD)).status, 410, 'a link works once');

    const browser = browserWith(app, sessionCookieOf(used)!);
    const me = await browser.request('GET', '/session');
    assert.equal(me.status, 200);
    assert.equal(me.body.user.name, 'Olga Owner');
    assert.equal(me.body.user.status, 'active');
    assert.equal((await browser.request('GET', '/businesses')).status, 200, 'an owner reaches the whole admin API');
  });

  it('signs in with the right password only, and the same answer for an unknown address and a wrong password', async () => {
    await person(app, { name: 'Sam Desk', email: 'sam@salon.test', role: 'front_desk' });
    const wrong = await signIn(app, 'sam@salon.test', 'not the password at all');
    const unknown = await signIn(app, 'nobody@salon.test', GOOD_PASSWORD);
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.equal(wrong.body.code, 'sign_in_failed');
    assert.equal(wrong.body.message, unknown.body.message);
    assert.equal(sessionCookieOf(wrong), undefined);

    const right = await signIn(app, 'SAM@Salon.test', GOOD_PASSWORD);
    assert.equal(right.status, 200, right.text);
    const browser = browserWith(app, sessionCookieOf(right)!);
    assert.equal((await browser.request('GET', '/session')).body.role, 'front_desk');

    const out = await browser.request('DELETE', '/session');
    assert.equal(out.status, 204);
    assert.match(out.headers.getSetCookie().join(''), /booking_session=;/);
    const after = await browser.request('GET', '/session');
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 'session_ended');
  });

  it('refuses a change made with the cookie from another origin, or with no origin at all (CSRF)', async () => {
    const desk = await person(app, { name: 'Cora Desk', email: 'cora@salon.test', role: 'front_desk' });
    const business = (await admin(app, 'POST', '/businesses', { name: 'Cross', timezone: 'Europe/Berlin' }, 201)).body.id;
    const client = { name: 'Walk In' };
    const fromElsewhere = await desk.request('POST', `/businesses/${business}/clients`, client, { Origin: 'https://evil.example' });
    assert.equal(fromElsewhere.status, 403);
    assert.equal(fromElsewhere.body.code, 'cross_origin_refused');
    assert.match(fromElsewhere.body.message, /evil\.example/);
    const withoutOrigin = await app.request('POST', `/admin/api/businesses/${business}/clients`, {
      body: client,
      headers: { Cookie: desk.cookie },
    });
    assert.equal(withoutOrigin.status, 403);
    const sameSite = await app.request('POST', `/admin/api/businesses/${business}/clients`, {
      body: client,
      headers: { Cookie: desk.cookie, 'Sec-Fetch-Site': 'same-origin' },
    });
    assert.equal(sameSite.status, 201, 'no Origin, but the browser says same-origin');
    assert.equal((await desk.request('POST', `/businesses/${business}/clients`, client)).status, 201);
    assert.equal(
      (await desk.request('GET', `/businesses/${business}/clients`, undefined, { Origin: 'https://evil.example' })).status,
      200,
      'reading is not a change',
    );
    const total = (await admin(app, 'GET', `/businesses/${business}/clients`, undefined, 200)).body.total;
    assert.equal(total, 2, 'the refused changes made nothing');

    const signInElsewhere = await signIn(app, 'cora@salon.test', GOOD_PASSWORD, { Origin: 'https://evil.example' });
    assert.equal(signInElsewhere.status, 403, 'no signing in from another site (login CSRF)');
  });

  it('names the person in the audit trail', async () => {
    const desk = await person(app, { name: 'Dora Desk', email: 'dora@salon.test', role: 'front_desk' });
    const business = (await admin(app, 'POST', '/businesses', { name: 'Audited', timezone: 'Europe/Berlin' }, 201)).body.id;
    const client = (await desk.request('POST', `/businesses/${business}/clients`, { name: 'Erna' })).body;
    const trail = (await admin(app, 'GET', `/businesses/${business}/audit?targetKind=client&targetId=${client.id}`, undefined, 200)).body;
    assert.deepEqual(trail.data[0].actor, { kind: 'person', id: desk.id, name: 'Dora Desk' });
    assert.equal(trail.data[0].action, 'client.created');
  });

  it('keeps each account’s own history, which no business’s trail shows: invited, signed in, changed, by whom', async () => {
    const desk = await person(app, { name: 'Hedi History', email: 'hedi@salon.test', role: 'front_desk' });
    const other = await person(app, { name: 'Ivo Other', email: 'ivo@salon.test', role: 'front_desk' });
    await admin(app, 'PATCH', `/users/${desk.id}`, { name: 'Hedi Hist' }, 200);
    await admin(app, 'POST', `/users/${desk.id}/end-sessions`, undefined, 200);
    const history = (await admin(app, 'GET', `/users/${desk.id}/history`, undefined, 200)).body;
    assert.deepEqual(
      history.data.map((entry: { action: string }) => entry.action),
      ['user.sessions_ended', 'user.updated', 'user.password_set', 'user.invited'],
    );
    assert.equal(history.total, 4);
    const changed = history.data[1];
    assert.deepEqual(changed.actor.kind, 'office', 'the owner’s change, made here with the admin token');
    assert.deepEqual(changed.changes, [{ field: 'name', before: 'Hedi History', after: 'Hedi Hist' }]);
    assert.equal(history.data[2].actor.name, 'Hedi History', 'her password, chosen by herself with the link');
    assert.match(history.data[2].address, /127\.0\.0\.1/);
    assert.match(history.data[0].at, /Z$/, 'times in UTC: an account belongs to no salon');
    const paged = (await admin(app, 'GET', `/users/${desk.id}/history?limit=2&page=2`, undefined, 200)).body;
    assert.deepEqual(
      paged.data.map((entry: { action: string }) => entry.action),
      ['user.password_set', 'user.invited'],
    );
    const others = (await admin(app, 'GET', `/users/${other.id}/history`, undefined, 200)).body;
    assert.ok(others.data.every((entry: { target: { id: number } }) => entry.target.id === other.id));
    assert.equal((await admin(app, 'GET', '/users/424242/history', undefined, 404)).status, 404);
    assert.equal((await desk.request('GET', `/users/${other.id}/history`)).status, 401, 'her sessions were ended');
  });

  it('ends sessions unused for 7 days, and every session after 30 days however busy', async () => {
    const desk = await person(app, { name: 'Ida Idle', email: 'ida@salon.test', role: 'front_desk' });
    clock.advance(7 * DAY - 60_000);
    const used = await desk.request('GET', '/session');
    assert.equal(used.status, 200, 'used just before the idle end');
    assert.match(
      used.headers.getSetCookie().join(''),
      /booking_session=[\w-]{43}; path=\/; expires=/i,
      'the cookie set again, to live a week from its last use',
    );
    clock.advance(7 * DAY - 60_000);
    assert.equal((await desk.request('GET', '/session')).status, 200, 'the use moved the idle end on');
    clock.advance(7 * DAY + 1000);
    assert.equal((await desk.request('GET', '/session')).body.code, 'session_ended', 'idle for 7 days');

    const busy = browserWith(app, sessionCookieOf(await signIn(app, 'ida@salon.test', GOOD_PASSWORD))!);
    for (let day = 1; day < 30; day += 1) {
      clock.advance(DAY);
      assert.equal((await busy.request('GET', '/session')).status, 200, `day ${day}`);
    }
    clock.advance(DAY);
    assert.equal((await busy.request('GET', '/session')).body.code, 'session_ended', '30 days after signing in');
  });

  it('lists a person’s sessions and ends one of them; a new password ends the others', async () => {
    await person(app, { name: 'Lena Laptop', email: 'lena@salon.test', role: 'front_desk' });
    const laptop = browserWith(app, sessionCookieOf(await signIn(app, 'lena@salon.test', GOOD_PASSWORD, { 'User-Agent': 'Laptop' }))!);
    const phone = browserWith(app, sessionCookieOf(await signIn(app, 'lena@salon.test', GOOD_PASSWORD, { 'User-Agent': 'Phone' }))!);
    const listed = (await laptop.request('GET', '/session/sessions')).body;
    const phoneSession = listed.data.find((one: any) => one.userAgent === 'Phone');
    assert.equal(listed.data.find((one: any) => one.current).userAgent, 'Laptop');
    assert.equal((await laptop.request('DELETE', `/session/sessions/${phoneSession.id}`)).status, 204);
    assert.equal((await phone.request('GET', '/session')).status, 401);

    const tablet = browserWith(app, sessionCookieOf(await signIn(app, 'lena@salon.test', GOOD_PASSWORD))!);
    const weak = await laptop.request('PUT', '/session/password', { currentPassword: GOOD_PASSWORD, newPassword: 'qwertyuiop' });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.field, 'newPassword');
    const wrongCurrent = await laptop.request('PUT', '/session/password', {
      currentPassword: 'guess guess guess',
      newPassword: 'a new long passphrase',
    });
    assert.equal(wrongCurrent.body.field, 'currentPassword');
    assert.equal(
      (await laptop.request('PUT', '/session/password', { currentPassword: GOOD_PASSWORD, newPassword: 'a new long passphrase' })).status,
      204,
    );
    assert.equal((await tablet.request('GET', '/session')).status, 401, 'the other sessions ended');
    assert.equal((await laptop.request('GET', '/session')).status, 200, 'this one goes on');
    assert.equal((await signIn(app, 'lena@salon.test', GOOD_PASSWORD)).status, 401);
    assert.equal((await signIn(app, 'lena@salon.test', 'a new long passphrase')).status, 200);
  });

  it('switching a person off ends their sessions and sign-in; the last owner cannot be switched off or demoted', async () => {
    const desk = await person(app, { name: 'Kim Leaving', email: 'kim@salon.test', role: 'front_desk' });
    const off = await admin(app, 'PATCH', `/users/${desk.id}`, { switchedOff: true }, 200);
    assert.equal(off.body.status, 'switched_off');
    assert.equal((await desk.request('GET', '/session')).status, 401);
    assert.equal((await signIn(app, 'kim@salon.test', GOOD_PASSWORD)).status, 401);
    assert.equal((await admin(app, 'POST', `/users/${desk.id}/link`)).status, 409, 'no link for an account switched off');

    // An invitation not yet used does not come back to life when its account is switched on again.
    const invited = (await admin(app, 'POST', '/users', { name: 'Ivy Invited', email: 'ivy@salon.test', role: 'front_desk' }, 201)).body;
    await admin(app, 'PATCH', `/users/${invited.user.id}`, { switchedOff: true }, 200);
    await admin(app, 'PATCH', `/users/${invited.user.id}`, { switchedOff: false }, 200);
    const revived = await app.request('POST', '/admin/api/session/link', {
      body: { link: invited.link.split('#welcome/')[1], password: GOOD_PASSWORD },
      headers: { Origin: app.url },
    });
    assert.equal(revived.status, 410);

    const users = (await admin(app, 'GET', '/users', undefined, 200)).body.data;
    const owners = users.filter((one: any) => one.role === 'owner' && one.status !== 'switched_off');
    assert.equal(owners.length, 1);
    const last = await admin(app, 'PATCH', `/users/${owners[0].id}`, { role: 'front_desk' });
    assert.equal(last.status, 409);
    assert.equal(last.body.code, 'last_owner');
    assert.equal((await admin(app, 'PATCH', `/users/${owners[0].id}`, { switchedOff: true })).status, 409);
    assert.equal((await admin(app, 'POST', '/users', { name: 'Twice', email: 'olga@salon.test', role: 'owner' })).body.code, 'email_taken');
    const stylistWithout = await admin(app, 'POST', '/users', { name: 'No Chair', email: 'chair@salon.test', role: 'stylist' });
    assert.equal(stylistWithout.status, 400);
    assert.equal(stylistWithout.body.field, 'staffId');
  });

  it('a new link replaces the old one (a forgotten password), and the owner can end all of a person’s sessions', async () => {
    const desk = await person(app, { name: 'Fay Forgot', email: 'fay@salon.test', role: 'front_desk' });
    const first = (await admin(app, 'POST', `/users/${desk.id}/link`, undefined, 200)).body.link.split('#welcome/')[1];
    assert.equal((await desk.request('GET', '/session')).status, 401, 'a new link signs the person out everywhere');
    const second = (await admin(app, 'POST', `/users/${desk.id}/link`, undefined, 200)).body.link.split('#welcome/')[1];
    const use = (link: string) =>
      app.request('POST', '/admin/api/session/link', { body: { link, password: 'fay chooses anew' }, headers: { Origin: app.url } });
    assert.equal((await use(first)).status, 410);
    assert.equal((await use(second)).status, 200);
    const ended = (await admin(app, 'POST', `/users/${desk.id}/end-sessions`, undefined, 200)).body.ended;
    assert.equal(ended, 1);
    clock.advance(LINK_DAYS * DAY);
    const late = (await admin(app, 'POST', `/users/${desk.id}/link`, undefined, 200)).body.link.split('#welcome/')[1];
    clock.advance(LINK_DAYS * DAY + 1);
    assert.equal((await use(late)).status, 410, 'a link older than 7 days');
  });

  it('the admin token is not a person: it signs nobody in and changes no password', async () => {
    const me = await admin(app, 'GET', '/session', undefined, 200);
    assert.deepEqual(me.body, { via: 'token', user: null, role: 'owner', staffId: null, businessId: null });
    assert.equal((await admin(app, 'GET', '/session/sessions')).body.code, 'not_a_person');
  });
});

const LINK_DAYS = 7;

describe('people: wrong passwords are slowed, and nobody can lock the owner out', () => {
  // Each request says where it comes from (X-Forwarded-For, trusted here) so two addresses can be told apart.
  const { app } = useApp({ config: { trustProxy: true } });
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  it('refuses an address after 5 wrong passwords for one account, while the account still opens from elsewhere', async () => {
    await person(app, { name: 'Olga Owner', email: 'olga@salon.test', role: 'owner' });
    for (let attempt = 1; attempt <= 5; attempt += 1)
      assert.equal((await signIn(app, 'olga@salon.test', `wrong guess ${attempt}`, from('203.0.113.7'))).status, 401);
    const refused = await signIn(app, 'olga@salon.test', GOOD_PASSWORD, from('203.0.113.7'));
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'too_many_attempts');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    const owner = await signIn(app, 'olga@salon.test', GOOD_PASSWORD, from('198.51.100.2'));
    assert.equal(owner.status, 200, 'the owner, at another address, signs in');
  });

  it('counts tries sent all at once as they come, not once their password check is over', async () => {
    await person(app, { name: 'Pia Parallel', email: 'pia@salon.test', role: 'front_desk' });
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, index) => signIn(app, 'pia@salon.test', `wrong guess ${index}`, from('203.0.113.20'))),
    );
    const statuses = tries.map((reply) => reply.status).sort();
    assert.equal(statuses.filter((status) => status === 401).length, 5, statuses.join(' '));
    assert.equal(statuses.filter((status) => status === 429).length, 7, statuses.join(' '));
  });

  it('refuses an address after 10 wrong passwords in a minute over any accounts', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1)
      assert.equal((await signIn(app, `guess${attempt}@salon.test`, 'wrong wrong wrong', from('203.0.113.9'))).status, 401);
    assert.equal((await signIn(app, 'olga@salon.test', GOOD_PASSWORD, from('203.0.113.9'))).status, 429);
  });
});

describe('people: a stylist is one of the staff', () => {
  const { app, salon } = useSalon();

  it('names their staff member and salon when they sign in', async () => {
    const stylist = await person(app, { name: 'Anna', email: 'anna.person@salon.test', role: 'stylist', staffId: salon.anna });
    const me = (await stylist.request('GET', '/session')).body;
    assert.equal(me.role, 'stylist');
    assert.equal(me.staffId, salon.anna);
    assert.equal(me.businessId, salon.businessId);
    const unknownStaff = await admin(app, 'POST', '/users', { name: 'Ghost', email: 'ghost@salon.test', role: 'stylist', staffId: 99999 });
    assert.equal(unknownStaff.status, 400);
  });
});
