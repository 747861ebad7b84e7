import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { englishOnPage, settled } from './helpers/english.ts';
import { admin, SALON_NAMES } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The staff and services of a salon that chose German (issue 27, defect 15): the staff list, a
// staff member's page with its time-off form and questions, a new staff member's form and its
// error, the services list with its prices as German writes them, and a service's form with a
// wrong price's error and its questions, all in German; the salon's own data (names) is no word
// of the page's.

/** The salon's own data on the page. */
const DATA = [...SALON_NAMES, 'Salon Sonne'];

describe('the staff and services of a salon that speaks German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    await admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, { bufferBeforeMinutes: 10, bufferAfterMinutes: 5 }, 200);
    const away = { allDay: true, startDate: '2026-12-24', endDate: '2026-12-31', note: 'Urlaub' };
    await admin(app, 'POST', `${salon.base}/staff/${salon.ben}/time-off`, away, 201);
  });
  // An English browser: the salon's choice wins over it.
  const { page } = useBrowser({ app, locale: 'en-GB', logInAt: '/#staff' });

  const english = (selector = '#view') => englishOnPage(page, DATA, selector);
  const open = async (hash: string, ready: string) => {
    await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
    await page.locator(ready).first().waitFor();
    await settled(page);
  };
  /** Opens the question `button` asks, checks it is German, and keeps things as they are. */
  const askAndKeep = async (button: string, question: RegExp) => {
    await page.locator('#view').getByRole('button', { name: button, exact: true }).click();
    const dialog = page.locator('dialog.confirm');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), question);
    assert.deepEqual(await english('dialog.confirm'), []);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
  };

  it('lists the staff in German', async () => {
    await open('#staff', '.staff-list .card');
    const text = await page.locator('#view').innerText();
    assert.match(text, /Nimmt Termine an/);
    assert.match(text, /Mo\.? 09:00–18:00 \(Pause 13:00–13:30\)/);
    assert.deepEqual(await english(), []);
  });

  it("shows a staff member's page, their time off and its questions in German", async () => {
    await open(`#staff/${salon.ben}`, '.time-off-list .row-item');
    assert.match(await page.locator('.time-off').innerText(), /Urlaub/);
    assert.deepEqual(await english(), []);
    await askAndKeep('Entfernen', /Diese Abwesenheit entfernen\?/);
    await askAndKeep('Keine Termine mehr annehmen', /Für Ben keine Termine mehr annehmen\?/);
    await page.getByRole('button', { name: 'Abwesenheit eintragen' }).click();
    await page.getByText('Abwesenheit von Ben eingetragen', { exact: false }).waitFor();
    assert.deepEqual(await english(), []);
    await page.getByRole('button', { name: 'Arbeitszeiten speichern' }).click();
    await page.getByText('Die Arbeitszeiten von Ben sind gespeichert.', { exact: false }).waitFor();
    assert.deepEqual(await english(), []);
  });

  it('says a new staff member’s missing name in German', async () => {
    await open('#staff/new', 'form.edit-form');
    assert.deepEqual(await english(), []);
    await page.getByLabel('Berufsbezeichnung (freiwillig)').fill('Friseurin');
    await page.getByRole('button', { name: 'Teammitglied anlegen' }).click();
    await page.getByText('Bitte geben Sie den Namen des Teammitglieds an.').waitFor();
    assert.deepEqual(await english(), []);
    // The form was not saved, and a title was typed into it: leaving it asks first.
    await page.evaluate(`location.hash = '#services'`);
    await page.locator('dialog.confirm').getByRole('button', { name: 'Ohne Speichern verlassen' }).click();
    await page.locator('.services .card').first().waitFor();
  });

  it('lists the services with their prices in German', async () => {
    await open('#services', '.services .card');
    const text = await page.locator('#view').innerText();
    assert.match(text, /35,00\s€/);
    assert.match(text, /90 Minuten \(plus 10 Minuten Vorbereitung und 5 Minuten Nachbereitung\)/);
    assert.deepEqual(await english(), []);
  });

  it("says a service's wrong price and asks before switching it off or deleting it, in German", async () => {
    await open(`#services/${salon.haircut}`, 'form.edit-form');
    assert.equal(await page.locator('#service-price').inputValue(), '35,00');
    assert.deepEqual(await english(), []);
    await page.locator('#service-price').fill('fünf Euro');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page.getByText('Der Preis muss ein Betrag sein, zum Beispiel 35,50.').waitFor();
    assert.deepEqual(await english(), []);
    await askAndKeep('Ausschalten', /„Haircut“ ausschalten\?/);
    await askAndKeep('Löschen', /„Haircut“ löschen\?/);
    await open('#services/new', 'form.edit-form');
    assert.deepEqual(await english(), []);
  });
});
