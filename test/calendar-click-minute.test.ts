import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { GOOD_PASSWORD, person } from './helpers/people.ts';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A new salon owner's trial in Chromium: a click at 09:40 on the grid opened the booking form at
// 09:30 (the library gives the start of the quarter of an hour clicked), and a stylist's click on
// their own column did nothing at all, though what they can do there is take time off.

/** Clicks the `nth` column of the day's grid at `time` ("09:40"), placed by the hour labels on the grid's side. */
async function clickAt(page: Page, nth: number, time: string) {
  const column = (await page.locator('.ec-body .ec-day').nth(nth).boundingBox())!;
  const [ten, eleven] = [
    (await page.locator('.ec-body .ec-sidebar time[datetime$="T10:00:00"]').boundingBox())!,
    (await page.locator('.ec-body .ec-sidebar time[datetime$="T11:00:00"]').boundingBox())!,
  ];
  // An hour is the distance between two hour labels after the first (each sits the same way on its line).
  const hour = eleven.y - ten.y;
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const firstHour = Number((await page.locator('.ec-body .ec-sidebar time').first().getAttribute('datetime'))!.slice(11, 13));
  const y = column.y + (hh - firstHour + mm / 60) * hour;
  await page.mouse.click(column.x + column.width / 2, y);
}

describe('a click on the grid at a minute, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Hair by Anna' });
  before(async () => {
    await person(app, { name: 'Anna', email: 'anna@salon.test', role: 'stylist', staffId: salon.anna });
  });

  describe('at the front desk', () => {
    const { page } = useBrowser({ app, pageClock: clock, logInAt: `/#calendar/${MONDAY}` });

    it('opens the booking form at the minute clicked, to 5 minutes, and its time can still be changed', async () => {
      const dialog = page.locator('dialog.form-dialog');
      for (const [clicked, filled] of [
        ['09:40', '09:40'],
        ['11:52', '11:50'],
        ['14:13', '14:15'],
      ]) {
        await page.locator('.ec-col-head', { hasText: 'Ben' }).waitFor();
        await clickAt(page, 1, clicked!);
        await dialog.waitFor();
        assert.equal(await dialog.getByLabel('Time').inputValue(), filled, `a click at ${clicked}`);
        assert.equal(await dialog.getByLabel('Staff member').inputValue(), String(salon.ben));
        await dialog.getByLabel('Time').fill('16:05');
        assert.equal(await dialog.getByLabel('Time').inputValue(), '16:05', 'the time field stays editable');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        // A time typed: the form asks before it loses it.
        await page.locator('dialog.confirm').getByRole('button', { name: 'Discard' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
    });
  });

  describe('as a stylist', () => {
    const { page } = useBrowser({ app, pageClock: clock });

    it('opens a stylist’s own time off from the time clicked in their column', async () => {
      await page.goto(`${app.url}/#calendar/${MONDAY}`);
      await page.getByLabel('E-mail address').fill('anna@salon.test');
      await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('.ec-col-head', { hasText: 'Anna' }).waitFor();
      await page.getByText('Click a free time in your column to take time off from then.', { exact: false }).waitFor();
      await clickAt(page, 0, '15:20');
      await page.getByRole('heading', { name: 'My time off' }).waitFor();
      assert.match(page.url(), new RegExp(`#time-off/${MONDAY}T15:20$`));
      await page.getByText('From your click on the calendar: Mon, 23 Nov 2026 from 15:20.', { exact: false }).waitFor();
      assert.equal(await page.getByLabel('Part of a day').isChecked(), true);
      assert.equal(await page.getByLabel('Day', { exact: true }).inputValue(), MONDAY);
      assert.equal(await page.getByLabel('From', { exact: true }).inputValue(), '15:20');
      assert.equal(await page.getByLabel('Until', { exact: true }).inputValue(), '16:20');
      await page.getByLabel('Until', { exact: true }).fill('17:00');
      await page.getByLabel('Note (optional)').fill('Dentist');
      await page.getByRole('button', { name: 'Add time off' }).click();
      await page.locator('#time-off-form .message-area').getByText('Added time off for Anna', { exact: false }).waitFor();
      const saved = (await admin(app, 'GET', `${salon.base}/staff/${salon.anna}/time-off`)).body.data;
      assert.deepEqual(
        saved.map((off: Record<string, unknown>) => [off.allDay, off.startTime, off.endTime, off.note]),
        [[false, `${MONDAY}T15:20:00.000+01:00`, `${MONDAY}T17:00:00.000+01:00`, 'Dentist']],
      );
    });
  });
});
