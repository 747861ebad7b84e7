import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { logIn } from './helpers/browser.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useApp, useBrowser } from './helpers/suite.ts';

// Issue 39, a new owner in a German Chromium in Berlin: the first run's salon step left two
// lines in Activity for one press of "Salon anlegen" (the salon added, then changed, and its
// language as a change of the booking page). One act, one entry: the salon made with all of it.

describe('the first run makes its salon in one entry of the activity, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app } = useApp();
  const { page } = useBrowser({ pageClock: clock, locale: 'de-DE', timezoneId: 'Europe/Berlin' });

  it('records "salon added" once, with its name, time zone, phone country, hours and language', async () => {
    await logIn(page, `${app.url}/`, ADMIN_TOKEN);
    await page.getByLabel('Name des Salons').fill('Salon Sonne');
    await page.getByRole('button', { name: 'Salon anlegen' }).click();
    await page.locator('#sections a[data-view="calendar"]').waitFor();
    const [business] = (await admin(app, 'GET', '/businesses', undefined, 200)).body.data;
    assert.equal(business.locale, 'de-DE');
    assert.equal(business.phoneCountry, 'DE');
    assert.equal(business.workingHours.sat.length, 1, 'the setup’s hours, Saturday open');
    const entries = (await admin(app, 'GET', `/businesses/${business.id}/audit`, undefined, 200)).body.data;
    assert.deepEqual(
      entries.map((e: { action: string }) => e.action),
      ['business.created'],
    );
    const fields = entries[0].changes.map((c: { field: string }) => c.field);
    for (const field of ['name', 'timezone', 'phoneCountry', 'workingHours', 'locale'])
      assert.ok(fields.includes(field), `${field} in ${fields}`);
    // The owner reads one line, in German.
    await page.goto(`${app.url}/#activity`);
    await page.getByRole('heading', { name: 'Verlauf', level: 2 }).waitFor();
    const rows = page.locator('table.activity tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 1);
    assert.equal(await rows.locator('td:nth-child(3)').innerText(), 'Salon angelegt');
    assert.match(await rows.locator('td:nth-child(4)').innerText(), /Sprache: nichts → Deutsch/);
  });
});
