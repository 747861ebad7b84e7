import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_TOKEN, TestApp } from './helpers/app.ts';
import { logIn, openBrowser, PageGuard, skipWithoutChromium, type Browser } from './helpers/browser.ts';
import { TestClock } from './helpers/clock.ts';
import { admin, MONDAY, makeSalon, type Salon } from './helpers/salon.ts';

// A browser whose language writes times with AM/PM (English, US): the calendar's booking must read
// "10:00 – 10:45" like its hour labels and the day's list beside it, not "10:00 – 10:45 AM".
describe('the calendar in a browser that writes 12-hour times, in Chromium', () => {
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
    app = await TestApp.start({ clock: new TestClock() });
    salon = await makeSalon(app, 'Hair by Anna');
    const client = { name: 'Clara Weiss', phone: '+49 30 555' };
    const startTime = `${MONDAY}T10:00:00+01:00`;
    await admin(app, 'POST', `${salon.base}/bookings`, { serviceId: salon.haircut, staffId: salon.anna, startTime, client }, 201);
    browser = await openBrowser({ locale: 'en-US' });
    page = await browser.page();
    guard = new PageGuard(page);
    await logIn(page, `${app.url}/#calendar/${MONDAY}`, ADMIN_TOKEN);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });
  afterEach(() => guard?.assertClean());

  it('shows a booking’s time on the grid in 24-hour time, as its hour labels and the day’s list', async () => {
    const event = page.locator('.ec-event.booking', { hasText: 'Clara Weiss' });
    await event.waitFor();
    const text = await event.innerText();
    assert.match(text, /10:00\s*[–-]\s*10:45/);
    assert.doesNotMatch(text, /AM|PM/i);
    await page
      .locator('.day-list')
      .getByRole('link', { name: /10:00–10:45\s*Clara Weiss/ })
      .waitFor();
  });
});
