import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27, section 3, at the desk: what the owner runs the business by, in the salon's page.
describe('what the owner runs the business by, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  let maria: number;

  before(async () => {
    maria = (
      await admin(
        app,
        'POST',
        `${salon.base}/clients`,
        { name: 'Maria Schmidt', phone: '+49 151 1234567', notes: 'Allergic to ammonia.\nLikes the window seat.' },
        201,
      )
    ).body.id;
  });
  const { page, guard } = useBrowser({ app, logInAt: `/#calendar/${MONDAY}` });

  const bookFor = async (clientId: number, time: string) =>
    (
      await admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        { serviceId: salon.haircut, staffId: salon.anna, startTime: `${MONDAY}T${time}:00+01:00`, clientId },
        201,
      )
    ).body.id as number;

  it("shows the client's notes on their booking, and nothing where there are none", async () => {
    const id = await bookFor(maria, '10:00');
    await page.goto(`${app.url}/#bookings/${id}`);
    await page.locator('section.booking').waitFor();
    const about = page.locator('.facts div', { has: page.locator('dt', { hasText: 'About the client' }) });
    assert.equal(await about.locator('dd').innerText(), 'Allergic to ammonia.\nLikes the window seat.');

    const lena = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Lena Weber', phone: '+49 170 5550000' }, 201)).body.id;
    await page.goto(`${app.url}/#bookings/${await bookFor(lena, '11:00')}`);
    await page.getByRole('heading', { name: 'Lena Weber, 11:00' }).waitFor();
    assert.equal(await page.getByText('About the client').count(), 0);
    guard.assertClean();
  });

  it('makes a calendar address for a staff member in Settings, shows it once, and stops it', async () => {
    await page.goto(`${app.url}/#settings`);
    const section = page.getByRole('region', { name: 'Calendars on phones' });
    await section.getByText('No calendar addresses yet.').waitFor();
    await section.getByLabel('Whose bookings').selectOption({ label: 'Anna' });
    await section.getByRole('button', { name: 'Make a calendar address' }).click();
    const address = section.getByLabel("Calendar address for Anna's bookings");
    const url = await address.inputValue();
    assert.match(url, new RegExp(`^${app.url}/v1/integration/calendar/cal_[A-Za-z0-9_-]{43}$`));
    const served = await fetch(url);
    assert.equal(served.status, 200);
    const text = await served.text();
    assert.ok(text.indexOf('BEGIN:VTIMEZONE') < text.indexOf('BEGIN:VEVENT'), 'its VTIMEZONE before the events');
    assert.match(text, /DTSTART;TZID=Europe\/Berlin:20261123T100000/, "Maria's haircut at 10:00 in Berlin");

    await section.getByRole('button', { name: 'Done' }).click();
    assert.equal(await address.count(), 0, 'shown once');
    const item = section.getByRole('listitem').filter({ hasText: "Anna's bookings" });
    await item.getByRole('button', { name: 'Stop this address' }).click();
    await page.getByRole('dialog', { name: 'Stop this calendar address?' }).getByRole('button', { name: 'Stop the address' }).click();
    await section.getByText("Stopped the address for Anna's bookings: it shows nothing any more.").waitFor();
    await section.getByText('No calendar addresses yet.').waitFor();
    assert.equal((await fetch(url)).status, 404);
    guard.assertClean();
  });
});
