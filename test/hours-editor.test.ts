import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27: hours were edited three ways (the setup's grid, Settings' typed lines, the staff page's
// typed "hours"/"breaks"), so moving the lunch break meant retyping five days, for the salon and
// again for each staff member. Settings and a staff member's page now have the setup's week: a
// lunch break moved on Monday goes to every open day in one press. A day the grid cannot show
// (three spans, say) stays written out, and saving another day keeps it as it is.

const span = (start: string, end: string) => ({ start, end });
const WRITTEN_OUT = [span('08:00', '10:00'), span('11:00', '13:00'), span('15:00', '19:00')];
const OPENING = {
  mon: [span('09:00', '13:00'), span('14:00', '18:00')],
  tue: [span('09:00', '13:00'), span('14:00', '18:00')],
  wed: WRITTEN_OUT,
  thu: [span('09:00', '13:00'), span('14:00', '18:00')],
  fri: [span('09:00', '13:00'), span('14:00', '18:00')],
  sat: [span('09:00', '14:00')],
  sun: [],
};
const WORKDAY = { hours: [span('09:00', '18:00')], breaks: [span('13:00', '14:00')] };
/** Two spans with a break in one of them: more than one from–until and one break. */
const BEN_TUESDAY = { hours: [span('09:00', '12:00'), span('14:00', '18:00')], breaks: [span('15:00', '15:15')] };
const BEN = {
  mon: WORKDAY,
  tue: BEN_TUESDAY,
  wed: WORKDAY,
  thu: WORKDAY,
  fri: WORKDAY,
  sat: { hours: [span('10:00', '14:00')], breaks: [] },
  sun: { hours: [], breaks: [] },
};

describe('one week editor for opening hours and staff hours, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  before(async () => {
    await admin(app, 'PATCH', salon.base, { workingHours: OPENING }, 200);
    await admin(app, 'PUT', `${salon.base}/staff/${salon.ben}/schedule`, BEN, 200);
  });
  const { page } = useBrowser({ app, logInAt: '/#settings' });
  const get = async (path: string) => (await admin(app, 'GET', `${salon.base}${path}`, undefined, 200)).body;
  const time = (label: string) => page.getByLabel(label, { exact: true });
  const open = async (hash: string, ready: string) => {
    await page.goto(`${app.url}/${hash}`);
    await page.reload();
    await time(ready).waitFor();
  };

  it('Settings: moves Monday’s lunch break and copies it to every open day in one press, asking before leaving unsaved', async () => {
    await open('#settings', 'Monday break from');
    const hours = page.locator('#salon-hours');
    // The stored hours on the grid: 09:00–13:00 and 14:00–18:00 are 09:00–18:00 with a break.
    assert.deepEqual(
      [await time('Monday from').inputValue(), await time('Monday until').inputValue(), await time('Monday break from').inputValue()],
      ['09:00', '18:00', '13:00'],
    );
    assert.equal(await time('Open on Sunday').isChecked(), false);
    await time('Monday break from').fill('12:30');
    await time('Monday break until').fill('13:30');
    await hours.getByRole('button', { name: 'Monday’s hours on every open day' }).click();
    const said = hours.getByRole('status');
    await said.getByText('Monday’s hours are now on Tuesday, Thursday and Friday.', { exact: false }).waitFor();
    await said.getByText('Wednesday keeps its hours as they are written.', { exact: false }).waitFor();
    await said.getByText('Saturday keeps its own hours (09:00–14:00), with Monday’s break (12:30–13:30).', { exact: false }).waitFor();
    assert.equal(await time('Friday break from').inputValue(), '12:30');

    // Not saved yet: leaving asks (issue 27 defect 10), and staying keeps the copy.
    await page.evaluate('location.hash = "#clients"');
    const dialog = page.locator('dialog.confirm');
    await dialog.getByRole('heading', { name: 'Leave without saving?' }).waitFor();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    assert.equal(await time('Thursday break until').inputValue(), '13:30');

    await hours.getByRole('button', { name: 'Save opening hours' }).click();
    await hours.locator('.notice.good').getByText('Saved the opening hours: open 6 days a week.').waitFor();
    await open('#settings', 'Monday break from');
    assert.equal(await time('Tuesday break from').inputValue(), '12:30');
    const lunch = [span('09:00', '12:30'), span('13:30', '18:00')];
    assert.deepEqual((await get('')).workingHours, {
      mon: lunch,
      tue: lunch,
      wed: WRITTEN_OUT,
      thu: lunch,
      fri: lunch,
      sat: [span('09:00', '12:30'), span('13:30', '14:00')],
      sun: [],
    });
  });

  it('Settings: keeps a day the grid cannot show, written out, when another day is saved', async () => {
    const wednesday = page.getByLabel('Wednesday', { exact: true });
    assert.equal(await wednesday.inputValue(), '08:00–10:00, 11:00–13:00, 15:00–19:00');
    await page.getByText('Wednesday has more times than the grid shows', { exact: false }).waitFor();
    await time('Friday until').fill('17:00');
    await page.getByRole('button', { name: 'Save opening hours' }).click();
    await page.locator('#salon-hours .notice.good').waitFor();
    const saved = (await get('')).workingHours;
    assert.deepEqual(saved.wed, WRITTEN_OUT);
    assert.deepEqual(saved.fri, [span('09:00', '12:30'), span('13:30', '17:00')]);
    // Still editable as it is: a fourth span typed is saved too.
    await wednesday.fill('08:00–10:00, 11:00–13:00, 15:00–19:00, 20:00–21:00');
    await page.getByRole('button', { name: 'Save opening hours' }).click();
    await page.locator('#salon-hours .notice.good').waitFor();
    assert.deepEqual((await get('')).workingHours.wed, [...WRITTEN_OUT, span('20:00', '21:00')]);
  });

  it('a staff member: moves Monday’s break to every working day in one press, keeping a day the grid cannot show', async () => {
    await open(`#staff/${salon.ben}`, 'Monday break from');
    const form = page.locator('#staff-schedule');
    assert.equal(await form.getByLabel('Tuesday hours', { exact: true }).inputValue(), '09:00–12:00, 14:00–18:00');
    assert.equal(await form.getByLabel('Tuesday breaks', { exact: true }).inputValue(), '15:00–15:15');
    await time('Monday break from').fill('12:00');
    await time('Monday break until').fill('12:45');
    await form.getByRole('button', { name: 'Monday’s hours on every open day' }).click();
    await form.getByRole('status').getByText('Monday’s hours are now on Wednesday, Thursday and Friday.', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Save weekly hours' }).click();
    await form.locator('.notice.good').waitFor();
    await open(`#staff/${salon.ben}`, 'Monday break from');
    assert.equal(await time('Thursday break until').inputValue(), '12:45');
    // The day written out wraps within the box: the other days' times and buttons stay in it too.
    await page.setViewportSize({ width: 1366, height: 900 });
    const overflow = await page.evaluate(
      `(() => { const f = document.querySelector('#staff-schedule fieldset.week'); return [...f.querySelectorAll('.day, .day input, button')].filter((e) => e.getBoundingClientRect().right > f.getBoundingClientRect().right + 0.5).length; })()`,
    );
    assert.equal(overflow, 0, 'the days within their box');
    const moved = { hours: [span('09:00', '18:00')], breaks: [span('12:00', '12:45')] };
    assert.deepEqual((await get(`/staff/${salon.ben}`)).schedule, {
      mon: moved,
      tue: BEN_TUESDAY,
      wed: moved,
      thu: moved,
      fri: moved,
      sat: { hours: [span('10:00', '14:00')], breaks: [span('12:00', '12:45')] },
      sun: { hours: [], breaks: [] },
    });
  });
});
