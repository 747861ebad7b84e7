import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PageGlobals } from './helpers/browser.ts';
import { GOOD_PASSWORD, person } from './helpers/people.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 23: people sign in to the page with their e-mail address and password (or open their
// one-time link), and see what their role opens; the access code stays a choice beside it.
describe('people signing in to the back office, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page, guard } = useBrowser({ app });
  const menu = async () => (await page.locator('nav a[data-view]:visible').allInnerTexts()).map((text) => text.trim());
  const stored = () =>
    page.evaluate(() => {
      const { localStorage } = globalThis as unknown as PageGlobals;
      return Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));
    });
  const signIn = async (email: string, password: string) => {
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('signs a front desk person in by e-mail and password, with the menu their role opens', async () => {
    await person(app, { name: 'Sam Desk', email: 'sam@salon.test', role: 'front_desk' });
    await page.goto(`${app.url}/`);
    await page.locator('#sign-in-form').waitFor();
    guard.expect(/status of 401/);
    await signIn('sam@salon.test', 'not my password at all');
    await page
      .locator('#sign-in-message')
      .getByText('The e-mail address or the password is not right. Check both and try again.')
      .waitFor();

    await signIn('sam@salon.test', GOOD_PASSWORD);
    await page.locator('.calendar').waitFor();
    assert.deepEqual(await menu(), ['Calendar', 'Inbox', 'Services', 'Staff', 'Clients', 'Reviews']);
    assert.equal(await page.locator('#me-name').innerText(), 'Sam Desk', 'their name, leading to their account');
    assert.equal(await page.locator('#nav-integrations').isVisible(), false, 'no Integrations heading over nothing');
    const kept = await stored();
    assert.equal(kept['booking-api.admin-token'], undefined, 'no access code kept for a person');
    assert.equal(await page.evaluate(() => (globalThis as any).document.cookie), '', 'the session cookie is HttpOnly');
    assert.doesNotMatch(JSON.stringify(kept), /booking_session|[\w-]{43}/, 'nor the session anywhere the scripts reach');

    await page.goto(`${app.url}/#settings`);
    await page.getByText('Your account does not open this part of the back office.', { exact: false }).waitFor();
  });

  it('logs out: the session ends on the server, and a reload stays at the sign-in', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.locator('#sign-in-message').getByText('You are logged out.').waitFor();
    await page.reload();
    await page.locator('#sign-in-form').waitFor();
    assert.equal(await page.locator('#shell').isVisible(), false);
  });

  it('opens a one-time link: the secret leaves the address, the password is chosen, and the stylist sees their own calendar', async () => {
    const book = async (staffId: number, time: string, name: string) =>
      admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        {
          ...bookingBody(salon.haircut, `${MONDAY}T${time}:00+01:00`),
          staffId,
          client: { name, email: `${name.toLowerCase()}@example.test` },
        },
        201,
      );
    await book(salon.anna, '10:00', 'Annaclient');
    await book(salon.ben, '11:00', 'Benclient');
    const invited = (
      await admin(app, 'POST', '/users', { name: 'Anna', email: 'anna@salon.test', role: 'stylist', staffId: salon.anna }, 201)
    ).body;
    await page.goto(invited.link);
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    assert.doesNotMatch(page.url(), /welcome/, 'the secret is gone from the address');

    await page.getByLabel('New password').fill('anna chooses well');
    await page.getByLabel('The same password again').fill('anna chooses badly');
    await page.getByRole('button', { name: 'Save the password and sign in' }).click();
    await page.getByText('The two passwords are not the same.', { exact: false }).waitFor();
    guard.expect(/status of 400/);
    await page.getByLabel('New password').fill('1234567890');
    await page.getByLabel('The same password again').fill('1234567890');
    await page.getByRole('button', { name: 'Save the password and sign in' }).click();
    await page.getByText('This password is among the most common ones', { exact: false }).waitFor();

    await page.getByLabel('New password').fill('anna chooses well');
    await page.getByLabel('The same password again').fill('anna chooses well');
    await page.getByRole('button', { name: 'Save the password and sign in' }).click();
    await page.locator('#shell').waitFor();
    await page.goto(`${app.url}/#calendar/${MONDAY}`);
    await page.locator('#view').getByText('Annaclient', { exact: false }).first().waitFor();
    assert.equal(await page.locator('#view').getByText('Benclient', { exact: false }).count(), 0, 'no colleague’s client');
    assert.equal(await page.getByRole('button', { name: 'New booking' }).count(), 0, 'booking is the desk’s');
    assert.equal(await page.locator('.ec-draggable').count(), 0, 'and so is moving: nothing to drag');
    assert.deepEqual(await menu(), ['Calendar']);
  });

  it('sends a person whose sessions the owner ended back to the sign-in, with a sentence', async () => {
    const anna = (await admin(app, 'GET', '/users', undefined, 200)).body.data.find((one: any) => one.email === 'anna@salon.test');
    await admin(app, 'POST', `/users/${anna.id}/end-sessions`, undefined, 200);
    // Each of the calendar's requests at the time is refused (services, staff, bookings, closures, time off).
    for (let request = 0; request < 6; request += 1) guard.expect(/status of 401/);
    await page.goto(`${app.url}/#calendar/${MONDAY}/week`);
    await page.locator('#sign-in-message').getByText('You have been signed out: your session ended', { exact: false }).waitFor();
  });
});
