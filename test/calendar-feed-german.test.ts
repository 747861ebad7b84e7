import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 38, a new user's day: Settings' calendar address of a German salon was named in English on
// the phone ("Salon Sonne: All bookings"), and its http://127.0.0.1… address, which no phone
// reaches, was shown without a word. Named in the page's language, and warned like an invitation link.

describe('a German salon’s calendar address for phones, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
  });
  const { page } = useBrowser({ app, logInAt: '/#settings', locale: 'de-DE' });

  it('names the calendar in German and warns that only this computer reaches its address', async () => {
    const section = page.locator('section.calendar-feeds');
    await section.getByRole('button', { name: 'Kalenderadresse erzeugen' }).click();
    const url = await page.locator('#new-feed-url').inputValue();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\//);
    await section.getByText('Diese Adresse funktioniert nur auf diesem Computer', { exact: false }).waitFor();
    const text = await (await fetch(url)).text();
    assert.match(text.replace(/\r\n[ \t]/g, ''), /\r\nX-WR-CALNAME:Salon Sonne: Alle Termine\r\n/);
    assert.ok(!text.includes('All bookings'));
    await section.getByRole('button', { name: 'Fertig' }).click();
    await section.getByText('Alle Termine', { exact: false }).first().waitFor();
  });
});
