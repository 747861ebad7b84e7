import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, makeSalon, type Salon } from './helpers/salon.ts';
import { skippedWithoutChromium, useApp, useBrowser } from './helpers/suite.ts';

// Issue 27, a new-user trial: a salon in UTC seen from a Berlin browser had the calendar's red
// "now" line and a booking's "Booked" time an hour late, right under "Times are the salon's (UTC)".
// The page's clock is the test clock: Saturday 21 November 2026, 10:00 in UTC (11:00 in Berlin).
describe('the salon’s clock in a browser elsewhere, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, clock } = useApp();
  let salon: Salon;
  let bookingId = 0;
  before(async () => {
    salon = await makeSalon(app, 'Salon at Greenwich', 'UTC');
    const body = {
      serviceId: salon.haircut,
      staffId: salon.anna,
      startTime: '2026-11-21T14:00:00+00:00',
      client: { name: 'Clara Weiss', phone: '+49 30 555' },
    };
    bookingId = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id;
  });
  const { page } = useBrowser({ app, pageClock: clock, timezoneId: 'Europe/Berlin', logInAt: '/#calendar/2026-11-21' });

  it('draws the line at the current time at the salon’s 10:00, not Berlin’s 11:00', async () => {
    await page.getByText("Times are the salon's (UTC)", { exact: false }).waitFor();
    const line = page.locator('.ec-now-indicator').first();
    await line.waitFor({ state: 'attached' });
    const { now, labels } = (await page.evaluate(`({
      now: document.querySelector('.ec-now-indicator').getBoundingClientRect().top,
      labels: Object.fromEntries([...document.querySelectorAll('.ec-sidebar time')].map((e) => [e.textContent, e.getBoundingClientRect().top])),
    })`)) as { now: number; labels: Record<string, number> };
    const [ten, eleven] = [labels['10:00'], labels['11:00']];
    assert.ok(ten !== undefined && eleven !== undefined, `the hours 10:00 and 11:00 are on the grid: ${JSON.stringify(labels)}`);
    assert.ok(Math.abs(now - ten) < Math.abs(now - eleven), `the line (${now}) is at 10:00 (${ten}), not at 11:00 (${eleven})`);
  });

  it('writes when a booking was made in the salon’s time', async () => {
    await page.goto(`${app.url}/#bookings/${bookingId}`);
    const booked = page.locator('dt', { hasText: /^Booked$/ }).locator('xpath=following-sibling::dd[1]');
    assert.match(await booked.innerText(), /^21 Nov 2026, 10:00 \(by the salon\)$/);
  });
});

// Half past midnight in Berlin is still yesterday in UTC: a download is named after the salon's day.
describe('the salon’s date just after its midnight, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, clock } = useApp({ now: Date.parse('2026-11-20T23:30:00Z') });
  before(async () => {
    await makeSalon(app, 'Salon Lang', 'Europe/Berlin');
  });
  const { page } = useBrowser({ app, pageClock: clock, timezoneId: 'UTC', logInAt: '/#reports' });

  it('names a download after the salon’s date, 21 November, not UTC’s 20th', async () => {
    const section = page.getByRole('region', { name: 'Your data as CSV' });
    const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download clients' }).click()]);
    assert.equal(file.suggestedFilename(), 'clients-2026-11-21.csv');
  });
});
