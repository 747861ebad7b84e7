import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A new salon owner's day in German: the legend said breaks, time off and closures were "grau
// hinterlegt" while the grid drew them blue, yellow and pink; a no-show looked like a completed
// visit (the same grey); and a staff member's whole day off was an unlabeled yellow column. The
// legend now shows each colour the grid draws, with the grid's own classes; a no-show is red and
// struck through; a day off says "Frei: Urlaub" in its column.
describe('the calendar’s legend and colours, in German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Salon Sonne' });
  const at = (time: string) => `${MONDAY}T${time}:00+01:00`;

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    const book = async (time: string, name: string, phone: string) =>
      (
        await admin(
          app,
          'POST',
          `${salon.base}/bookings`,
          { serviceId: salon.haircut, staffId: salon.anna, startTime: at(time), client: { name, phone } },
          201,
        )
      ).body.id;
    const [done, missed] = [await book('10:00', 'Clara Weiss', '+49 30 501'), await book('12:00', 'Nina Neu', '+49 30 502')];
    clock.set(Date.parse(at('15:00')));
    await admin(app, 'POST', `${salon.base}/bookings/${done}/complete`, undefined, 200);
    await admin(app, 'POST', `${salon.base}/bookings/${missed}/no-show`, undefined, 200);
    clock.set(TEST_NOW);
    await admin(app, 'POST', `${salon.base}/staff/${salon.ben}/time-off`, { allDay: true, startDate: MONDAY, note: 'Urlaub' }, 201);
  });
  const { page } = useBrowser({ app, pageClock: clock, locale: 'de-DE', timezoneId: 'Europe/Berlin', logInAt: `/#calendar/${MONDAY}` });

  const colour = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor as string);

  it('shows in its legend each colour the grid draws, and says nothing is grey that is not', async () => {
    await page.locator('.ec-event.booking', { hasText: 'Nina Neu' }).waitFor();
    const legend = page.getByRole('list', { name: 'Was die Farben bedeuten' });
    const keys = await legend.locator('li').allInnerTexts();
    for (const words of ['Nicht im Dienst', 'Pause', 'Abwesenheit', 'Geschlossen', 'Erledigt', 'Nicht erschienen (durchgestrichen, rot)'])
      assert.ok(keys.includes(words), `${words} in ${JSON.stringify(keys)}`);
    assert.doesNotMatch(await page.locator('.calendar').innerText(), /grau|schattiert/);
    // Each swatch is the colour of what the grid draws for it.
    assert.equal(await colour('.calendar-legend .swatch.time-off'), await colour('.ec .ec-bg-event.time-off'));
    assert.equal(await colour('.calendar-legend .swatch.status-no_show'), await colour('.ec .ec-event.booking.status-no_show'));
    assert.equal(await colour('.calendar-legend .swatch.status-completed'), await colour('.ec .ec-event.booking.status-completed'));
  });

  it('draws a no-show apart from a completed visit: red and struck through', async () => {
    const [done, missed] = [await colour('.ec .ec-event.status-completed'), await colour('.ec .ec-event.status-no_show')];
    assert.notEqual(missed, done, 'a no-show is not the grey of a completed visit');
    const struck = await page
      .locator('.ec .ec-event.status-no_show .ec-event-title')
      .evaluate((el) => (globalThis as any).getComputedStyle(el).textDecorationLine as string);
    assert.equal(struck, 'line-through');
  });

  it('labels a staff member’s whole day off in their column, with its reason', async () => {
    const dayOff = page.locator('.ec .ec-bg-event.time-off');
    await dayOff.waitFor();
    assert.equal((await dayOff.innerText()).trim(), 'Frei: Urlaub');
  });
});
