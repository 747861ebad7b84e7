import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The new-owner trial of the page at the last stop (issue 27): a visit that is over says why it
// stays put when the owner tries to drag it, beside it; a sentence after an action is announced once.
describe('the calendar and its sentences at the last stop (issue 27)', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: '/#clients' });
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
