import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27, a new-user trial in an American Chromium: the page wrote times in 12 hours beside its
// calendar's 24, and a date field read 11/23/2026 on a German page. Chromium writes a date or time
// field in the browser's language whatever the document's lang says (tried: lang="de" on the page
// and on the field change nothing), so the page shows such a field's value its own way in its place
// (dom.js inPageWords()), and every time in 24 hours (docs/decisions.md, "One hour cycle").

/** What a date or time field shows: the text style.css puts in place of Chromium's own. */
const shown = (page: Page, selector: string) =>
  page.locator(selector).evaluate((field) => String((globalThis as any).getComputedStyle(field, '::before').content).replace(/^"|"$/g, ''));

describe('times in 24 hours in an American browser, on a salon’s page in American English, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, clock, salon } = useSalon({ name: 'Hair by Anna' });
  let bookingId = 0;
  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'en-US' }, 200);
    const body = {
      serviceId: salon.haircut,
      staffId: salon.anna,
      startTime: `${MONDAY}T14:00:00+01:00`,
      client: { name: 'Clara Weiss', phone: '+49 30 555' },
    };
    bookingId = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id;
  });
  const { page } = useBrowser({ app, pageClock: clock, locale: 'en-US', logInAt: '/#calendar' });

  it('writes when a booking was made in 24 hours (11:00 in Berlin), as the calendar writes its times', async () => {
    await page.goto(`${app.url}/#bookings/${bookingId}`);
    const booked = page.locator('dt', { hasText: /^Booked$/ }).locator('xpath=following-sibling::dd[1]');
    const text = await booked.innerText();
    assert.match(text, /11:00/);
    assert.doesNotMatch(text, /AM|PM/i);
  });

  it('writes the activity’s times in 24 hours', async () => {
    await page.goto(`${app.url}/#activity`);
    const first = page.locator('table.activity tbody tr').first();
    await first.waitFor();
    for (const when of await page.locator('table.activity tbody tr td:first-child').allInnerTexts()) assert.doesNotMatch(when, /AM|PM/i);
  });

  it('shows the new booking’s time field in 24 hours, not 02:30 PM', async () => {
    await page.goto(`${app.url}/#calendar/${MONDAY}`);
    await page.getByRole('button', { name: 'New booking' }).click();
    const form = page.locator('dialog.form-dialog');
    await form.getByLabel('Time').fill('14:30');
    assert.equal(await shown(page, 'dialog.form-dialog input[type="time"]'), '14:30');
    assert.equal(await shown(page, 'dialog.form-dialog input[type="date"]'), '11/23/2026', 'the page’s own order: American');
    await page.keyboard.press('Escape');
  });
});

describe('a date field in the page’s order in an American browser, on a German page, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, clock, salon } = useSalon({ name: 'Salon Sonne' });
  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
  });
  const { page } = useBrowser({ app, pageClock: clock, locale: 'en-US', logInAt: `/#calendar/${MONDAY}` });

  it('reads 23.11.2026, and the next day’s date after a step, a choice in the field keeping its value', async () => {
    await page.getByRole('heading', { name: 'Montag, 23. November 2026', exact: true }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    assert.equal(await shown(page, '#calendar-date'), '23.11.2026');
    await page.getByRole('button', { name: 'Nächster Tag' }).click();
    await page.getByRole('heading', { name: 'Dienstag, 24. November 2026', exact: true }).waitFor();
    assert.equal(await shown(page, '#calendar-date'), '24.11.2026');
    await page.locator('#calendar-date').fill('2026-12-01');
    await page.getByRole('heading', { name: 'Dienstag, 1. Dezember 2026', exact: true }).waitFor();
    assert.equal(await page.locator('#calendar-date').inputValue(), '2026-12-01');
    assert.equal(await shown(page, '#calendar-date'), '01.12.2026');
  });

  it('shows an empty date field’s pattern in German', async () => {
    await page.goto(`${app.url}/#activity`);
    await page.locator('#activity-from').waitFor();
    assert.equal(await shown(page, '#activity-from'), 'TT.MM.JJJJ');
  });

  it('shows a new key’s expiry date in German, and the empty pattern again once the key is made', async () => {
    await page.goto(`${app.url}/#keys`);
    await page.locator('#key-expires').fill('2027-03-31');
    assert.equal(await shown(page, '#key-expires'), '31.03.2027');
    await page.locator('#key-name').fill('Website');
    await page.locator('form.key-form button[type="submit"]').click();
    await page.waitForFunction(() => (globalThis as any).document.querySelector('#key-expires').value === '');
    assert.equal(await shown(page, '#key-expires'), 'TT.MM.JJJJ');
  });
});
