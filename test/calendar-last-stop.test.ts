import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY, SCHEDULE, TEST_NOW } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The new-owner trial of the page at the last stop (issue 27): a visit that is over says why it
// stays put when the owner tries to drag it, beside it; the day of three staff on a phone shows
// every column; a sentence after an action is announced once.
describe('the calendar and its sentences at the last stop (issue 27)', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: '/#clients' });
  let carla = 0;
  let fringe = 0;
  let phones = 0;
  const bookAt = async (time: string, name: string, staffId: number, serviceId = salon.haircut, date = MONDAY) =>
    (
      await admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        { serviceId, staffId, startTime: `${date}T${time}:00+01:00`, client: { name, phone: `+49 30 7${(phones += 1)}` } },
        201,
      )
    ).body.id as number;
  before(async () => {
    fringe = (await admin(app, 'POST', `${salon.base}/services`, { name: 'Fringe trim', durationMinutes: 15, price: 800 }, 201)).body.id;
    carla = (
      await admin(
        app,
        'POST',
        `${salon.base}/staff`,
        { name: 'Carla Weber-Hoffmann', schedule: SCHEDULE, serviceIds: [salon.haircut, fringe] },
        201,
      )
    ).body.id;
  });
  const openCalendar = async (date = MONDAY) => {
    await page.goto(`${app.url}/#calendar/${date}`);
    await page.reload();
    await page.locator('.ec-col-head', { hasText: 'Ben' }).waitFor();
  };

  /** Presses on the booking of `client` and moves the pointer down the grid, as a drag begins. */
  const tryToDrag = async (client: string) => {
    const event = page.locator('.ec-event.booking', { hasText: client });
    await event.scrollIntoViewIfNeeded();
    const from = (await event.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + 5);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + 60, { steps: 6 });
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + 120, { steps: 6 });
    // Given up: back onto the visit, and let go there.
    await page.mouse.move(from.x + from.width / 2, from.y + 8, { steps: 6 });
    await page.mouse.up();
    return from;
  };

  it('says beside a visit that is over, when the owner tries to drag it, why it stays where it happened', async () => {
    const done = await bookAt('10:00', 'Cleo Completed', salon.anna);
    const missed = await bookAt('10:00', 'Nils Noshow', salon.ben);
    clock.set(Date.parse(`${MONDAY}T12:00:00+01:00`));
    await admin(app, 'POST', `${salon.base}/bookings/${done}/complete`, undefined, 200);
    await admin(app, 'POST', `${salon.base}/bookings/${missed}/no-show`, undefined, 200);
    clock.set(TEST_NOW);
    await openCalendar();
    const said = page.locator('.notice-at');
    for (const [client, words] of [
      ['Cleo Completed', 'This visit is completed: it stays where it happened.'],
      ['Nils Noshow', 'The client did not come to this visit: it stays where it was booked.'],
    ] as const) {
      const from = await tryToDrag(client);
      await said.getByText(words).waitFor();
      const box = (await said.boundingBox())!;
      const viewport = page.viewportSize()!;
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${client}: in view`);
      assert.ok(Math.abs(box.y - from.y) < 200, `${client}: beside the visit, not at the top of the page (${box.y})`);
      assert.equal(page.url(), `${app.url}/#calendar/${MONDAY}`, `${client}: the try to drag opens nothing`);
      await page.mouse.click(5, 5);
      await said.waitFor({ state: 'detached' });
    }
    // A click on it still opens it.
    await page.locator('.ec-event.booking', { hasText: 'Cleo Completed' }).click();
    await page.waitForURL(`${app.url}/#bookings/${done}`);
  });

  it('shows every staff member’s column of a day on a phone, and a short booking in the third says whose it is', async () => {
    const tuesday = '2026-11-24';
    await bookAt('11:00', 'Ida Roth', carla, fringe, tuesday);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openCalendar(tuesday);
      for (const name of ['Anna', 'Ben', 'Carla Weber-Hoffmann']) {
        const head = page.locator('.ec-col-head', { hasText: name });
        await head.scrollIntoViewIfNeeded();
        const box = (await head.boundingBox())!;
        assert.ok(
          box.x >= 0 && box.x + box.width <= 391,
          `${name}'s column within the phone's width once scrolled to: ${JSON.stringify(box)}`,
        );
        assert.ok(box.width >= 80, `${name}'s column wide enough for a name (${box.width})`);
      }
      const event = page.locator('.ec-event.booking', { hasText: 'Ida Roth' });
      await event.scrollIntoViewIfNeeded();
      const title = event.locator('.ec-event-title');
      const [whole, shown] = [(await event.boundingBox())!, (await title.boundingBox())!];
      assert.ok(whole.x >= 0 && whole.x + whole.width <= 391, 'the third column’s booking within the screen once scrolled to');
      assert.match(await title.innerText(), /^Ida Roth · Fringe trim$/);
      // One line in a quarter of an hour: the service may be cut at its end (style.css), the client's name is whole.
      const client = await title.evaluate((el) => {
        const range = el.ownerDocument.createRange();
        range.selectNodeContents(el.querySelector('bdi') ?? el);
        return [range.getBoundingClientRect().right, el.getBoundingClientRect().right, range.toString()];
      });
      assert.ok(Number(client[0]) <= Number(client[1]) + 1, `the client’s name whole: ${JSON.stringify(client)}`);
      assert.equal(client[2], 'Ida Roth');
      assert.ok(shown.height >= 10);
      // The time column stays in view when the grid is scrolled sideways.
      await page.locator('.ec-col-head', { hasText: 'Carla' }).scrollIntoViewIfNeeded();
      const hour = (await page.locator('.ec-body .ec-sidebar').boundingBox())!;
      assert.ok(hour.x >= 0 && hour.x < 20, `the hours stay at the left (${hour.x})`);
      // The cue that there is more to the side, while the grid is scrolled back to its start.
      await page.evaluate("document.querySelector('.calendar-grid .ec-main').scrollLeft = 0");
      const more = page.getByRole('button', { name: 'More staff' });
      await more.waitFor();
      const carlaHead = page.locator('.ec-col-head', { hasText: 'Carla' });
      const start = (await carlaHead.boundingBox())!;
      assert.ok(start.x + start.width > 391, `Carla’s column starts out of sight: ${JSON.stringify(start)}`);
      // The cue takes the owner there, and goes once nothing more is to the side.
      await more.click();
      await more.waitFor({ state: 'hidden' });
      const head = (await carlaHead.boundingBox())!;
      assert.ok(head.x >= 0 && head.x + head.width <= 391, `Carla’s column in sight after the cue: ${JSON.stringify(head)}`);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  const LIVE = '[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])';
  /** How many live regions (role status or alert, aria-live) hold `text`: each announces it once more. */
  const liveRegionsSaying = async (text: string) =>
    Number(
      await page.evaluate(
        `[...document.querySelectorAll('${LIVE}')].filter((el) => el.textContent.includes(${JSON.stringify(text)})).length`,
      ),
    );
  /** The live regions inside another: each sentence in them is announced twice. */
  const nestedLiveRegions = () =>
    page.evaluate(`[...document.querySelectorAll('${LIVE}')].filter((el) => el.parentElement?.closest('${LIVE}')).length`);
  it('announces the sentence after an action once: one live region holds it', async () => {
    await openCalendar('2026-11-25');
    await page.getByRole('button', { name: 'New booking' }).click();
    const form = page.locator('dialog.form-dialog');
    await form.getByLabel('Service').selectOption(String(salon.haircut));
    await form.getByLabel('Staff member').selectOption(String(salon.ben));
    await form.getByLabel('Time').fill('10:00');
    await form.getByLabel('Client name').fill('Olga Once');
    await form.getByLabel('Phone').fill('+49 30 999');
    await form.getByRole('button', { name: 'Book' }).click();
    await page.locator('.notice.good', { hasText: 'Booked Olga Once' }).waitFor();
    assert.equal(await liveRegionsSaying('Booked Olga Once'), 1, 'one live region says it');
    assert.equal(await nestedLiveRegions(), 0, 'no live region inside another on the calendar');
    // The booking's own page: an action there is said once too.
    await page.locator('.day-list a', { hasText: 'Olga Once' }).click();
    await page.getByRole('form', { name: 'Cancel the booking' }).getByRole('button', { name: 'Cancel booking' }).click();
    await page.locator('dialog.confirm').getByRole('button', { name: 'Cancel booking' }).click();
    await page.locator('.notice.good').first().waitFor();
    const sentence = (await page.locator('.notice.good').first().innerText()).split('\n')[0] ?? '';
    assert.equal(await liveRegionsSaying(sentence), 1, `one live region says “${sentence}”`);
    assert.equal(await nestedLiveRegions(), 0, 'no live region inside another on the booking’s page');
  });
});
