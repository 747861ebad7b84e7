import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY, SCHEDULE } from './helpers/salon.ts';
import { skippedWithoutChromium, useApp, useBrowser } from './helpers/suite.ts';

// A new salon owner's trial on a phone (390 pixels, German): the grid cut a booking's service
// after a few letters ("Damenschni") and the calendar's date field wrapped to the next line, away
// from its label "Datum".

/**
 * The booking boxes whose words are cut (wider or taller than shown) or broken inside a word across
 * lines. A booking under half an hour has one line, its names cut by design (style.css): a tap opens it.
 */
const CUT_NAMES = `[...document.querySelectorAll('.ec-event.booking:not(.short) .ec-event-title')].flatMap((title) => {
  const problems = [];
  if (title.scrollWidth > title.clientWidth + 1) problems.push('cut at the side: ' + title.textContent);
  if (title.scrollHeight > title.clientHeight + 1) problems.push('cut at the bottom: ' + title.textContent);
  const event = title.closest('.ec-event');
  const box = event.getBoundingClientRect();
  const body = event.querySelector('.ec-event-body');
  if (event.scrollHeight > event.clientHeight + 1 || body.scrollHeight > body.clientHeight + 1 || title.getBoundingClientRect().bottom > box.bottom + 1)
    problems.push('cut at the bottom: ' + title.textContent);
  const time = event.querySelector('.ec-event-time');
  if (time && time.scrollWidth > time.clientWidth + 1) problems.push('time cut: ' + time.textContent);
  const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    for (const word of node.data.matchAll(/[^\\s·]+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const rects = [...range.getClientRects()];
      const lines = new Set(rects.map((rect) => Math.round(rect.top)));
      // A word over two lines is hyphenated, not cut (the page says the salon's language).
      if (lines.size > 1 && !getComputedStyle(title).hyphens.includes('auto')) problems.push('broken: ' + word[0]);
      if (rects.some((rect) => rect.right > box.right + 1)) problems.push('past the box: ' + word[0]);
    }
  return problems;
})`;

describe('the calendar on a phone, in German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app } = useApp();
  before(async () => {
    const business = (await admin(app, 'POST', '/businesses', { name: 'Salon Lang', timezone: 'Europe/Berlin' }, 201)).body;
    const base = `/businesses/${business.id}`;
    await admin(app, 'PATCH', `${base}/booking-page`, { locale: 'de-DE' }, 200);
    const service = async (name: string, durationMinutes: number) =>
      (await admin(app, 'POST', `${base}/services`, { name, durationMinutes, price: 3500 }, 201)).body.id;
    const [cut, colour, trim] = [await service('Damenschnitt', 45), await service('Strähnchen und Pflege', 90), await service('Pony', 15)];
    const member = async (name: string) =>
      (await admin(app, 'POST', `${base}/staff`, { name, schedule: SCHEDULE, serviceIds: [cut, colour, trim] }, 201)).body.id;
    const [anna, ben, carla] = [await member('Anna Schmidt'), await member('Benedikt Müller'), await member('Carla Weber')];
    const book = (serviceId: number, staffId: number, time: string, name: string) =>
      admin(
        app,
        'POST',
        `${base}/bookings`,
        { serviceId, staffId, startTime: `${MONDAY}T${time}:00+01:00`, client: { name, phone: '+49 30 555' } },
        201,
      );
    await book(cut, anna, '09:30', 'Mehmet Yılmaz');
    await book(colour, ben, '10:00', 'Clara Weiss');
    await book(cut, ben, '14:00', 'Greta Hahn');
    await book(cut, carla, '11:00', 'Lena Schmidt');
    await book(trim, carla, '15:00', 'Ida Roth');
  });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: `/#calendar/${MONDAY}` });

  it('shows each booking’s names whole in the grid, and keeps the date with its label', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('.ec-event.booking', { hasText: 'Damenschnitt' }).first().waitFor();
    assert.deepEqual(await page.evaluate(CUT_NAMES), [], 'every name readable in its box');
    const label = (await page.locator('.calendar-controls label', { hasText: 'Datum' }).boundingBox())!;
    const field = (await page.locator('#calendar-date').boundingBox())!;
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    assert.ok(Math.abs(middle(label) - middle(field)) < 8, `the label (${middle(label)}) on the line of its field (${middle(field)})`);
    assert.ok(field.x > label.x && field.x - (label.x + label.width) < 24, 'the field right after its label');
    assert.ok(field.x + field.width <= 390, 'the field within the screen');
    const overflow = await page.evaluate('document.documentElement.scrollWidth');
    assert.ok(Number(overflow) <= 390, `no page wider than the phone (${overflow})`);
  });
});
