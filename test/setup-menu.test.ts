import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { logIn } from './helpers/browser.ts';
import { skippedWithoutChromium, useApp, useBrowser } from './helpers/suite.ts';

// Issue 38, a new user's first run: during the setup the whole menu (Calendar, Inbox, Reports,
// Connections…) was shown and clickable while no salon existed. Only "Log out" until the salon is made.

describe('the menu during the first-run setup, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app } = useApp();
  const { page } = useBrowser({ pageClock: clock });
  const menuLinks = () => page.locator('#sections a:visible');

  it('shows only "Log out" until the setup made the salon, then the whole menu', async () => {
    await logIn(page, `${app.url}/`, ADMIN_TOKEN);
    await page.getByRole('heading', { name: 'Welcome: set up your salon' }).waitFor();
    assert.deepEqual(await menuLinks().allInnerTexts(), [], 'no view but the setup to go to');
    assert.equal(await page.locator('#sections .nav-group:visible').count(), 0);
    assert.equal(await page.locator('#logout').isVisible(), true, 'Log out stays');

    await page.getByLabel('Salon name').fill('Hair by Anna');
    await page.getByRole('button', { name: 'Create the salon' }).click();
    await page.locator('#sections a[data-view="calendar"]').waitFor();
    const shown = await menuLinks().allInnerTexts();
    for (const name of ['Calendar', 'Staff', 'Settings', 'Connections']) assert.ok(shown.includes(name), `${name} in ${shown}`);
  });
});
