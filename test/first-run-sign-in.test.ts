import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { person } from './helpers/people.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useApp, useBrowser } from './helpers/suite.ts';

// Issue 38, a new user's first run: the sign-in led with e-mail and password while no account
// existed yet, the access code (the only way in) a small link beneath. The server now says, without
// a credential, whether anybody has an account; the page opens on the access code while nobody has.

describe('the sign-in of a first run, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app } = useApp();
  const { page } = useBrowser({ app });
  const status = () => app.request('POST', '/admin/api/session/status', { headers: { Origin: app.url } });

  it('opens on the access code while nobody has an account, on e-mail and password once somebody has', async () => {
    const before = await status();
    assert.equal(before.status, 200, before.text);
    assert.deepEqual(before.body, { accounts: false });
    const elsewhere = await app.request('POST', '/admin/api/session/status', { headers: { Origin: 'https://elsewhere.test' } });
    assert.equal(elsewhere.status, 403, 'only the server’s own page asks');

    await page.goto(`${app.url}/`);
    await page.locator('#token').waitFor();
    assert.equal(await page.locator('#sign-in-form').isVisible(), false, 'no e-mail and password form on a first run');

    // Invited, not yet with a password: still nobody can sign in with one.
    const invited = (await admin(app, 'POST', '/users', { name: 'Ina', email: 'ina@salon.test', role: 'front_desk' }, 201)).body;
    assert.equal(invited.user.status, 'invited');
    assert.deepEqual((await status()).body, { accounts: false });

    await person(app, { name: 'Sam Desk', email: 'sam@salon.test', role: 'front_desk' });
    assert.deepEqual((await status()).body, { accounts: true });
    await page.reload();
    await page.locator('#sign-in-email').waitFor();
    assert.equal(await page.locator('#login-form').isVisible(), false);
  });
});
