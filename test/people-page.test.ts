import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { TestApp } from './helpers/app.ts';
import { FIRST_OWNER } from './helpers/browser.ts';
import { englishOnPage, settled } from './helpers/english.ts';
import { GOOD_PASSWORD, sessionCookieOf } from './helpers/people.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// People and Your account in the back office (issue 23): the owner, logged in with the access code,
// opens People from Settings, invites a front desk person and a stylist and reads each one-time
// link the page shows once (the link's own page is another change's: its secret is used here as
// that page will use it), switches a person off and on, and cannot demote the only owner. Your
// account says the access code is no person; signed in as a person, it shows who they are, where
// they are signed in (ending another device) and changes their password.

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Chooses a password with a one-time link's secret, as the link's page does: from the server's own origin. */
const useLink = (app: TestApp, secret: string, password = GOOD_PASSWORD) =>
  app.request('POST', '/admin/api/session/link', { body: { link: secret, password }, headers: { Origin: app.url } });

const secretOf = (link: string) => link.split('#welcome/')[1] ?? '';

describe('People and Your account, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page, guard } = useBrowser({ app, logInAt: '/#settings', permissions: ['clipboard-read', 'clipboard-write'] });

  const card = (name: string) => page.locator('article.person', { has: page.getByRole('heading', { name, exact: true }) });
  /** Shows #hash, read anew from the server (the page is reloaded when it shows it already). */
  const open = async (hash: string, ready: string) => {
    if (new URL(page.url()).hash === hash) await page.reload();
    else await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
    await page.locator(ready).first().waitFor();
  };

  /** Invites through the form; the link the page shows, after checking what it says about it. */
  const invite = async (name: string, email: string, role: string, staff?: string) => {
    const form = page.locator('form.invite');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('E-mail address').fill(email);
    await form.getByRole('radio', { name: role, exact: true }).check();
    if (staff) await form.getByLabel('Staff member').selectOption({ label: staff });
    await form.getByRole('button', { name: 'Invite' }).click();
    const panel = page.locator('section.person-link');
    await panel.getByRole('heading', { name: `The link for ${name}` }).waitFor();
    assert.match(await panel.innerText(), /shown only now[\s\S]*works once, for 7 days[\s\S]*The server does not send it/);
    // The test's server answers at 127.0.0.1 only, as a salon's does before it is given an address.
    assert.match(
      await panel.locator('.notice').innerText(),
      /This link opens only on this computer: it carries the address this page is open at, 127\.0\.0\.1:\d+\./,
    );
    return page.locator('#person-link').inputValue();
  };

  it('leads from Settings to People, which lists the owner the first run made', async () => {
    await page.getByRole('link', { name: 'Invite and manage people' }).click();
    await page.getByRole('heading', { name: 'People', exact: true }).waitFor();
    // The first run made the owner's account (test/first-account.test.ts; here ensureAnAccount).
    assert.match(await card(FIRST_OWNER.name).innerText(), /Active[\s\S]*Owner/);
    assert.equal(await page.locator('article.person').count(), 1);
    assert.doesNotMatch(await page.locator('#view').innerText(), /\bnull\b|undefined/);
    assert.equal(await page.locator('nav a[aria-current="page"]').getAttribute('data-view'), 'settings');
  });

  it('invites a front desk person and a stylist, each with a link that works once', async () => {
    const form = page.locator('form.invite');
    assert.equal(await form.getByLabel('Staff member').isVisible(), false, 'a staff member is asked only for a stylist');
    await form.getByRole('radio', { name: 'Stylist', exact: true }).check();
    await form.getByRole('button', { name: 'Invite' }).click();
    await form.getByText('Give the person a name.').waitFor();
    await form.getByText('Choose which staff member the stylist is.').waitFor();

    const deskLink = await invite('Fiona Front', 'fiona@salon.test', 'Front desk');
    assert.match(deskLink, new RegExp(`^${app.url}/#welcome/[\\w-]{32}$`));
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied.').waitFor();
    const copied = await page.evaluate(() =>
      (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
    );
    assert.equal(copied, deskLink);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.locator('section.person-link').waitFor({ state: 'detached' });

    const stylistLink = await invite('Sami Stylist', 'sami@salon.test', 'Stylist', 'Anna');
    await page.getByRole('button', { name: 'Done' }).click();
    const sami = card('Sami Stylist');
    assert.match(await sami.innerText(), /Invited[\s\S]*sami@salon\.test[\s\S]*Stylist[\s\S]*Anna/);
    assert.match(await card('Fiona Front').innerText(), /Invited[\s\S]*Front desk/);

    for (const link of [deskLink, stylistLink]) {
      const used = await useLink(app, secretOf(link));
      assert.equal(used.status, 200, used.text);
      assert.equal((await useLink(app, secretOf(link))).status, 410, 'the link works once');
    }
    assert.equal((await useLink(app, secretOf(stylistLink))).body.code, 'link_expired');
    await open('#people', 'article.person');
    assert.match(await card('Fiona Front').innerText(), /Active/);
    const listed = (await admin(app, 'GET', '/users', undefined, 200)).body.data.filter(
      (p: { email: string }) => p.email !== FIRST_OWNER.email,
    );
    assert.deepEqual(
      listed.map((p: { email: string; role: string; staffId: number | null; status: string }) => [p.email, p.role, p.staffId, p.status]),
      [
        ['fiona@salon.test', 'front_desk', null, 'active'],
        ['sami@salon.test', 'stylist', salon.anna, 'active'],
      ],
    );
  });

  it('switches a person off after a question, and on again', async () => {
    const fiona = card('Fiona Front');
    await fiona.getByRole('button', { name: 'Switch off' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Switch off Fiona Front’s account?').waitFor();
    assert.match(await dialog.innerText(), /signed out everywhere at once and can no longer sign in/);
    await dialog.getByRole('button', { name: 'Switch off' }).click();
    await card('Fiona Front').getByText('Switched off: Fiona Front can no longer sign in.').waitFor();
    assert.match(await card('Fiona Front').locator('.badge').innerText(), /Switched off/);
    const users = (await admin(app, 'GET', '/users', undefined, 200)).body.data;
    assert.equal(users.find((p: { name: string }) => p.name === 'Fiona Front').status, 'switched_off');

    await card('Fiona Front').getByRole('button', { name: 'Switch on' }).click();
    await card('Fiona Front').getByText('Switched on: Fiona Front can sign in again with their password.').waitFor();
    assert.match(await card('Fiona Front').locator('.badge').innerText(), /Active/);
  });

  it('makes a new link for a person, shown the same way, and the old one stops working', async () => {
    await card('Sami Stylist').getByRole('button', { name: 'New link' }).click();
    await page.locator('section.person-link').getByRole('heading', { name: 'The link for Sami Stylist' }).waitFor();
    const link = await page.locator('#person-link').inputValue();
    assert.equal((await useLink(app, secretOf(link), 'lilac combs at dawn')).status, 200);
    await page.getByRole('button', { name: 'Done' }).click();
  });

  it('changes a role, and the only owner stays one, saying why', async () => {
    guard.expect(/status of 409/);
    const olga = card(FIRST_OWNER.name);
    await olga.getByRole('button', { name: 'Change role' }).click();
    await olga.getByLabel('Role').selectOption({ label: 'Front desk' });
    await olga.getByRole('button', { name: 'Save the role' }).click();
    await olga.getByText('This is the only owner. Make someone else an owner first').waitFor();
    assert.equal(
      (await admin(app, 'GET', '/users', undefined, 200)).body.data.find((p: { name: string }) => p.name === FIRST_OWNER.name).role,
      'owner',
    );

    await olga.getByRole('button', { name: 'Cancel' }).click();
    const sami = card('Sami Stylist');
    await sami.getByRole('button', { name: 'Change role' }).click();
    await sami.getByLabel('Role').selectOption({ label: 'Stylist' });
    await sami.getByLabel('Staff member').selectOption({ label: 'Ben' });
    await sami.getByRole('button', { name: 'Save the role' }).click();
    await card('Sami Stylist')
      .getByText(/^Saved: Sami Stylist’s role is Stylist/)
      .waitFor();
    assert.match(await card('Sami Stylist').innerText(), /Ben/);
  });

  it('shows a person’s account history: who invited, changed and signed them in, newest first', async () => {
    await card('Sami Stylist').getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'History of Sami Stylist’s account' }).waitFor();
    const rows = page.locator('table.activity tbody tr');
    await page.getByText('5 entries, newest first.').waitFor();
    const lines = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.children].slice(1).map((td) => (td as { innerText: string }).innerText)),
    );
    assert.deepEqual(
      lines.map(([who, what]) => [what, who]),
      [
        ['Account changed', 'The back office'],
        ['Chose a password with a one-time link', 'Sami Stylist'],
        ['A new one-time link made', 'The back office'],
        ['Chose a password with a one-time link', 'Sami Stylist'],
        ['Invited', 'The back office'],
      ],
    );
    assert.match(lines[0]![2]!, /^Staff member: Anna → Ben; from 127\.0\.0\.1$/);
    assert.match(lines[4]![2]!, /^Role: Stylist; Staff member: Anna; from 127\.0\.0\.1$/);
    assert.equal(
      new URL(page.url()).hash,
      `#people/${(await admin(app, 'GET', '/users', undefined, 200)).body.data.find((p: { name: string }) => p.name === 'Sami Stylist').id}`,
    );
    await page.getByRole('link', { name: '← People' }).click();
    await card('Sami Stylist').waitFor();
  });

  it('says on Your account that the access code is not a person', async () => {
    await open('#account', '.account');
    await page.getByText('You are logged in with the access code. It is not a person').waitFor();
    await page.locator('#view').getByRole('link', { name: 'People' }).waitFor();
  });

  describe('signed in as a person', () => {
    it('shows who they are and where they are signed in, and ends another device', async () => {
      const invited = await admin(app, 'POST', '/users', { name: 'Dora Desk', email: 'dora@salon.test', role: 'front_desk' }, 201);
      assert.equal((await useLink(app, secretOf(invited.body.link))).status, 200);
      // The page leaves the access code and signs Dora in, as she would at the desk.
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('button', { name: 'Sign in with an e-mail address and password instead' }).click();
      // At 127.0.0.1 no passkey button, and a sentence leading to the page's name on this computer.
      assert.equal(await page.locator('#passkey-sign-in').isVisible(), false);
      const named = page.locator('#passkey-elsewhere');
      assert.match(await named.innerText(), /^Signing in with a passkey works at the page’s name: http:\/\/localhost:\d+$/);
      assert.equal(await named.getByRole('link').getAttribute('href'), `${app.url.replace('127.0.0.1', 'localhost')}/`);
      await page.getByLabel('E-mail address').fill('dora@salon.test');
      await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.locator('#shell').waitFor();
      const elsewhere = await app.request('POST', '/admin/api/session', {
        body: { email: 'dora@salon.test', password: GOOD_PASSWORD },
        headers: { Origin: app.url, 'User-Agent': FIREFOX_ON_WINDOWS },
      });
      assert.ok(sessionCookieOf(elsewhere), elsewhere.text);
      await open('#account', '.account .sessions');
      const view = page.locator('#view');
      await view.getByRole('heading', { name: 'Dora Desk' }).waitFor();
      assert.match(await view.locator('.facts').innerText(), /dora@salon\.test[\s\S]*Front desk/);

      // The link's own session (opened from this test), the page's, and Firefox's.
      const sessions = page.locator('.sessions-list li');
      assert.equal(await sessions.count(), 3);
      const here = sessions.filter({ hasText: 'This device' });
      assert.match(await here.innerText(), /Chrome on Linux[\s\S]*Address .*last used/);
      assert.equal(await here.getByRole('button', { name: 'End' }).count(), 0, 'this device is not ended from here');
      const other = sessions.filter({ hasText: 'Firefox on Windows' });
      await other.getByRole('button', { name: 'End' }).click();
      await page.getByText('Ended: Firefox on Windows is signed out.').waitFor();
      assert.equal(await sessions.count(), 2);
      const cookie = sessionCookieOf(elsewhere) ?? '';
      const ended = await app.request('GET', '/admin/api/session', { headers: { Cookie: cookie } });
      assert.equal(ended.status, 401);
    });

    it('changes their password, saying why a new one will not do', async () => {
      const form = page.locator('form.password-form');
      const change = async (current: string, next: string, again = next) => {
        await form.getByLabel('Current password', { exact: true }).fill(current);
        await form.getByLabel('New password', { exact: true }).fill(next);
        await form.getByLabel('New password again').fill(again);
        await form.getByRole('button', { name: 'Change password' }).click();
      };
      await change(GOOD_PASSWORD, 'lilac combs at dawn', 'lilac combs at dusk');
      await form.getByText('The two new passwords are not the same.').waitFor();
      guard.expect(/status of 400/);
      await change(GOOD_PASSWORD, 'short');
      await form.getByText('The password needs at least 10 characters.').waitFor();
      guard.expect(/status of 400/);
      await change(GOOD_PASSWORD, 'dora@salon.test');
      await form.getByText('The password cannot be your e-mail address or your name').waitFor();
      guard.expect(/status of 400/);
      await change('not my password', 'lilac combs at dawn');
      await form.getByText('The current password is not right.').waitFor();
      await change(GOOD_PASSWORD, 'lilac combs at dawn');
      await form.getByText('Your password is changed.').waitFor();
      const signIn = await app.request('POST', '/admin/api/session', {
        body: { email: 'dora@salon.test', password: 'lilac combs at dawn' },
        headers: { Origin: app.url },
      });
      assert.equal(signIn.status, 200, signIn.text);
      // The page is still signed in: its own session did not end.
      await open('#account', '.account .sessions');
      await page.locator('.sessions-list li', { hasText: 'This device' }).waitFor();
    });
  });
});

