import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The defects a salon owner met in a full day in the browser (issue 27, section 1), each in
// Chromium, on a salon of two staff (Anna: Haircut and Colour; Ben: Haircut).
describe('the salon’s day in Chromium (issue 27)', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: '/#clients' });
  const flash = () => page.locator('.notice.good').first();
  const openCalendar = async (date = MONDAY) => {
    await page.goto(`${app.url}/#calendar/${date}`);
    await page.reload();
    await page.locator('.ec-col-head', { hasText: 'Ben' }).waitFor();
  };
  /** Fills the New booking form: service and staff member by id, the time, a new client. */
  const newBooking = async (what: { service: number; staff: number; time: string; name: string; phone?: string }) => {
    await page.getByRole('button', { name: 'New booking' }).click();
    const form = page.locator('dialog.form-dialog');
    await form.getByLabel('Service').selectOption(String(what.service));
    await form.getByLabel('Staff member').selectOption(String(what.staff));
    await form.getByLabel('Time').fill(what.time);
    await form.getByLabel('Client name').fill(what.name);
    if (what.phone) await form.getByLabel('Phone').fill(what.phone);
    return form;
  };

  it('shows no “null” under the clients, with none and with some (defect 6)', async () => {
    await page.goto(`${app.url}/#clients`);
    await page.getByText('No clients yet.').waitFor();
    assert.doesNotMatch(await page.locator('.client-results').innerText(), /null/);
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Schmidt', phone: '+49 170 1234567' }, 201);
    await page.reload();
    await page.getByText('1 client in all.').waitFor();
    assert.doesNotMatch(await page.locator('.client-results').innerText(), /null/);
  });

  it('books a walk-in at any free minute, off the 15-minute grid (defect 1)', async () => {
    await openCalendar();
    const form = await newBooking({ service: salon.haircut, staff: salon.anna, time: '09:40', name: 'Walk In', phone: '+49 30 1' });
    await form.getByRole('button', { name: 'Book' }).click();
    await flash()
      .getByText(/^Booked Walk In for Haircut on Monday, 23 November 2026 at 09:40 with Anna/)
      .waitFor();
    const integration = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: { serviceId: salon.haircut, startTime: `${MONDAY}T15:05:00+01:00`, client: { name: 'Web', phone: '+49 30 2' } },
    });
    assert.equal(integration.status, 409, 'a client booking themselves keeps to the grid');
  });
});
