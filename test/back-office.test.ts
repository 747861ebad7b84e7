import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_TOKEN, TestApp } from './helpers/app.ts';
import { fitsWidth, openBrowser, PageGuard, skipWithoutChromium, type Browser } from './helpers/browser.ts';
import { admin, makeSalon, type Salon } from './helpers/salon.ts';

// The salon's back office in Chromium: each screen does its main job, and the result is read back
// through the admin API. One browser, one tab, one login for the whole file.
describe('the back office in Chromium', () => {
  const skip = skipWithoutChromium();
  if (skip) {
    it('runs in Chromium', { skip }, () => {});
    return;
  }
  let app: TestApp;
  let salon: Salon;
  let browser: Browser;
  let page: Page;
  let guard: PageGuard;

  before(async () => {
    app = await TestApp.start();
    salon = await makeSalon(app, 'Hair by Anna');
    browser = await openBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    guard = new PageGuard(page);
    await page.goto(`${app.url}/#services`);
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('#shell').waitFor();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });
  afterEach(() => guard?.assertClean());

  const nav = (name: string) => page.getByRole('link', { name, exact: true }).click();
  const get = async (path: string) => (await admin(app, 'GET', `${salon.base}${path}`, undefined, 200)).body;
  const dialog = () => page.getByRole('dialog');
  const confirm = async (button: string) => {
    await dialog().getByRole('button', { name: button }).click();
    await dialog().waitFor({ state: 'detached' });
  };
  const good = () => page.locator('#view .notice.good');
  const refusal = () => page.locator('#view .notice.error');

  it('services: adds one, changes its price, switches it off and deletes it, asking first', async () => {
    await nav('Services');
    await page.locator('.card.service', { hasText: 'Haircut' }).waitFor();
    await page.getByRole('link', { name: 'Add a service' }).click();
    await page.getByLabel('Name').fill('Beard trim');
    await page.getByLabel('Duration in minutes').fill('3');
    await page.getByLabel('Price in EUR').fill('12,50');
    await page.getByLabel('Minutes to prepare before').fill('5');
    await page.getByLabel('Minutes to clean up after').fill('10');
    await page.getByRole('button', { name: 'Add service' }).click();
    assert.equal(await refusal().innerText(), 'The duration must be between 5 and 720.');

    await page.getByLabel('Duration in minutes').fill('20');
    await page.getByRole('button', { name: 'Add service' }).click();
    await good().getByText('Added “Beard trim”: 20 minutes (plus 5 minutes to prepare and 10 minutes to clean up), €12.50.').waitFor();
    assert.equal(page.url().endsWith('#services'), true, page.url());
    const made = (await get('/services')).data.find((s: { name: string }) => s.name === 'Beard trim');
    assert.deepEqual(
      [made.durationMinutes, made.price, made.currency, made.bufferBeforeMinutes, made.bufferAfterMinutes, made.active],
      [20, 1250, 'EUR', 5, 10, true],
    );

    await page.getByRole('link', { name: 'Beard trim' }).click();
    await page.getByLabel('Price in EUR').fill('15');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await good().getByText('Saved “Beard trim”.', { exact: false }).waitFor();
    assert.equal((await get(`/services/${made.id}`)).price, 1500);

    await page.getByRole('button', { name: 'Switch off' }).click();
    assert.match(await dialog().innerText(), /Clients can no longer book it/);
    await confirm('Switch off');
    await good().getByText('“Beard trim” is switched off: it can no longer be booked.').waitFor();
    assert.equal((await get(`/services/${made.id}`)).active, false);
    assert.equal(await page.locator('.view-head .badge').innerText(), 'Switched off');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm('Cancel');
    assert.equal((await get(`/services/${made.id}`)).id, made.id, 'cancel deleted it');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm('Delete service');
    await good().getByText('Deleted “Beard trim”.').waitFor();
    assert.equal((await admin(app, 'GET', `${salon.base}/services/${made.id}`)).status, 404);
    assert.equal(await page.locator('.card.service', { hasText: 'Beard trim' }).count(), 0);
  });

  it('every screen fits a 375 px phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      for (const [hash, ready] of [
        ['#services', '.card.service'],
        [`#services/${salon.haircut}`, '.edit-form'],
      ]) {
        await page.goto(`${app.url}/${hash}`);
        await page.locator(ready!).first().waitFor();
        const { scrollWidth, width } = await fitsWidth(page);
        assert.ok(scrollWidth <= width, `${hash} is ${scrollWidth} px wide on a ${width} px screen`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
