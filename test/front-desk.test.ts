import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { seriousA11yProblems } from './helpers/axe.ts';
import { fitsWidth, accessCodeForm } from './helpers/browser.ts';
import { admin, MONDAY } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';
import { skippedWithoutChromium, useApp, useBrowser, useReceiver } from './helpers/suite.ts';

// The front desk in Chromium, in order, from an empty data dir: the first-run setup (by keyboard),
// a first booking made by clicking the calendar, moving it by dragging, a booking by keyboard, and
// every action of a booking's page, each checked at a real receiver; then the same on a phone.
describe('the front desk in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app } = useApp({ config: { retryDelays: [0] } }); // Saturday 2026-11-21 11:00 in Berlin
  const receiver = useReceiver();
  // The page's clock is the server's: a booking's actions follow whether it has started.
  const { page, guard } = useBrowser({ pageClock: clock });
  let base = '';
  let firstBooking = 0;
  let secondBooking = 0;

  /** Presses Tab until `target` has the focus: the way a keyboard user gets there. */
  async function tabTo(target: Locator, presses = 150): Promise<void> {
    for (let i = 0; i < presses; i += 1) {
      if (await target.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target}`);
  }
  const typeInto = async (target: Locator, text: string) => {
    await tabTo(target);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
  };
  /** The events the receiver got, by name. */
  const received = () => receiver.requests.map((r) => JSON.parse(r.body) as { event: string; data: Record<string, any> });
  const waitForEvent = (type: string, count = 1) =>
    eventually(
      () => {
        const found = received().filter((e) => e.event === type);
        return found.length >= count ? found.at(-1) : undefined;
      },
      10_000,
      `${type} at the receiver`,
    );
  const flash = () => page.locator('.notice.good').first();
  /**
   * The calendar's grid is the library's markup, whose table roles axe finds incomplete
   * (aria-required-children on .ec and .ec-body); the day's list next to it and the New booking
   * form are the accessible way through the same day (docs/decisions.md).
   */
  const outsideTheGrid = { include: ['body'], exclude: ['.ec'] };

  it('sets up a new salon from an empty server, by keyboard only, and ends with the booking page’s line for the website', async () => {
    await page.goto(`${app.url}/`);
    await accessCodeForm(page);
    await page.getByLabel('Access code').fill(ADMIN_TOKEN);
    await page.keyboard.press('Enter');
    // The owner's own account first (issue 23), by keyboard too: the name's field has the focus.
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    const keys: [string, string][] = [
      ['Anna Berg', 'Tab'],
      ['anna@salon.test', 'Tab'],
      ['violet scissors at noon', 'Tab'],
      ['violet scissors at noon', 'Enter'],
    ];
    for (const [text, next] of keys) {
      await page.keyboard.type(text);
      await page.keyboard.press(next);
    }
    await page.getByRole('heading', { name: 'Welcome: set up your salon' }).waitFor();
    assert.match(page.url(), /#setup$/);
    assert.equal(await page.getByLabel('Time zone').inputValue(), 'Europe/Berlin', 'the time zone is detected from the browser');

    assert.deepEqual(await seriousA11yProblems(page), [], 'the salon step');
    await typeInto(page.getByLabel('Salon name'), 'Hair by Anna');
    await tabTo(page.getByLabel('Open on Saturday'));
    await page.keyboard.press('Space');
    await tabTo(page.getByRole('button', { name: 'Create the salon' }));
    await page.keyboard.press('Enter');

    await page.getByLabel('Service name').waitFor();
    assert.equal(await page.locator('#business-name').innerText(), 'Hair by Anna');
    // A salon without services or staff: the calendar sends the way back to the setup.
    await page.goto(`${app.url}/#calendar`);
    await page.getByText('This salon has no services and staff yet, so nobody can be booked.').waitFor();
    await page.getByRole('link', { name: 'Finish setting up the salon' }).click();
    await page.getByLabel('Service name').waitFor();
    assert.deepEqual(await seriousA11yProblems(page), [], 'the services step');
    await typeInto(page.getByLabel('Service name'), 'Haircut');
    await typeInto(page.getByLabel('Duration in minutes'), '45');
    await typeInto(page.getByLabel('Price (EUR)'), '35');
    await page.keyboard.press('Enter');
    await page.getByText('Added “Haircut”.').waitFor();
    await typeInto(page.getByLabel('Service name'), 'Colour');
    await typeInto(page.getByLabel('Duration in minutes'), '90');
    await typeInto(page.getByLabel('Price (EUR)'), '80.50');
    await page.keyboard.press('Enter');
    await page.getByText('Added “Colour”.').waitFor();
    await tabTo(page.getByRole('link', { name: 'Continue to staff' }));
    await page.keyboard.press('Enter');

    await page.getByLabel('Staff member’s name').waitFor();
    assert.deepEqual(await seriousA11yProblems(page), [], 'the staff step');
    await typeInto(page.getByLabel('Staff member’s name'), 'Anna');
    await tabTo(page.getByLabel('Monday break from'));
    await page.keyboard.type('1300');
    await tabTo(page.getByLabel('Monday break until'));
    await page.keyboard.type('1330');
    await tabTo(page.getByRole('button', { name: 'Add staff member' }));
    await page.keyboard.press('Enter');
    // The step stays, listing Anna with her services, until "Continue".
    await page.getByRole('list', { name: 'Staff so far' }).getByText('Anna: Haircut, Colour').waitFor();
    await tabTo(page.getByRole('link', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    const line = await page.getByLabel('Line for your website').inputValue();
    assert.equal(line, `<script src="${app.url}/embed.js" data-business="hair-by-anna"></script>`);
    assert.deepEqual(await seriousA11yProblems(page), [], 'the website step');

    // What the server now holds is what was typed.
    const [business] = (await admin(app, 'GET', '/businesses', undefined, 200)).body.data;
    base = `/businesses/${business.id}`;
    assert.equal(business.timezone, 'Europe/Berlin');
    assert.deepEqual(business.workingHours.sat, []);
    assert.deepEqual(business.workingHours.mon, [{ start: '09:00', end: '18:00' }]);
    const services = (await admin(app, 'GET', `${base}/services`, undefined, 200)).body.data;
    assert.deepEqual(
      services.map((s: any) => [s.name, s.durationMinutes, s.price]),
      [
        ['Haircut', 45, 3500],
        ['Colour', 90, 8050],
      ],
    );
    const [anna] = (await admin(app, 'GET', `${base}/staff`, undefined, 200)).body.data;
    assert.deepEqual(anna.schedule.mon, { hours: [{ start: '09:00', end: '18:00' }], breaks: [{ start: '13:00', end: '13:30' }] });
    assert.deepEqual(anna.schedule.sat, { hours: [], breaks: [] });
    assert.deepEqual([...anna.serviceIds].sort(), services.map((s: any) => s.id).sort());
    assert.deepEqual((await admin(app, 'GET', `${base}/keys`, undefined, 200)).body.data, [], 'the website needs no key');

    // A second staff member through the API, and a connection that hears every booking and payment event.
    await admin(app, 'POST', `${base}/staff`, { name: 'Ben', schedule: anna.schedule, serviceIds: [services[0].id] }, 201);
    const crm = (await admin(app, 'POST', `${base}/keys`, { name: 'CRM', scopes: ['webhooks:manage'] }, 201)).body.key;
    const events = [
      'booking.created',
      'booking.confirmed',
      'booking.cancelled',
      'booking.completed',
      'booking.no_show',
      'booking.rescheduled',
      'payment.received',
      'payment.refunded',
    ];
    const hook = await app.request('POST', '/v1/integration/webhooks', {
      key: crm,
      body: { targetUrl: receiver.url('/crm'), events, description: 'Salon CRM' },
    });
    assert.equal(hook.status, 201, hook.text);
  });

  it('books a walk-in client by clicking a free time in a staff member’s column', async () => {
    await page.goto(`${app.url}/#calendar/${MONDAY}`);
    await page.locator('.ec-col-head', { hasText: 'Ben' }).waitFor();
    const column = page.locator('.ec-body .ec-day').first(); // Anna's
    const ten = page.locator('.ec-body .ec-sidebar time[datetime$="T10:00:00"]');
    const columnBox = (await column.boundingBox())!;
    const tenBox = (await ten.boundingBox())!;
    await page.mouse.click(columnBox.x + columnBox.width / 2, tenBox.y + tenBox.height / 2 + 4);

    const dialog = page.locator('dialog.form-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Time').inputValue(), '10:00');
    assert.equal(await dialog.getByLabel('Date').inputValue(), MONDAY);
    assert.equal(await dialog.getByLabel('Staff member').locator('option:checked').innerText(), 'Anna');
    assert.deepEqual(await seriousA11yProblems(page, 'dialog.form-dialog'), [], 'the booking form');
    await dialog.getByLabel('Find a client').fill('Clara');
    await dialog.getByLabel('A new client').waitFor();
    await dialog.getByLabel('Client name').fill('Clara Weiss');
    await dialog.getByLabel('Phone').fill('+49 30 555');
    await dialog.getByRole('button', { name: 'Book' }).click();

    await flash().getByText('Booked Clara Weiss for Haircut on Monday, 23 November 2026 at 10:00 with Anna; Salon CRM is told.').waitFor();
    const created = await waitForEvent('booking.created');
    assert.equal(created!.data.startTime, '2026-11-23T10:00:00.000+01:00');
    assert.equal(created!.data.client.phone, '+49 30 555');
    firstBooking = created!.data.bookingId;
    await page.locator('.ec-event.booking', { hasText: 'Clara Weiss' }).waitFor();
    await page
      .locator('.day-list')
      .getByRole('link', { name: /10:00–10:45\s*Clara Weiss/ })
      .waitFor();
    assert.deepEqual(await seriousA11yProblems(page, outsideTheGrid), [], 'the calendar, a day');
  });

  it('moves a booking by dragging it to another time and column (booking.rescheduled)', async () => {
    const event = page.locator('.ec-event.booking', { hasText: 'Clara Weiss' });
    const from = (await event.boundingBox())!;
    const benColumn = (await page.locator('.ec-body .ec-day').nth(1).boundingBox())!;
    const eleven = (await page.locator('.ec-body .ec-sidebar time[datetime$="T11:00:00"]').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + 5);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + 20, { steps: 4 });
    await page.mouse.move(benColumn.x + benColumn.width / 2, eleven.y + eleven.height / 2 + 4, { steps: 8 });
    await page.mouse.up();
    await page.getByText(/^Moved Clara Weiss to Monday, 23 November 2026 at 11:00 with Ben\./).waitFor();
    const moved = await waitForEvent('booking.rescheduled');
    assert.equal(moved!.data.startTime, '2026-11-23T11:00:00.000+01:00');
    assert.equal(moved!.data.staffName, 'Ben');
    assert.equal(moved!.data.previousStartTime, '2026-11-23T10:00:00.000+01:00');
  });

  it('books an existing client by keyboard only, with the New booking button', async () => {
    await tabTo(page.getByRole('button', { name: 'New booking' }));
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.form-dialog');
    await dialog.waitFor();
    await tabTo(dialog.getByLabel('Service'));
    await page.keyboard.press('ArrowDown'); // Colour
    await tabTo(dialog.getByLabel('Time'));
    await page.keyboard.type('1400');
    await typeInto(dialog.getByLabel('Find a client'), 'clara');
    const existing = dialog.getByLabel(/Clara Weiss · \+49 30 555/);
    await existing.waitFor();
    assert.equal(await existing.isChecked(), true, 'the client found is chosen');
    await tabTo(dialog.getByRole('button', { name: 'Book' }));
    await page.keyboard.press('Enter');
    await flash()
      .getByText(/^Booked Clara Weiss for Colour on Monday, 23 November 2026 at 14:00 with (Anna|Ben); Salon CRM is told\.$/)
      .waitFor();
    const created = await waitForEvent('booking.created', 2);
    assert.equal(created!.data.client.id, received()[0]!.data.client.id, 'the same client, not a new one');
    secondBooking = created!.data.bookingId;
  });

  it('takes a payment, refunds part of it and marks the visit completed, each sent to the receiver', async () => {
    clock.set(Date.parse('2026-11-23T11:30:00.000+01:00')); // the visit has begun
    await page.clock.setFixedTime(new Date(clock.now()));
    await page.goto(`${app.url}/#bookings/${firstBooking}`);
    await page.getByRole('heading', { name: 'Clara Weiss, 11:00' }).waitFor();

    // A slip of the finger: 1 000 000 for a 35.00 haircut is refused, in words (issue 26).
    await page.getByLabel('Amount (EUR)').fill('1000000');
    guard.expect(/status of 409/);
    await page.getByRole('button', { name: 'Take payment' }).click();
    await page
      .locator('.notice.error')
      .getByText(
        'That is more than this booking can take: its payments may add up to twice its price (the price and a tip as large), so at most €70.00 more.',
      )
      .waitFor();
    await page.getByLabel('Amount (EUR)').fill('35');
    await page.getByLabel('Paid by').selectOption('card');
    await page.getByRole('button', { name: 'Take payment' }).click();
    await flash().getByText('Took €35.00 (card); Salon CRM is told.').waitFor();
    assert.equal((await waitForEvent('payment.received'))!.data.method, 'card');

    await page.getByText('Refund…').click();
    await page.getByLabel('Refund amount').fill('10');
    await page.getByLabel('Refund reason').fill('Fringe redone');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.locator('dialog.confirm');
    await dialog.getByText('A refund cannot be taken back.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await flash().getByText('Refunded €10.00; Salon CRM is told.').waitFor();
    const refund = await waitForEvent('payment.refunded');
    assert.deepEqual([refund!.data.amount, refund!.data.reason, refund!.data.bookingPaidTotal], [1000, 'Fringe redone', 2500]);

    await page.getByRole('button', { name: 'Mark completed' }).click();
    await page.locator('dialog.confirm').getByRole('button', { name: 'Mark completed' }).click();
    await flash().getByText('Marked completed; Salon CRM is told.').waitFor();
    assert.equal((await waitForEvent('booking.completed'))!.data.bookingId, firstBooking);
    await page.locator('.badge', { hasText: 'Completed' }).first().waitFor();
    assert.deepEqual(await seriousA11yProblems(page), [], 'a booking');
    // Its story, with where each event went.
    const story = page.locator('.booking-events');
    await eventually(
      async () => {
        await page.reload();
        await story.waitFor();
        return (await story.locator('.badge', { hasText: 'Delivered' }).count()) === 5 ? true : undefined;
      },
      10_000,
      'five deliveries shown as delivered',
    );
    assert.match(await story.innerText(), /Visit completed/);
    assert.doesNotMatch(await story.innerText(), /booking\.|connection listens/);
  });

  it('moves a booking with the form, and cancels one with a reason after asking', async () => {
    await page.goto(`${app.url}/#bookings/${secondBooking}`);
    await page.getByLabel('New date').fill('2026-11-24');
    await page.getByLabel('New time').fill('09:30');
    await page.getByLabel('With').selectOption({ label: 'Anna' });
    await page.getByRole('button', { name: 'Move booking' }).click();
    await flash().getByText('Moved to Tuesday, 24 November 2026 at 09:30; Salon CRM is told.').waitFor();
    assert.equal((await waitForEvent('booking.rescheduled', 2))!.data.startTime, '2026-11-24T09:30:00.000+01:00');

    await page.getByLabel('Reason for cancelling').fill('Client is ill');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.locator('dialog.confirm');
    await dialog.getByRole('button', { name: 'Keep the booking' }).click(); // changed their mind
    await dialog.waitFor({ state: 'detached' });
    assert.equal(received().filter((e) => e.event === 'booking.cancelled').length, 0);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await flash().getByText('Cancelled; Salon CRM is told.').waitFor();
    assert.equal((await waitForEvent('booking.cancelled'))!.data.cancelReason ?? 'Client is ill', 'Client is ill');
  });

  it('confirms a booking from the website, and marks another a no-show', async () => {
    const widget = (await admin(app, 'POST', `${base}/keys`, { name: 'site', scopes: ['bookings:write', 'services:read'] }, 201)).body.key;
    const [haircut] = (await admin(app, 'GET', `${base}/services`, undefined, 200)).body.data;
    const online = await app.request('POST', '/v1/integration/bookings', {
      key: widget,
      body: { serviceId: haircut.id, startTime: '2026-11-24T15:00:00+01:00', client: { name: 'Dora', email: 'dora@example.test' } },
    });
    assert.equal(online.status, 201, online.text);
    await page.goto(`${app.url}/#bookings/${online.body.id}`);
    await page.locator('.badge', { hasText: 'Waiting for confirmation' }).waitFor();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await flash().getByText('Confirmed; Salon CRM is told.').waitFor();
    assert.equal((await waitForEvent('booking.confirmed'))!.data.bookingId, online.body.id);

    clock.set(Date.parse('2026-11-24T15:10:00.000+01:00'));
    await page.clock.setFixedTime(new Date(clock.now()));
    await page.reload();
    await page.getByRole('button', { name: 'Mark no-show' }).click();
    await page.locator('dialog.confirm').getByRole('button', { name: 'Mark no-show' }).click();
    await flash().getByText('Marked as a no-show; Salon CRM is told.').waitFor();
    assert.equal((await waitForEvent('booking.no_show'))!.data.bookingId, online.body.id);
  });

  it('shows a week with breaks, time off and a closure, and keeps the date and view in the address', async () => {
    const staff = (await admin(app, 'GET', `${base}/staff`, undefined, 200)).body.data;
    const ben = staff.find((s: any) => s.name === 'Ben');
    await admin(app, 'POST', `${base}/closures`, { startDate: '2026-11-27', note: 'Staff training' }, 201);
    await admin(app, 'POST', `${base}/staff/${ben.id}/time-off`, { allDay: true, startDate: '2026-11-26', note: 'Holiday' }, 201);
    await admin(app, 'POST', `${base}/closures`, { startDate: '2026-11-30', note: 'Inventory' }, 201);

    await page.goto(`${app.url}/#calendar/2026-11-25/week`);
    await page.getByRole('heading', { name: 'Week of Monday, 23 November 2026' }).waitFor();
    await page.locator('.ec-bg-event.closure').first().waitFor();
    // Anna's week, the first staff member's (a week is one staff member's, issue 27).
    assert.equal(await page.locator('.ec-bg-event.closure').count(), 1, 'the closure on Friday');
    assert.equal(await page.locator('.ec-bg-event.time-off').count(), 0, 'Ben’s time off is not in Anna’s week');
    assert.equal(await page.locator('.ec-bg-event.break').count(), 1, 'the Monday break set up for her');
    assert.deepEqual(await seriousA11yProblems(page, outsideTheGrid), [], 'the calendar, a week');
    // Today is not tinted at all: a pale yellow, then a light blue, over its column read as time off (two new-user trials).
    const background = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((cell) => (globalThis as any).getComputedStyle(cell).backgroundColor as string);
    assert.equal(await background('.ec-body .ec-today'), 'rgba(0, 0, 0, 0)');

    await page.getByRole('group', { name: 'Whose week' }).getByRole('link', { name: 'Ben', exact: true }).click();
    await page.locator('.ec-bg-event.time-off').waitFor();
    assert.equal(await page.locator('.ec-bg-event.time-off').count(), 1, 'his day off');
    assert.equal(await page.locator('.ec-bg-event.closure').count(), 1, 'the closure on Friday, in his week too');
    assert.match(page.url(), new RegExp(`#calendar/2026-11-25/week/${ben.id}$`));

    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('heading', { name: 'Week of Monday, 30 November 2026' }).waitFor();
    await page.locator('.ec-bg-event.closure').first().waitFor();
    assert.equal(await page.locator('.ec-bg-event.break').count(), 0, 'no break drawn over the closed Monday');
    assert.match(page.url(), new RegExp(`#calendar/2026-12-02/week/${ben.id}$`), 'still his week');
    await page.getByLabel('Date').fill('2026-11-27');
    await page.getByRole('heading', { name: 'Week of Monday, 23 November 2026' }).waitFor();
    await page.getByRole('link', { name: 'Day', exact: true }).click();
    await page.getByRole('heading', { name: 'Friday, 27 November 2026', exact: true }).waitFor();
    assert.match(page.url(), /#calendar\/2026-11-27$/);
    await page.locator('.day-list').getByText('The salon is closed: Staff training.').waitFor();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.locator('.day-list').getByText('Ben: away all day (Holiday)').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Thursday, 26 November 2026', exact: true }).waitFor();
  });

  it('on a phone: the menu folds away, the day’s list comes first, and a booking’s actions fit', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(`${app.url}/#calendar/2026-11-24`);
      const list = page.locator('.day-list');
      await list.getByRole('link', { name: /15:00–15:45\s*Dora/ }).waitFor();
      await page.locator('.ec').waitFor();
      assert.ok((await list.boundingBox())!.y < (await page.locator('.ec').boundingBox())!.y, 'the list is above the grid');
      const { scrollWidth, width } = await fitsWidth(page);
      assert.ok(scrollWidth <= width, `the calendar is ${scrollWidth} px wide on a ${width} px screen`);

      const menu = page.getByRole('button', { name: 'Menu' });
      assert.equal(await page.getByRole('link', { name: 'Delivery statistics' }).isVisible(), false, 'the menu starts folded');
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      await page.getByRole('link', { name: 'Delivery statistics' }).click();
      await page.locator('#health').waitFor();
      assert.equal(await page.getByRole('link', { name: 'Delivery statistics' }).isVisible(), false, 'choosing an entry folds the menu');

      await page.goto(`${app.url}/#calendar/2026-11-24`);
      await list.getByRole('link', { name: /09:30–11:00\s*Clara Weiss/ }).click();
      await page.getByRole('heading', { name: 'Clara Weiss, 09:30' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Mark completed' }).count(), 0, 'a cancelled booking offers no actions');
      await page.goBack();
      await page.goto(`${app.url}/#bookings/${firstBooking}`);
      // Paid in full already: another payment (a tip) waits behind a small link.
      await page.getByText('Take another payment').click();
      await page.getByRole('button', { name: 'Take payment' }).waitFor();
      const fits = await fitsWidth(page);
      assert.ok(fits.scrollWidth <= fits.width, `a booking is ${fits.scrollWidth} px wide on a ${fits.width} px screen`);
      await page.getByLabel('Amount (EUR)').fill('5');
      await page.getByLabel('Paid by').selectOption('cash');
      await page.getByRole('button', { name: 'Take payment' }).click();
      await flash().getByText('Took €5.00 (cash); Salon CRM is told.').waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('would notice an accessibility problem (the scans above can fail)', async () => {
    await page.evaluate(() => {
      const doc = (
        globalThis as unknown as {
          document: { createElement(tag: string): { id: string }; getElementById(id: string): { append(el: unknown): void } };
        }
      ).document;
      const field = doc.createElement('input');
      field.id = 'unlabelled-probe';
      doc.getElementById('view').append(field);
    });
    const problems = await seriousA11yProblems(page);
    assert.ok(
      problems.some((p) => p.startsWith('label:') && p.includes('#unlabelled-probe')),
      problems.join('\n'),
    );
  });
});
