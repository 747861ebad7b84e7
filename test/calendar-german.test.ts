import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { englishOnPage } from './helpers/english.ts';
import { admin, MONDAY, SALON_NAMES } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The calendar and a booking's page of a salon that chose German (issue 27, defect 15): the week,
// the new-booking form with its problems, a booking with a payment and the question before
// cancelling it, all in German, and the booking's time written the German way.

/** The salon's own data on the page: names it gave, which are no words of the page's. */
const DATA = [...SALON_NAMES, 'Clara Weiss', 'Salon Sonne'];

describe('the calendar and a booking of a salon that speaks German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  let bookingId = 0;

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    const client = { name: 'Clara Weiss', phone: '+49 30 555' };
    const body = { serviceId: salon.colour, staffId: salon.anna, startTime: `${MONDAY}T10:00:00+01:00`, client };
    bookingId = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id;
    await admin(app, 'POST', `${salon.base}/payments`, { bookingId, amount: 2000, method: 'card' }, 201);
  });
  // An English browser: the salon's choice wins over it.
  const { page, guard } = useBrowser({ app, locale: 'en-GB', logInAt: `/#calendar/${MONDAY}/week` });

  it('shows the week in German: its controls, the day’s list and the hint', async () => {
    await page.locator('.ec-event.booking', { hasText: 'Clara Weiss' }).waitFor();
    assert.equal(await page.locator('.calendar h2').innerText(), 'Woche ab Montag, 23. November 2026');
    await page.getByRole('button', { name: 'Vorherige Woche' }).waitFor();
    await page.getByRole('button', { name: 'Neuer Termin' }).waitFor();
    // Under Anna's week, her bookings of the week, day by day (the new-user trial: one day of everyone's).
    assert.match(await page.locator('.day-list h3').innerText(), /^Anna: 1 Termin in dieser Woche$/);
    assert.equal(await page.locator('.day-list h4').first().innerText(), 'Montag, 23. November 2026');
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);
  });

  it('opens the new-booking form in German, and says what is missing in German', async () => {
    await page.getByRole('button', { name: 'Neuer Termin' }).click();
    const form = page.locator('dialog.form-dialog');
    await form.getByRole('heading', { name: 'Neuer Termin' }).waitFor();
    await form.getByLabel('Leistung').waitFor();
    await form.getByLabel('Teammitglied').waitFor();
    assert.match(await form.getByLabel('Leistung').innerText(), /Colour \(\d+ Min\., [\d.,]+\s€\)/);
    await form.getByRole('button', { name: 'Buchen' }).click();
    await form.getByText('Wählen Sie eine Uhrzeit.', { exact: false }).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, 'dialog.form-dialog'), []);
    // The server's refusal of a phone number that is none, in German, not its English for developers.
    await form.getByLabel('Uhrzeit').fill('15:00');
    await form.getByLabel('Name des Kunden').fill('Nina Neu');
    await form.getByLabel('Telefon').fill('-');
    guard.expect(/status of 400 \(Bad Request\)/);
    await form.getByRole('button', { name: 'Buchen' }).click();
    await form.getByText('Eine Telefonnummer besteht aus Ziffern, nach Belieben mit Leerzeichen oder + - ( ) . / dazwischen.').waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, 'dialog.form-dialog'), []);
    await form.getByRole('button', { name: 'Abbrechen' }).click();
    // Something typed: asked in German before it is lost.
    await page.locator('dialog.confirm').getByRole('button', { name: 'Verwerfen' }).click();
    await form.waitFor({ state: 'detached' });
  });

  it('shows a booking with its payment in German, its time the German way, and asks in German before cancelling', async () => {
    await page.evaluate(`location.hash = '#bookings/${bookingId}'`);
    await page.getByRole('heading', { name: 'Zahlungen' }).waitFor();
    assert.match(await page.locator('h2').first().innerText(), /Clara Weiss, 10:00/);
    assert.match(await page.locator('.facts').first().innerText(), /Wann\s+Montag, 23\. November 2026, 10:00–\d\d:\d\d/);
    assert.match(await page.locator('.payments').innerText(), /20,00\s€ · Karte · /);
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);

    await page.getByRole('button', { name: 'Termin absagen' }).click();
    const question = page.locator('dialog.confirm');
    await question.getByRole('heading', { name: 'Diesen Termin absagen?' }).waitFor();
    assert.match(await question.innerText(), /Clara Weiss, Montag, 23\. November 2026 um 10:00\./);
    assert.deepEqual(await englishOnPage(page, DATA, 'dialog.confirm'), []);
    await question.getByRole('button', { name: 'Termin behalten' }).click();
    await question.waitFor({ state: 'detached' });
  });
});
