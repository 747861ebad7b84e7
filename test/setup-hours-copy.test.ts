import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { logIn } from './helpers/browser.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useApp, useBrowser } from './helpers/suite.ts';

// A new salon owner's first run in Chromium: "Monday's hours on every open day" put Monday's lunch
// break into a short Saturday (its hours gone, or a break after it closed), the days' times started
// at a different place in each row, and the staff step listed names without the services they do.

/** The left edge of each open day's time fields, by field: one column per kind of field when they line up. */
const LEFT_EDGES = `(() => {
  const edges = {};
  for (const input of document.querySelectorAll('fieldset.week .day-times input[type="time"]')) {
    if (!input.offsetParent) continue;
    const kind = input.id.replace(/^open-[a-z]{3}-/, '');
    (edges[kind] ??= new Set()).add(Math.round(input.getBoundingClientRect().left));
  }
  return Object.fromEntries(Object.entries(edges).map(([kind, lefts]) => [kind, [...lefts]]));
})()`;

const time = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('the first run’s opening hours and staff, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app } = useApp();
  const { page } = useBrowser({ pageClock: clock });

  it('lines the days’ times up in one grid', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, `${app.url}/`, ADMIN_TOKEN);
    await page.getByRole('heading', { name: 'Welcome: set up your salon' }).waitFor();
    const edges = (await page.evaluate(LEFT_EDGES)) as Record<string, number[]>;
    assert.deepEqual(Object.keys(edges).sort(), ['break-end', 'break-start', 'end', 'start']);
    for (const [kind, lefts] of Object.entries(edges)) assert.equal(lefts.length, 1, `the ${kind} fields start at ${lefts}`);
    const overflow = await page.evaluate(
      `(() => { const f = document.querySelector('fieldset.week'); return [...f.querySelectorAll('.day, button')].filter((e) => e.getBoundingClientRect().right > f.getBoundingClientRect().right + 0.5).length; })()`,
    );
    assert.equal(overflow, 0, 'the days within their box');
  });

  it('copies Monday’s break only into hours that contain it, and says so', async () => {
    await page.getByLabel('Salon name').fill('Hair by Anna');
    // Saturday short first, then Monday's lunch, then the copy.
    await time(page, 'Saturday until').fill('13:00');
    await time(page, 'Monday break from').fill('13:00');
    await time(page, 'Monday break until').fill('14:00');
    await time(page, 'Friday until').fill('16:00');
    await time(page, 'Friday from').fill('10:00');
    await page.getByRole('button', { name: 'Monday’s hours on every open day' }).click();
    const said = page.locator('fieldset.week .week-copy [role="status"]');
    await said.getByText('Monday’s hours are now on Tuesday, Wednesday and Thursday.', { exact: false }).waitFor();
    await said.getByText('Friday keeps its own hours (10:00–16:00), with Monday’s break (13:00–14:00).', { exact: false }).waitFor();
    await said
      .getByText(
        'Saturday keeps its own hours (09:00–13:00): Monday’s break (13:00–14:00) is not within them, so it is not copied there.',
        {
          exact: false,
        },
      )
      .waitFor();
    assert.equal(await time(page, 'Saturday until').inputValue(), '13:00', 'Saturday stays short');
    assert.equal(await time(page, 'Saturday break from').inputValue(), '', 'no break after Saturday closes');
    assert.equal(await time(page, 'Friday break from').inputValue(), '13:00');
    assert.equal(await time(page, 'Wednesday break until').inputValue(), '14:00');

    // A break a day's hours no longer contain is refused, not saved as hours that end before they start.
    await time(page, 'Thursday until').fill('13:30');
    await page.getByRole('button', { name: 'Create the salon' }).click();
    await page
      .getByRole('alert')
      .getByText('Thursday: the break 13:00–14:00 is not within the hours 09:00–13:30. Change the break or leave it empty.')
      .waitFor();
    await time(page, 'Thursday until').fill('18:00');
    await page.getByRole('button', { name: 'Create the salon' }).click();
    await page.getByLabel('Service name').waitFor();
    const [business] = (await admin(app, 'GET', '/businesses', undefined, 200)).body.data;
    assert.deepEqual(business.workingHours.sat, [{ start: '09:00', end: '13:00' }]);
    assert.deepEqual(business.workingHours.fri, [
      { start: '10:00', end: '13:00' },
      { start: '14:00', end: '16:00' },
    ]);
    assert.deepEqual(business.workingHours.tue, [
      { start: '09:00', end: '13:00' },
      { start: '14:00', end: '18:00' },
    ]);
  });

  it('lists each staff member with the services they do before going on', async () => {
    for (const name of ['Haircut', 'Colour', 'Beard trim']) {
      await page.getByLabel('Service name').fill(name);
      await page.getByLabel('Price (EUR)').fill('30');
      await page.getByRole('button', { name: 'Add service' }).click();
      await page.getByText(`Added “${name}”.`).waitFor();
    }
    await page.getByRole('link', { name: 'Continue to staff' }).click();
    // A Monday she does not work has no hours to copy: the other days keep theirs.
    await page.getByLabel('Works on Monday').uncheck();
    await page.getByRole('button', { name: 'Monday’s hours on every open day' }).click();
    await page
      .locator('fieldset.week .week-copy [role="status"]')
      .getByText('Monday has no hours: tick it and set its hours first.')
      .waitFor();
    assert.equal(await page.getByLabel('Works on Tuesday').isChecked(), true);
    await page.getByLabel('Works on Monday').check();
    await page.getByLabel('Staff member’s name').fill('Anna');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await page.getByText('Added Anna.').waitFor();
    // The first one too stays on the step, listed with her services, until "Continue".
    assert.match(page.url(), /#setup\/staff$/);
    await page.getByRole('list', { name: 'Staff so far' }).getByText('Anna: Haircut, Colour, Beard trim').waitFor();
    await page.getByLabel('Staff member’s name').fill('Ben');
    await page.getByLabel('Colour').uncheck();
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await page.getByText('Added Ben.').waitFor();
    const list = page.getByRole('list', { name: 'Staff so far' });
    assert.deepEqual(await list.getByRole('listitem').allInnerTexts(), [
      'Anna: Haircut, Colour, Beard trim; works every day the salon opens',
      'Ben: Haircut, Beard trim; works every day the salon opens',
    ]);
    assert.ok(await page.getByRole('link', { name: 'Continue' }).isVisible(), 'and then on');
  });

  it('adds a name typed and not yet added when "Continue" is pressed, then goes on (trial)', async () => {
    await page.getByLabel('Staff member’s name').fill('Clara');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByText('Added Clara.').waitFor();
    assert.match(page.url(), /#setup\/widget$/);
    assert.equal(await page.getByRole('dialog').count(), 0, 'no question about unsaved changes');
    const staff = (
      await admin(
        app,
        'GET',
        `/businesses/${(await admin(app, 'GET', '/businesses', undefined, 200)).body.data[0].id}/staff`,
        undefined,
        200,
      )
    ).body.data;
    assert.deepEqual(
      staff.map((s: { name: string }) => s.name),
      ['Anna', 'Ben', 'Clara'],
    );
  });
});
