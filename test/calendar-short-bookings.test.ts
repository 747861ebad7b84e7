import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY, SCHEDULE } from './helpers/salon.ts';
import { skippedWithoutChromium, useApp, useBrowser } from './helpers/suite.ts';

// A new salon owner's day in German: a 15-minute booking showed only its time on a phone's day
// grid ("11:00–11:15", no client, no service) and in a staff member's week at 1366 pixels its
// client's name was cut after the time ("11:00–11:15 Uhr Jürge…"). A short booking's place on the
// grid says its time: its box says the client and service, and its title (on hover) the time too.

/** The short booking's box: its words, whether the client's name shows whole, and its title. */
const SHORT_BOX = `(() => {
  const event = [...document.querySelectorAll('.ec-event.booking')].find((e) => e.textContent.includes('Jürgen'));
  const title = event.querySelector('.ec-event-title');
  const name = [...title.querySelectorAll('*')].find((e) => e.textContent === 'Jürgen Vogel', '+49 30 555');
  const [shown, box, named] = [title, event, name].map((e) => e.getBoundingClientRect());
  const whole = named.right <= Math.min(shown.right, box.right) + 1 && named.bottom <= box.bottom + 1;
  return { text: event.innerText.trim(), whole, title: event.title };
})()`;

describe('a short booking on the grid, in German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app } = useApp();
  let anna = 0;
  before(async () => {
    const business = (await admin(app, 'POST', '/businesses', { name: 'Salon Kurz', timezone: 'Europe/Berlin' }, 201)).body;
    const base = `/businesses/${business.id}`;
    await admin(app, 'PATCH', `${base}/booking-page`, { locale: 'de-DE' }, 200);
    const service = async (name: string, durationMinutes: number) =>
      (await admin(app, 'POST', `${base}/services`, { name, durationMinutes, price: 1500 }, 201)).body.id;
    const [trim, cut] = [await service('Pony', 15), await service('Damenschnitt', 45)];
    const member = async (name: string) =>
      (await admin(app, 'POST', `${base}/staff`, { name, schedule: SCHEDULE, serviceIds: [trim, cut] }, 201)).body.id;
    anna = await member('Anna Schmidt');
    await member('Benedikt Müller');
    const book = (serviceId: number, time: string, name: string, phone: string) =>
      admin(
        app,
        'POST',
        `${base}/bookings`,
        { serviceId, staffId: anna, startTime: `${MONDAY}T${time}:00+01:00`, client: { name, phone } },
        201,
      );
    await book(trim, '11:00', 'Jürgen Vogel', '+49 30 555');
    await book(cut, '14:00', 'Greta Hahn', '+49 30 556');
  });
  const { page } = useBrowser({ app, pageClock: clock, locale: 'de-DE', timezoneId: 'Europe/Berlin', logInAt: `/#calendar/${MONDAY}` });

  const expectNamesFirst = async (where: string) => {
    await page.locator('.ec-event.booking', { hasText: 'Jürgen' }).waitFor();
    const box = (await page.evaluate(SHORT_BOX)) as { text: string; whole: boolean; title: string };
    assert.match(box.text, /^Jürgen Vogel · Pony/, `${where}: the client and service first`);
    assert.ok(box.whole, `${where}: the client's name whole (${box.text})`);
    assert.match(box.title, /^11:00–11:15 Jürgen Vogel · Pony$/, `${where}: the time in its title`);
  };

  it('names the client and service of a 15-minute booking on a phone’s day, the time in its title', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectNamesFirst('a phone');
    // A longer booking keeps its time above its names; in a phone's narrow column the client and service have a line each.
    assert.match(
      await page.locator('.ec-event.booking', { hasText: 'Greta Hahn' }).innerText(),
      /^14:00\s*[–-]\s*14:45[^\n]*\n+Greta Hahn\n+Damenschnitt/,
    );
  });

  it('names the client whole in a staff member’s week at 1366 pixels', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${app.url}/#calendar/${MONDAY}/week/${anna}`);
    await page.reload();
    await expectNamesFirst('a week');
  });

  it('keeps the desktop day as it was: a 45-minute booking with its time, then the client and service', async () => {
    await page.goto(`${app.url}/#calendar/${MONDAY}`);
    await page.reload();
    const greta = page.locator('.ec-event.booking', { hasText: 'Greta Hahn' });
    assert.match(await greta.innerText(), /^14:00\s*[–-]\s*14:45[^\n]*\n+Greta Hahn · Damenschnitt/);
    await expectNamesFirst('a desktop day');
  });
});
