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

  it('lays the passkeys out as the page’s other forms: a list with name, when added and last used, each label above its field (the new-user trial found it cramped)', async () => {
    const row = page.locator('.passkey', { hasText: 'Laptop at the desk' });
    const facts = await row.locator('.facts dt').allInnerTexts();
    assert.deepEqual(facts, ['Added', 'Last used']);
    const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
    for (const id of ['passkey-name', 'passkey-password']) {
      const label = await box(`label[for="${id}"]`);
      const input = await box(`#${id}`);
      assert.ok(label.y + label.height <= input.y + 1, `${id}: its label above it`);
      assert.ok(Math.abs(label.x - input.x) < 2, `${id}: its label where it begins`);
      assert.ok(input.width >= 200, `${id}: room to type (${input.width}px)`);
    }
    const name = await box('#passkey-name');
    const password = await box('#passkey-password');
    assert.ok(password.y >= name.y + name.height + 8, 'the fields one under the other, with room between');
    const add = await box('.passkey-form button[type="submit"]');
    assert.ok(add.y >= password.y + password.height, 'the button under the fields');
  });

  it('asks before it removes a passkey, and keeps it when told to', async () => {
    await page.locator('.passkey', { hasText: 'Laptop at the desk' }).getByRole('button', { name: 'Remove' }).click();
    const question = page.locator('dialog.confirm');
    await question.getByText('Remove the passkey “Laptop at the desk”?').waitFor();
    await question.getByRole('button', { name: 'Keep it' }).click();
    await question.waitFor({ state: 'detached' });
    assert.equal(await page.locator('.passkey', { hasText: 'Laptop at the desk' }).count(), 1);
  });

  it('a removed passkey no longer signs in, and the page says so', async () => {
    await page.locator('.passkey', { hasText: 'Laptop at the desk' }).getByRole('button', { name: 'Remove' }).click();
    await page.locator('dialog.confirm').getByRole('button', { name: 'Remove the passkey' }).click();
    await page.getByText('Removed: “Laptop at the desk” no longer signs you in.').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.locator('#sign-in-form').waitFor();
    guard.expect(/status of 401/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.locator('#sign-in-message').getByText('This passkey did not sign you in.', { exact: false }).waitFor();
    assert.equal(await page.locator('#shell').isVisible(), false);
  });
});
