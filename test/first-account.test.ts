import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { accessCodeForm, type PageGlobals } from './helpers/browser.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useApp, useBrowser } from './helpers/suite.ts';

// Issue 23, section 1: "First run: the page's setup makes the owner's account (with the one-time
// code the server prints at first start). The admin token stays for the CLI, scripts and recovery,
// and is no longer what the page keeps." The access code opens the page once; its first step makes
// the owner a person, and from then on the page holds the session's cookie, not the code.

const kept = () => {
  const { localStorage, sessionStorage, document } = globalThis as unknown as PageGlobals & {
    sessionStorage: { length: number; key(index: number): string | null; getItem(key: string): string | null };
  };
  const values = (storage: { length: number; key(index: number): string | null; getItem(key: string): string | null }) =>
    Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i) ?? '') ?? '');
  return { stored: [...values(localStorage as never), ...values(sessionStorage)], cookies: document.cookie };
};

describe('the first run makes the owner’s account, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app } = useApp();
  const { page, guard } = useBrowser({ app });
  const users = async () =>
    (await admin(app, 'GET', '/users', undefined, 200)).body.data as { email: string; role: string; status: string }[];
  const signInStatus = async () =>
    (await app.request('POST', '/admin/api/session/status', { headers: { Origin: app.url } })).body as { accounts: boolean };

  const form = () => page.locator('#first-account');
  const logInWithCode = async () => {
    await accessCodeForm(page);
    await page.locator('#token').fill(ADMIN_TOKEN);
    await page.locator('#login-form button[type="submit"]').click();
  };

  it('asks for the owner’s name, e-mail and password before anything else', async () => {
    // An earlier try was invited and never chose its password (the server out of reach in between).
    await admin(app, 'POST', '/users', { name: 'Anna', email: 'anna@salon.test', role: 'owner' }, 201);
    await page.goto(`${app.url}/`);
    await logInWithCode();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    assert.equal(await page.locator('#shell').isVisible(), false, 'no menu and no setup before the account');

    await form().getByLabel('Your name').fill('Anna Berg');
    await form().getByLabel('E-mail address').fill('Anna@Salon.test');
    await form().getByLabel('Password', { exact: true }).fill('violet scissors at noon');
    await form().getByLabel('The same password again').fill('violet scissors at dusk');
    await form().getByRole('button', { name: 'Make my account and go on' }).click();
    await page.locator('#first-account-message', { hasText: 'The two passwords are not the same' }).waitFor();
    assert.deepEqual(await signInStatus(), { accounts: false }, 'nothing made by a refused form');

    // The server's refusal, said where the form is, with what was typed kept.
    await admin(app, 'POST', '/users', { name: 'Desk', email: 'desk@salon.test', role: 'front_desk' }, 201);
    await form().getByLabel('E-mail address').fill('desk@salon.test');
    await form().getByLabel('The same password again').fill('violet scissors at noon');
    guard.expect(/status of 409/);
    await form().getByRole('button', { name: 'Make my account and go on' }).click();
    await page.locator('#first-account-message', { hasText: 'There is already an account for this e-mail address.' }).waitFor();
    assert.equal(await form().getByLabel('Your name').inputValue(), 'Anna Berg');
    assert.deepEqual(await signInStatus(), { accounts: false });

    await form().getByLabel('E-mail address').fill('Anna@Salon.test');
    guard.expect(/status of 409/); // Anna's earlier invitation: her link again.
    await form().getByRole('button', { name: 'Make my account and go on' }).click();
    await page.getByRole('heading', { name: 'Welcome: set up your salon' }).waitFor();
  });

  it('ends signed in as that person by the session’s cookie, the access code kept nowhere in the browser', async () => {
    const { stored, cookies } = await page.evaluate(kept);
    assert.ok(!stored.some((value) => value.includes(ADMIN_TOKEN)), `the access code is kept: ${stored}`);
    assert.equal(cookies, '', 'the session cookie is HttpOnly');
    const who = (await page.evaluate(() => fetch('/admin/api/session').then((answer) => answer.json()))) as {
      via: string;
      user: { name: string };
      role: string;
    };
    assert.equal(who.via, 'session');
    assert.equal(who.user.name, 'Anna Berg');
    assert.equal(who.role, 'owner');
    const owners = (await users()).filter((user) => user.role === 'owner');
    assert.deepEqual(
      owners.map(({ email, status }) => ({ email, status })),
      [{ email: 'anna@salon.test', status: 'active' }],
      'one owner: the earlier invitation, used',
    );

    await page.getByLabel('Salon name').fill('Hair by Anna');
    await page.getByRole('button', { name: 'Create the salon' }).click();
    await page.locator('#me-name', { hasText: 'Anna Berg' }).waitFor();
    await page.reload();
    await page.locator('#me-name', { hasText: 'Anna Berg' }).waitFor();
  });

  it('takes the access code again for recovery without asking for an account', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.locator('#sign-in-email').waitFor();
    await logInWithCode();
    await page.locator('#shell').waitFor();
    assert.equal(await page.locator('#first-account').isVisible(), false);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.locator('#login').waitFor();
  });
});
