import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27, section 3: "This month" is the calendar month, 1st to last day, and a period not over
// yet says from when its bookings are still to come and which figures count them as booked.
describe('the periods of Reports, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  // Saturday 21 November 2026, 11:00 in Berlin, for the server and the page alike.
  const { clock, app, salon } = useSalon();
  before(async () => {
    const maria = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Schmidt', phone: '+49 151 1234567' }, 201)).body.id;
    const body = { serviceId: salon.haircut, staffId: salon.anna, startTime: `${MONDAY}T10:00:00+01:00`, clientId: maria };
    await admin(app, 'POST', `${salon.base}/bookings`, body, 201);
  });
  const { page } = useBrowser({ app, logInAt: '/#reports', pageClock: clock });

  it('opens on the whole of this month, with what is still to come, and shows last month without', async () => {
    // Issue 38: Reports opened on last month, all zeros for a salon set up this month.
    const report = page.locator('section.report');
    await report.getByRole('heading', { name: '1 November 2026 – 30 November 2026' }).waitFor();
    const ahead = await report.locator('.report-ahead').innerText();
    assert.match(
      ahead,
      /^Not over yet: bookings from .*21 Nov 2026, 11:00 on \(1 still to come\) count as booked in Bookings, Clients and booked hours; takings are only what has been paid\.$/,
    );
    const bookings = report.locator('.facts div', { has: page.locator('dt', { hasText: 'Bookings' }) }).locator('dd');
    assert.match(await bookings.innerText(), /^1: 1 at the desk/, "Monday's haircut, ahead, counts as booked");

    await page.getByRole('link', { name: 'Last month' }).click();
    await report.getByRole('heading', { name: '1 October 2026 – 31 October 2026' }).waitFor();
    assert.equal(await report.locator('.report-ahead').count(), 0, 'October is over');

    await page.getByRole('link', { name: 'This month' }).click();
    await report.getByRole('heading', { name: '1 November 2026 – 30 November 2026' }).waitFor();
    assert.equal(new URL(page.url()).hash, '#reports/2026-11-01/2026-11-30');
  });
});
