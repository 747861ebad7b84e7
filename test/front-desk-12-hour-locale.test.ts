import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A browser whose language writes times with AM/PM (English, US): the calendar's booking must read
// "10:00 – 10:45" like its hour labels and the day's list beside it, not "10:00 – 10:45 AM".
describe('the calendar in a browser that writes 12-hour times, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });

  before(async () => {
    const client = { name: 'Clara Weiss', phone: '+49 30 555' };
    const startTime = `${MONDAY}T10:00:00+01:00`;
    await admin(app, 'POST', `${salon.base}/bookings`, { serviceId: salon.haircut, staffId: salon.anna, startTime, client }, 201);
  });
  const { page } = useBrowser({ app, locale: 'en-US', logInAt: `/#calendar/${MONDAY}` });

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
