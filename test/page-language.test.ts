import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// One language per page (issue 27, defect 15): a browser set to German opened the English back
// office and read "Week of Montag", "10:00–11:30 Uhr" and "35,00 €" between English words. The
// page writes every date, time, weekday and amount in its own language, the salon's
// (static/js/locale.js): here the salon chose English. An amount field shows and reads money the
// way the page shows it. (A salon that chose German: back-office-german.test.ts.)
describe('the back office in a German browser, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  let bookingId = 0;

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'en-GB' }, 200);
    const client = { name: 'Clara Weiss', phone: '+49 30 555' };
    const body = { serviceId: salon.colour, staffId: salon.anna, startTime: `${MONDAY}T10:00:00+01:00`, client };
    bookingId = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id;
  });
  const { page } = useBrowser({ app, locale: 'de-DE', logInAt: `/#calendar/${MONDAY}/week` });

  it('writes the week, its days and a booking’s times in English', async () => {
    const event = page.locator('.ec-event.booking', { hasText: 'Clara Weiss' });
    await event.waitFor();
    assert.equal(await page.locator('.calendar h2').innerText(), 'Week of Monday, 23 November 2026');
    assert.match(await event.innerText(), /^10:00\s*–\s*11:30\n/);
    const grid = await page.locator('#calendar-grid').innerText();
    assert.match(grid, /\bMon\b/);
    assert.doesNotMatch(grid, /Uhr|Mo\.|Di\.|Montag/);

    await page.goto(`${app.url}/#calendar/${MONDAY}`);
    await page.locator('.calendar h2', { hasText: 'Monday, 23 November 2026' }).waitFor();
    await page
      .locator('.day-list')
      .getByRole('link', { name: /10:00–11:30\s*Clara Weiss/ })
      .waitFor();
  });

  it('shows the booking’s money and dates in English, and its payment field the same way', async () => {
    await page.goto(`${app.url}/#bookings/${bookingId}`);
    const facts = page.locator('#view');
    await facts.getByText('€80.00').first().waitFor();
    const text = await facts.innerText();
    assert.doesNotMatch(text, /80,00|Nov\.|Sa\.,/);
    assert.match(text, /21 Nov 2026/);
    assert.equal(await page.locator('#payment-amount').inputValue(), '80.00');
  });

  it('reads an amount as the page writes it, and refuses one it cannot read with a sentence', async () => {
    await page.goto(`${app.url}/#services/${salon.haircut}`);
    const price = page.getByLabel('Price in EUR');
    assert.equal(await price.inputValue(), '35.00');
    await price.fill('1,250.50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('#view .notice.good').waitFor();
    assert.equal((await admin(app, 'GET', `${salon.base}/services/${salon.haircut}`, undefined, 200)).body.price, 125_050);
    assert.equal(await page.getByLabel('Price in EUR').inputValue(), '1,250.50');

    await page.getByLabel('Price in EUR').fill('12 Euro');
    await page.getByRole('button', { name: 'Save changes' }).click();
    assert.equal(await page.locator('#view .notice.error').innerText(), 'The price must be an amount such as 35.50.');
    assert.equal((await admin(app, 'GET', `${salon.base}/services/${salon.haircut}`, undefined, 200)).body.price, 125_050);
  });
});
