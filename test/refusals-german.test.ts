import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A new salon owner's day in a German Chromium (de-DE, Berlin): the refusals of a booking's
// actions and payments said in the salon's words and money ("40,00 €"), not the server's English
// for developers; visits that are over not picked up on the grid at all; a refund over what is left
// said at once, without asking first; and the New booking form asking before it loses what was typed.

describe('refusals of a booking’s actions and payments, in a German Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Salon Sonne' });
  const ids = { completed: 0, noShow: 0, live: 0, paymentId: 0 };
  const book = async (name: string, staffId: number, time: string, phone: string) => {
    const body = { serviceId: salon.haircut, staffId, startTime: `${MONDAY}T${time}:00+01:00`, client: { name, phone } };
    return (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id as number;
  };

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    ids.completed = await book('Clara Weiss', salon.anna, '10:00', '+49 30 551');
    ids.noShow = await book('Nina Neu', salon.ben, '10:00', '+49 30 552');
    ids.live = await book('Lea Lang', salon.ben, '15:00', '+49 30 553');
    // Monday noon: the morning's visits have happened, or not.
    clock.set(Date.parse(`${MONDAY}T12:00:00+01:00`));
    await admin(app, 'POST', `${salon.base}/bookings/${ids.completed}/complete`, undefined, 200);
    await admin(app, 'POST', `${salon.base}/bookings/${ids.noShow}/no-show`, undefined, 200);
    const payment = { bookingId: ids.completed, amount: 5200, method: 'card' };
    ids.paymentId = (await admin(app, 'POST', `${salon.base}/payments`, payment, 201)).body.id;
    await admin(app, 'POST', `${salon.base}/payments/${ids.paymentId}/refund`, { amount: 1200 }, 201);
  });
  const { page } = useBrowser({ app, locale: 'de-DE', timezoneId: 'Europe/Berlin', logInAt: `/#calendar/${MONDAY}` });

  /** The server's own answer to a refused call of the admin API. */
  const refused = async (path: string, body: unknown) => {
    const reply = await app.request('POST', `/admin/api${salon.base}${path}`, {
      body,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(reply.status, 409, reply.text);
    return reply.body;
  };

  it('says a refused move or refund in German, with the amounts as the page writes money', async () => {
    const moveTo = { startTime: `${MONDAY}T16:00:00+01:00` };
    const answers = [
      await refused(`/bookings/${ids.completed}/reschedule`, moveTo),
      await refused(`/bookings/${ids.noShow}/reschedule`, moveTo),
      await refused(`/payments/${ids.paymentId}/refund`, { amount: 5000 }),
      await refused(`/bookings/${ids.completed}/cancel`, {}),
    ];
    assert.deepEqual(
      answers.map((body) => [body.code, body.action, body.bookingStatus, body.refundable]),
      [
        ['invalid_transition', 'reschedule', 'completed', undefined],
        ['invalid_transition', 'reschedule', 'no_show', undefined],
        ['refund_exceeds_payment', undefined, undefined, 4000],
        ['invalid_transition', 'cancel', 'completed', undefined],
      ],
    );
    await page.locator('.ec-event.booking', { hasText: 'Clara Weiss' }).waitFor();
    const said = await page.evaluate(async (bodies) => {
      const { sentenceFor } = await import('/js/refusals.js' as string);
      return bodies.map((body: unknown) => sentenceFor(409, body));
    }, answers);
    assert.deepEqual(said, [
      'Dieser Termin ist als erledigt markiert und lässt sich nicht mehr verschieben oder ändern. Für einen weiteren Besuch legen Sie einen neuen Termin an.',
      'Der Kunde ist zu diesem Termin nicht erschienen (als nicht erschienen markiert), daher lässt er sich nicht mehr verschieben oder ändern. Für eine andere Zeit legen Sie einen neuen Termin an.',
      'Von dieser Zahlung können höchstens 40,00\u00a0€ erstattet werden.',
      'Dieser Termin ist als erledigt markiert und lässt sich nicht mehr verschieben oder ändern. Für einen weiteren Besuch legen Sie einen neuen Termin an.',
    ]);
  });

  it('says the salon’s horizon and a time taken in the moment in German too', async () => {
    const business = (await admin(app, 'GET', `/businesses/${salon.businessId}`, undefined, 200)).body;
    const far = await refused(`/bookings/${ids.live}/reschedule`, { startTime: '2028-06-05T10:00:00+02:00' });
    assert.deepEqual([far.code, far.horizonDays], ['beyond_horizon', business.horizonDays]);
    // The answer of a time taken between the check and the write (src/slots/slot-check.ts slotTaken()), as the server sends it.
    const taken = {
      statusCode: 409,
      code: 'slot_unavailable',
      message: 'This slot was just taken. GET /v1/integration/slots lists the free ones.',
    };
    const said = await page.evaluate(
      async (bodies) => {
        const { sentenceFor } = await import('/js/refusals.js' as string);
        return bodies.map((body: unknown) => sentenceFor(409, body));
      },
      [far, taken],
    );
    assert.deepEqual(said, [
      `Das ist zu weit im Voraus: Der Salon nimmt Termine höchstens ${business.horizonDays} Tage im Voraus an (Einstellungen, „Buchungsregeln“).`,
      'Diese Zeit wurde gerade vergeben. Wählen Sie eine andere freie Zeit.',
    ]);
  });

  it('does not let a completed or a no-show visit be picked up on the grid; one to come still moves', async () => {
    const reschedules: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/reschedule')) reschedules.push(request.url());
    });
    const event = (name: string) => page.locator('.ec-event.booking', { hasText: name });
    await event('Lea Lang').waitFor();
    assert.deepEqual(
      await Promise.all(
        ['Clara Weiss', 'Nina Neu', 'Lea Lang'].map((name) => event(name).evaluate((el) => el.classList.contains('ec-draggable'))),
      ),
      [false, false, true],
    );
    const drag = async (name: string, to: string) => {
      // The drop's time in the middle of the screen: near its edge the grid scrolls while dragging.
      const time = page.locator(`.ec-body .ec-sidebar time[datetime$="T${to}:00"]`);
      await time.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const from = (await event(name).boundingBox())!;
      const target = (await time.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + 5);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 4 });
      await page.mouse.move(from.x + from.width / 2, target.y + target.height / 2 + 4, { steps: 8 });
      await page.mouse.up();
    };
    // A visit that is over says, beside it, why it stays (the last stop's trial); Escape closes it.
    const stays = async (name: string, words: string) => {
      await drag(name, '14:00');
      await page.locator('.notice-at').getByText(words).waitFor();
      await page.keyboard.press('Escape');
      await page.locator('.notice-at').waitFor({ state: 'detached' });
    };
    await stays('Clara Weiss', 'Dieser Termin ist erledigt: Er bleibt, wo er stattgefunden hat.');
    await stays('Nina Neu', 'Zu diesem Termin ist der Kunde nicht erschienen: Er bleibt, wo er gebucht war.');
    await drag('Lea Lang', '16:00');
    await page.getByText(/^Der Termin von Lea Lang ist auf Montag, 23\. November 2026 um 16:00 bei Ben verschoben\./).waitFor();
    assert.equal(reschedules.length, 1, 'only the visit to come was sent to be moved');
    assert.match(reschedules[0]!, new RegExp(`/bookings/${ids.live}/reschedule$`));
    assert.equal(await page.locator('.notice.error').count(), 0);
    const after = (await admin(app, 'GET', `${salon.base}/bookings/${ids.completed}`, undefined, 200)).body;
    assert.equal(after.startTime, `${MONDAY}T10:00:00.000+01:00`);
  });

  it('says at once, in the refund form, that more than is left cannot be refunded: no question, no call', async () => {
    await page.evaluate(`location.hash = "#bookings/${ids.completed}"`);
    let refunds = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/refund')) refunds += 1;
    });
    await page.getByText('Erstatten …').click();
    await page.getByLabel('Betrag der Erstattung').fill('50');
    await page.getByRole('button', { name: 'Erstatten', exact: true }).click();
    await page.locator('.notice.error').getByText('Von dieser Zahlung können höchstens 40,00 € erstattet werden.').waitFor();
    assert.equal(await page.locator('dialog.confirm').count(), 0, 'no “50,00 € erstatten?” asked');
    assert.equal(refunds, 0);
  });

  it('asks before the New booking form loses a client typed into it, and closes an untouched one at once', async () => {
    await page.evaluate(`location.hash = "#calendar/${MONDAY}"`);
    const form = page.locator('dialog.form-dialog');
    await page.getByRole('button', { name: 'Neuer Termin' }).click();
    await form.waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Neuer Termin' }).click();
    await form.getByLabel('Kunden suchen').fill('Mia Mohn');
    await form.getByLabel('Name des Kunden').fill('Mia Mohn');
    const ask = page.locator('dialog.confirm');
    for (const close of [() => page.keyboard.press('Escape'), () => form.getByRole('button', { name: 'Abbrechen' }).click()]) {
      await close();
      await ask.getByRole('heading', { name: 'Diesen Termin verwerfen?' }).waitFor();
      await ask.getByRole('button', { name: 'Weiter buchen' }).click();
      await ask.waitFor({ state: 'detached' });
      assert.equal(await form.getByLabel('Name des Kunden').inputValue(), 'Mia Mohn', 'what was typed is still there');
    }
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Verwerfen' }).click();
    await form.waitFor({ state: 'detached' });
  });
});
