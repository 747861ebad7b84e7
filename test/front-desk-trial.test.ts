import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { admin, bookingBody, SCHEDULE } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// What a new-user trial of the front desk found, each checked in Chromium against the real server.
// The salon is in Berlin and the browser in Honolulu (11 hours behind), so a page that used the
// device's time zone instead of the salon's would show it. The page's clock is set with the
// server's (playwright's page.clock), so "now" is the same instant on both sides.
describe('the front desk after a new-user trial, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  // Tuesday 24 November 2026, 08:00 in Berlin; still Monday 23 November, 21:00, in Honolulu.
  const { clock, app, salon } = useSalon({ name: 'Hair by Anna', now: Date.parse('2026-11-24T08:00:00+01:00') });
  const { page } = useBrowser({ app, timezoneId: 'Pacific/Honolulu', pageClock: clock, logInAt: '/#settings' });
  /** Moves the server's clock and the page's together. */
  const setNow = async (iso: string) => {
    clock.set(Date.parse(iso));
    await page.clock.setFixedTime(new Date(iso));
  };

  /** True when `first` comes before `second` in the page (and so in the Tab order of plain controls). */
  const comesBefore = async (first: Locator, second: Locator) => {
    const handle = await second.elementHandle();
    return first.evaluate((a, b) => Boolean(a.compareDocumentPosition(b as never) & 4), handle);
  };

  it('setup: a staff member “Works on Monday”, the salon is “Open on Monday”', async () => {
    await page.goto(`${app.url}/#setup/staff`);
    await page.getByLabel('Staff member’s name').waitFor();
    for (const day of ['Monday', 'Saturday', 'Sunday']) await page.getByLabel(`Works on ${day}`, { exact: true }).waitFor();
    assert.equal(await page.getByText(/^Open on /).count(), 0, 'no “Open on” in the staff step');
    await page.goto(`${app.url}/#setup/salon`);
    await page.getByLabel('Open on Monday', { exact: true }).waitFor();
    assert.equal(await page.getByText(/^Works on /).count(), 0, 'no “Works on” in the salon step');
  });

  it('setup: the booking page and the line for the website, with no key in it, come before the way out', async () => {
    const keysBefore = (await admin(app, 'GET', `${salon.base}/keys`, undefined, 200)).body.data.length;
    await page.goto(`${app.url}/#setup/widget`);
    const line = page.getByLabel('Line for your website');
    const copy = page.getByRole('button', { name: 'Copy the line' });
    const away = page.getByRole('link', { name: 'Go to the calendar' });
    await line.waitFor();
    assert.equal(await line.inputValue(), `<script src="${app.url}/embed.js" data-business="hair-by-anna"></script>`);
    const everything = await page.evaluate(() => {
      const document = (globalThis as any).document;
      return [document.body.innerText, ...[...document.querySelectorAll('textarea, input')].map((el: any) => el.value)].join('\n');
    });
    assert.doesNotMatch(everything, /bk_live_|X-API-Key/i, 'no key anywhere in the step');
    assert.equal((await admin(app, 'GET', `${salon.base}/keys`, undefined, 200)).body.data.length, keysBefore, 'and no key was made');
    await page.getByRole('link', { name: `${app.url}/book/hair-by-anna` }).waitFor();
    assert.match((await page.getByRole('img', { name: /^QR code of / }).getAttribute('src')) ?? '', /^data:image\/svg\+xml/);
    // The preview is what the line shows: the booking page in its frame.
    await page.frameLocator('.page-preview iframe').getByRole('heading', { name: 'What would you like to book?' }).waitFor();
    assert.ok(await comesBefore(line, copy), 'the line before its copy button');
    assert.ok(await comesBefore(copy, away), 'the copy button before the way out');
    await copy.click();
    await page.getByText(/^(Copied|Selected: press Ctrl\+C to copy)\.$/).waitFor();
  });

  it('offers Mark completed and Mark no-show from the booking’s start on, as the server allows them, and says when before', async () => {
    const booking = (
      await admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        bookingBody(salon.haircut, '2026-11-24T10:00:00+01:00', { staffId: salon.anna }),
        201,
      )
    ).body;
    const complete = page.getByRole('button', { name: 'Mark completed' });
    const noShow = page.getByRole('button', { name: 'Mark no-show' });
    const when = page.getByText(
      'Mark completed and Mark no-show become available when the visit starts: Tuesday, 24 November 2026 at 10:00.',
    );

    await setNow('2026-11-24T09:59:00+01:00'); // a minute before: the server refuses, the page does not offer
    const early = await admin(app, 'POST', `${salon.base}/bookings/${booking.id}/complete`);
    assert.deepEqual([early.status, early.body.code], [409, 'booking_not_started']);
    await page.goto(`${app.url}/#bookings/${booking.id}`);
    await when.waitFor();
    assert.equal(await complete.count(), 0);
    assert.equal(await noShow.count(), 0);
    await page.getByRole('button', { name: 'Cancel booking' }).waitFor(); // what can be done now still is

    // Left open until the start: the page draws itself again and offers them.
    await setNow('2026-11-24T09:59:58+01:00');
    await page.reload();
    await when.waitFor();
    await page.clock.setFixedTime(new Date('2026-11-24T10:00:00+01:00'));
    clock.set(Date.parse('2026-11-24T10:00:00+01:00'));
    await complete.waitFor({ timeout: 5_000 });
    await noShow.waitFor();
    assert.equal(await when.count(), 0);
    await complete.click();
    await page.locator('dialog.confirm').getByRole('button', { name: 'Mark completed' }).click();
    await page.getByText('Marked completed', { exact: false }).waitFor();
    await page.locator('.badge', { hasText: 'Completed' }).first().waitFor();
  });

  it('the calendar shades the salon’s today, not the device’s, and a click books the salon’s time', async () => {
    await setNow('2026-11-24T08:00:00+01:00'); // Tuesday in Berlin, still Monday evening in Honolulu
    await page.goto(`${app.url}/#calendar/2026-11-23/week`);
    await page.getByRole('heading', { name: 'Week of Monday, 23 November 2026' }).waitFor();
    await page.locator('.ec-event, .ec-bg-event').first().waitFor();
    // The week is one staff member's (issue 27): today is shaded in it.
    const today = page.locator('.ec-header .ec-today time');
    assert.deepEqual(
      await today.evaluateAll((times) => times.map((t) => t.getAttribute('datetime'))),
      ['2026-11-24'],
      'Tuesday is today in the salon',
    );
    assert.deepEqual(
      await page.locator('.ec-body .ec-day.ec-today').evaluateAll((days) => days.map((d) => d.classList.contains('ec-tue'))),
      [true],
      'Tuesday’s column is shaded, and only it',
    );
    await page.goto(`${app.url}/#calendar`); // today's day, in the salon
    await page.getByRole('heading', { name: 'Tuesday, 24 November 2026', exact: true }).waitFor();
    await page.locator('.ec-event, .ec-bg-event').first().waitFor();
    assert.equal(await page.locator('.ec-body .ec-day.ec-today').count(), 2);

    // A click at 10:00 in Ben's column is 10:00 in the salon, whatever the device's zone.
    const column = page.locator('.ec-body .ec-day').nth(1);
    const ten = page.locator('.ec-body .ec-sidebar time[datetime$="T10:00:00"]');
    const columnBox = (await column.boundingBox())!;
    const tenBox = (await ten.boundingBox())!;
    await page.mouse.click(columnBox.x + columnBox.width / 2, tenBox.y + tenBox.height / 2 + 4);
    const dialog = page.locator('dialog.form-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Date').inputValue(), '2026-11-24');
    assert.equal(await dialog.getByLabel('Time').inputValue(), '10:00');
    assert.equal(await dialog.getByLabel('Staff member').locator('option:checked').innerText(), 'Ben');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('once the salon is set up, Settings leads back to the setup (the line for the website)', async () => {
    await page.goto(`${app.url}/#calendar`);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'Open the setup steps' }).click();
    await page.getByRole('heading', { name: 'Next: bookings from your website' }).waitFor();
    await page.getByText('The salon is ready', { exact: false }).waitFor();
    assert.match(page.url(), /#setup\/widget$/);
    // It does not look unfinished: every earlier step is marked done.
    assert.equal(await page.locator('.steps li.done').count(), 3);
  });
  it('the calendar names its first hour, and still draws a booking made before the hours changed', async () => {
    await setNow('2026-11-24T12:00:00+01:00');
    const early = (
      await admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        bookingBody(salon.haircut, '2026-11-25T09:00:00+01:00', { staffId: salon.ben }),
        201,
      )
    ).body;
    // Then the salon starts at 10:00 from now on, and the day is over (after closing).
    const later = { hours: [{ start: '10:00', end: '18:00' }], breaks: [] };
    const schedule = Object.fromEntries(Object.entries(SCHEDULE).map(([day, value]) => [day, value.hours.length ? later : value]));
    const opening = Object.fromEntries(Object.entries(schedule).map(([day, value]) => [day, value.hours]));
    await admin(app, 'PATCH', salon.base, { workingHours: opening }, 200);
    for (const id of [salon.anna, salon.ben]) await admin(app, 'PUT', `${salon.base}/staff/${id}/schedule`, schedule, 200);
    await setNow('2026-11-25T20:00:00+01:00');

    await page.goto(`${app.url}/#calendar/2026-11-25`);
    await page.reload(); // the page keeps the salon it loaded: read the new hours
    await page
      .locator('.day-list')
      .getByRole('link', { name: /09:00–09:45/ })
      .waitFor();
    const event = page.locator('.ec-event.booking');
    await event.first().waitFor();
    assert.equal(await event.count(), 1);
    await page.locator('.ec-event.booking', { hasText: early.client.name }).waitFor();
    const first = page.locator('.ec-body .ec-sidebar time').first();
    assert.equal(await first.getAttribute('datetime').then((d) => d?.slice(11)), '09:00:00', 'the grid starts at the booking');
    assert.equal(await first.isVisible(), true, 'the first hour is labelled');
    assert.equal(await first.innerText(), '09:00');
    const sidebar = (await page.locator('.ec-body .ec-sidebar').boundingBox())!;
    const label = (await first.boundingBox())!;
    assert.ok(label.y >= sidebar.y && label.y + label.height <= sidebar.y + sidebar.height, 'the label is not cut off');
    // 09:00 to 10:00 is outside the new hours: shaded as such, under the booking.
    assert.ok((await page.locator('.ec-bg-event.off').count()) >= 2);
  });
  it('every action of a booking’s page by keyboard alone: confirm, move, pay, refund, complete, cancel with a reason, no-show', async () => {
    await setNow('2026-11-26T08:00:00+01:00'); // Thursday; the hours are 10:00–18:00 since the test above
    const online = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, '2026-11-26T10:00:00+01:00', {
        staffId: salon.anna,
        client: { name: 'Kim Keys', email: 'kim@example.test' },
      }),
    });
    assert.equal(online.status, 201, online.text);
    const desk = async (time: string, name: string, phone: string) =>
      (
        await admin(
          app,
          'POST',
          `${salon.base}/bookings`,
          bookingBody(salon.haircut, `2026-11-26T${time}:00+01:00`, { staffId: salon.anna, client: { name, phone } }),
          201,
        )
      ).body.id as number;
    const toCancel = await desk('14:00', 'Carl Cancel', '+49 30 901');
    const toMiss = await desk('11:00', 'Nina Noshow', '+49 30 902');
    const status = async (id: number) => (await admin(app, 'GET', `${salon.base}/bookings/${id}`, undefined, 200)).body;
    const focused = (target: Locator) => target.evaluate((el) => el === (el.ownerDocument as any).activeElement);
    /** Presses Tab until `target` has the focus, as someone without a mouse gets there. */
    const tabTo = async (target: Locator) => {
      for (let i = 0; i < 80; i += 1) {
        if (await focused(target)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${target}`);
    };
    const said = (text: string) => page.locator('#view .notice.good', { hasText: text });
    /** After an action the page is drawn again: the focus is on the sentence saying what it did. */
    const focusOnSentence = async (text: string) => {
      await said(text).waitFor();
      assert.ok(
        await said(text).evaluate((el) => el.closest('.message-area')!.contains((el.ownerDocument as any).activeElement)),
        'the focus is on the sentence',
      );
    };
    const dialog = page.locator('dialog.confirm');

    await page.goto(`${app.url}/#bookings/${online.body.id}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Kim Keys, 10:00' }).waitFor();
    await tabTo(page.getByRole('button', { name: 'Confirm', exact: true }));
    await page.keyboard.press('Enter');
    await focusOnSentence('Confirmed');
    assert.equal((await status(online.body.id)).status, 'confirmed');

    // Move: to 11:00 with Ben (the time field keeps its AM, whatever the device's 12 or 24 hours).
    await tabTo(page.getByLabel('New time'));
    await page.keyboard.type('1100');
    await tabTo(page.getByLabel('With'));
    await page.keyboard.press('ArrowDown');
    await tabTo(page.getByRole('button', { name: 'Move booking' }));
    await page.keyboard.press('Enter');
    await focusOnSentence('Moved to Thursday, 26 November 2026 at 11:00');
    const moved = await status(online.body.id);
    assert.deepEqual([moved.startTime, moved.staffName], ['2026-11-26T11:00:00.000+01:00', 'Ben']);

    // A payment by card, with Space on the button.
    await tabTo(page.getByLabel('Amount (EUR)'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('35');
    await tabTo(page.getByLabel('Paid by'));
    await page.keyboard.press('ArrowDown'); // Card
    await tabTo(page.getByRole('button', { name: 'Take payment' }));
    await page.keyboard.press('Space');
    await focusOnSentence('Took €35.00 (card)');

    // A refund: open the fold with Enter, confirm in the dialog with Enter.
    await tabTo(page.getByText('Refund…'));
    await page.keyboard.press('Enter');
    await tabTo(page.getByLabel('Refund amount'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await tabTo(page.getByLabel('Refund reason'));
    await page.keyboard.type('Late start');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    assert.ok(await focused(dialog.getByRole('button', { name: 'Refund' })), 'the dialog’s action has the focus');
    await page.keyboard.press('Enter');
    await focusOnSentence('Refunded €5.00');
    const payments = (await admin(app, 'GET', `${salon.base}/payments?bookingId=${online.body.id}`, undefined, 200)).body.data;
    assert.deepEqual(payments.map((p: any) => [p.kind, p.amount]).sort(), [
      ['payment', 3500],
      ['refund', 500],
    ]);

    // Completed, once it has begun.
    await setNow('2026-11-26T11:05:00+01:00');
    await page.reload();
    await page.getByRole('heading', { name: 'Kim Keys, 11:00' }).waitFor();
    await tabTo(page.getByRole('button', { name: 'Mark completed' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await focusOnSentence('Marked completed');
    assert.equal((await status(online.body.id)).status, 'completed');

    // Cancel with a reason: Enter in the reason field sends the form, Escape first backs out.
    await page.goto(`${app.url}/#bookings/${toCancel}`);
    await page.getByRole('heading', { name: 'Carl Cancel, 14:00' }).waitFor();
    await tabTo(page.getByLabel('Reason for cancelling'));
    await page.keyboard.type('Called to say he is ill');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await focused(page.getByLabel('Reason for cancelling')), 'back where it was after Escape');
    assert.equal((await status(toCancel)).status, 'confirmed');
    await tabTo(page.getByRole('button', { name: 'Cancel booking' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await focusOnSentence('Cancelled');
    const cancelled = await status(toCancel);
    assert.deepEqual([cancelled.status, cancelled.cancelReason], ['cancelled', 'Called to say he is ill']);

    // A no-show, with Space, confirmed in the dialog.
    await page.goto(`${app.url}/#bookings/${toMiss}`);
    await page.getByRole('heading', { name: 'Nina Noshow, 11:00' }).waitFor();
    await tabTo(page.getByRole('button', { name: 'Mark no-show' }));
    await page.keyboard.press('Space');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await focusOnSentence('Marked as a no-show');
    assert.equal((await status(toMiss)).status, 'no_show');
  });
});