describe('People and Your account of a salon that speaks German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    // Olga is the owner the first run made: the access code then signs in as for recovery.
    const olga = await admin(app, 'POST', '/users', { name: 'Olga Owner', email: 'olga@salon.test', role: 'owner' }, 201);
    assert.equal((await useLink(app, secretOf(olga.body.link))).status, 200);
  });
  const { page, guard } = useBrowser({ app, logInAt: '/#people' });
  const DATA = ['Salon Sonne', 'Olga Owner', 'Sami Stylist', 'Anna', 'Ben'];

  it('invites a stylist, shows the link and refuses to demote the only owner, in German', async () => {
    await page.getByRole('heading', { name: 'Personen', exact: true }).waitFor();
    await settled(page);
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);
    const form = page.locator('form.invite');
    await form.getByLabel('Name').fill('Sami Stylist');
    await form.getByLabel('E-Mail-Adresse').fill('sami@salon.test');
    await form.getByRole('radio', { name: 'Stylist/in', exact: true }).check();
    await form.getByLabel('Teammitglied').selectOption({ label: 'Anna' });
    await form.getByRole('button', { name: 'Einladen' }).click();
    await page.getByRole('heading', { name: 'Der Link für Sami Stylist' }).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);

    guard.expect(/status of 409/);
    const olga = page.locator('article.person', { hasText: 'Olga Owner' });
    await olga.getByRole('button', { name: 'Rolle ändern' }).click();
    await olga.getByLabel('Rolle').selectOption({ label: 'Empfang' });
    await olga.getByRole('button', { name: 'Rolle speichern' }).click();
    await olga.getByText(/^Das ist die einzige Inhaberin bzw. der einzige Inhaber\./).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);
  });

  it('says in German that the access code is no person', async () => {
    await page.evaluate('location.hash = "#account"');
    await page.getByText(/^Sie sind mit dem Zugangscode angemeldet\./).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);
  });
});
