import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { GOOD_PASSWORD, person } from './helpers/people.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 23 section 2: a person adds a passkey in Your account and then signs in with it alone.
// Chromium's own virtual authenticator (DevTools protocol, WebAuthn domain) plays the device:
// a real WebAuthn ceremony, with real signatures the server checks, and no mock of either side.
describe('passkeys, in Chromium with a virtual authenticator', () => {
  if (skippedWithoutChromium()) return;
  const { app } = useSalon({ name: 'Hair by Anna' });
  const { page, guard } = useBrowser({ app });
  /** Passkeys belong to a name: the page is opened at localhost (127.0.0.1 by name). */
  const named = () => app.url.replace('127.0.0.1', 'localhost');
  let authenticatorId = '';

  before(async () => {
    await person(app, { name: 'Olga Owner', email: 'olga@salon.test', role: 'owner' });
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    const added = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    authenticatorId = added.authenticatorId;
    assert.ok(authenticatorId);
  });

  it('offers no passkey at an IP address, and says how to open the page instead', async () => {
    await page.goto(`${app.url}/`);
    await page.locator('#sign-in-form').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Sign in with a passkey' }).isVisible(), false);
    await page.getByLabel('E-mail address').fill('olga@salon.test');
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('#shell').waitFor();
    await page.goto(`${app.url}/#account`);
    await page.getByText('Passkeys belong to a name, not to an address such as 127.0.0.1', { exact: false }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add a passkey' }).count(), 0);
  });

  it('adds a passkey in Your account, then signs in with it alone', async () => {
    await page.goto(`${named()}/`);
    await page.getByLabel('E-mail address').fill('olga@salon.test');
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('#shell').waitFor();
    await page.goto(`${named()}/#account`);
    await page.getByLabel('Name of this device').fill('Laptop at the desk');
    guard.expect(/status of 400/);
    await page.getByLabel('Your password, to confirm it is you').fill('not my password at all');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('The current password is not right.').waitFor();
    await page.getByLabel('Your password, to confirm it is you').fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Added: “Laptop at the desk” signs you in from now on.').waitFor();
    await page.locator('.passkey', { hasText: 'Laptop at the desk' }).getByText('not used yet', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.locator('#sign-in-form').waitFor();
    // The browser's answer is kept as it goes to the server, to send it a second time below.
    const sent = page.waitForRequest((request) => request.url().endsWith('/admin/api/session/passkey') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.locator('#shell').waitFor();
    assert.equal(await page.locator('#me-name').innerText(), 'Olga Owner');
    const answer = (await sent).postData()!;

    // The same answer again: its challenge was used.
    const replayed = await fetch(`${named()}/admin/api/session/passkey`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: named() },
      body: answer,
    });
    assert.equal(replayed.status, 401);
    assert.equal(((await replayed.json()) as { code: string }).code, 'passkey_refused');

    await page.goto(`${named()}/#account`);
    await page.locator('.passkey', { hasText: 'Laptop at the desk' }).getByText('last used', { exact: false }).waitFor();
  });

  it('a removed passkey no longer signs in, and the page says so', async () => {
    await page.locator('.passkey', { hasText: 'Laptop at the desk' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Removed: “Laptop at the desk” no longer signs you in.').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.locator('#sign-in-form').waitFor();
    guard.expect(/status of 401/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.locator('#sign-in-message').getByText('This passkey did not sign you in.', { exact: false }).waitFor();
    assert.equal(await page.locator('#shell').isVisible(), false);
  });
});
