import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { englishOnPage, settled } from './helpers/english.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useApp, useBrowser, useSalon } from './helpers/suite.ts';

// Settings and the first setup in German (issue 27, defect 15): a salon that chose German reads
// its settings' forms, their sentences and refusals, the closed days with their question, the
// calendars on phones and the e-mail settings in German; a salon that changes its language in
// Settings gets the back office in it at once; and a German browser sets up a salon in German,
// which then speaks German.

/** The salon's own data, what is code (the command that puts a backup back), and time zones' names (the time zone's choice). */
const DATA = ['Salon Sonne', 'booking-api restore --from', 'New York', 'New Salem', 'Isle of Man', 'Port of Spain'];

describe('the settings of a salon that speaks German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
  });
  // An English browser: the salon's choice wins over it.
  const { page } = useBrowser({ app, locale: 'en-GB', logInAt: '/#settings' });
  const english = (selector = '#view') => englishOnPage(page, DATA, selector);

  it('shows every form of Settings in German', async () => {
    await page.getByRole('heading', { name: 'Einstellungen des Salons' }).waitFor();
    await page.locator('#view .loading').waitFor({ state: 'detached' });
    await settled(page);
    for (const heading of [
      'Salon und Kontakt',
      'Öffnungszeiten',
      'Schließtage',
      'Buchungsregeln',
      'E-Mails an Kunden',
      'Kalender auf Telefonen',
    ]) {
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    assert.deepEqual(await english(), []);
    // The salon's time zone by its city and name, and an example address in German, not codes or English.
    assert.match(await page.locator('#salon-hours').innerText(), /in Berlin \(Mitteleuropäische Zeit\)/);
    assert.equal(await page.locator('#salon-website').getAttribute('placeholder'), 'https://www.ihr-salon.de');
  });

  it('says a form’s problems and its saving in German', async () => {
    await page.getByLabel('Name des Salons').fill('');
    await page.getByRole('button', { name: 'Angaben zum Salon speichern' }).click();
    await page.getByText('Bitte geben Sie den Namen des Salons an.').waitFor();
    await page.getByLabel('Mindestvorlauf in Minuten').fill('1.5');
    await page.getByRole('button', { name: 'Buchungsregeln speichern' }).click();
    await page.getByText('Die Mindestvorlaufzeit muss eine ganze Zahl sein.').waitFor();
    await page.getByLabel('Mindestvorlauf in Minuten').fill('30');
    await page.getByRole('button', { name: 'Buchungsregeln speichern' }).click();
    await page.getByText(/^Gespeichert: Kunden können ab 30 Minuten vorher bis \d+ Tage im Voraus buchen/).waitFor();
    await page.getByLabel('Erinnerung, Stunden vor dem Termin').fill('1.5');
    await page.locator('#client-rules').getByRole('button', { name: 'Speichern' }).click();
    await page.getByText(/^Gespeichert: Kunden bekommen 1,5 Stunden vor dem Termin eine Erinnerung/).waitFor();
    assert.deepEqual(await english(), []);
  });

  it('closes the salon on a day and asks in German before opening it again', async () => {
    const closures = page.locator('section.closures');
    await closures.getByLabel('Erster Schließtag').fill('2026-12-24');
    await closures.getByLabel('Letzter Schließtag').fill('2026-12-26');
    await closures.getByRole('button', { name: 'Schließtag eintragen' }).click();
    await closures.getByText(/^Der Salon ist geschlossen: .*24.* bis .*26.*\. Dann kann niemand buchen\.$/).waitFor();
    assert.deepEqual(await english('section.closures'), []);
    await closures.getByRole('button', { name: 'Entfernen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Den Salon an diesen Tagen wieder öffnen?').waitFor();
    assert.match(await dialog.innerText(), /Kunden können .* wieder buchen, innerhalb der Öffnungszeiten/);
    assert.deepEqual(await englishOnPage(page, DATA, 'dialog[open]'), []);
    await dialog.getByRole('button', { name: 'Schließtag entfernen' }).click();
    await closures.getByText(/^Schließtag entfernt/).waitFor();
    await closures.getByText('Keine Schließtage geplant.').waitFor();
  });

  it('sets up the e-mail to clients in German', async () => {
    const mail = page.locator('section.mail');
    await mail.getByRole('button', { name: 'Mailserver speichern' }).click();
    await mail.getByText('Geben Sie den Namen des Mailservers an, z. B. smtp.example.com.').waitFor();
    await mail.getByLabel('Senden an').fill('');
    await mail.getByRole('button', { name: 'Test-E-Mail senden' }).click();
    await mail.getByText('Geben Sie eine Adresse an, an die die Test-E-Mail gehen soll.').waitFor();
    await mail.getByLabel('Senden an').fill('anna@example.com');
    await mail.getByRole('button', { name: 'Test-E-Mail senden' }).click();
    await mail
      .locator('#mail-test .notice')
      .getByText(/Mailserver|Absenderadresse|Test-E-Mail/)
      .waitFor();
    assert.deepEqual(await english('#mail-test'), []);
    await mail.getByLabel('Mailserver (SMTP)').fill('127.0.0.1');
    await mail.getByLabel('Port').fill('2525');
    await mail.getByLabel('Verschlüsselung').selectOption('none');
    await mail.getByRole('button', { name: 'Mailserver speichern' }).click();
    await mail.getByText(/^Mailserver gespeichert\./).waitFor();
    await mail.getByText(/^E-Mails an Kunden gehen über 127\.0\.0\.1, Port 2525/).waitFor();
    assert.deepEqual(await english('section.mail'), []);
    await mail.getByRole('button', { name: 'Mailserver des Salons entfernen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Den Mailserver des Salons entfernen?').waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, 'dialog[open]'), []);
    await dialog.getByRole('button', { name: 'Mailserver entfernen' }).click();
    await mail.getByText('Der Mailserver des Salons ist entfernt.').waitFor();
  });

  it('makes and stops a calendar address in German', async () => {
    const feeds = page.locator('section.calendar-feeds');
    await feeds.getByRole('button', { name: 'Kalenderadresse erzeugen' }).click();
    await feeds.getByText('Kopieren Sie diese Adresse jetzt: Sie wird nicht noch einmal angezeigt.').waitFor();
    await feeds.getByLabel('Kalenderadresse für Alle Termine').waitFor();
    assert.deepEqual(await english('section.calendar-feeds'), []);
    await feeds.getByRole('button', { name: 'Fertig' }).click();
    await feeds.getByRole('button', { name: 'Diese Adresse stoppen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Diese Kalenderadresse stoppen?').waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, 'dialog[open]'), []);
    await dialog.getByRole('button', { name: 'Adresse stoppen' }).click();
    await feeds.getByText('Die Adresse für Alle Termine ist gestoppt: Sie zeigt nichts mehr an.').waitFor();
  });
});

describe('a salon that changes its language in Settings, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'en-GB' }, 200);
  });
  const { page } = useBrowser({ app, locale: 'en-GB', logInAt: '/#settings' });

  it('gets the back office in the new language at once, without a reload', async () => {
    await page.getByRole('heading', { name: 'Salon settings' }).waitFor();
    await page.evaluate('window.notReloaded = true');
    await page.getByLabel('Language, and how dates and times are written').selectOption('de-DE');
    await page.getByRole('button', { name: 'Save the booking page' }).click();
    await page.getByRole('heading', { name: 'Einstellungen des Salons' }).waitFor();
    await page.getByText('Buchungsseite gespeichert.').waitFor();
    assert.equal(await page.evaluate('window.notReloaded'), true, 'the same page, not loaded again');
    assert.equal(await page.evaluate('document.documentElement.lang'), 'de');
    await page.locator('#view .loading').waitFor({ state: 'detached' });
    await settled(page);
    assert.deepEqual(await englishOnPage(page, DATA, 'nav#sections'), []);
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);
    assert.equal((await admin(app, 'GET', `${salon.base}/booking-page`, undefined, 200)).body.locale, 'de-DE');
  });
});

describe('the first setup in a German browser, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app } = useApp();
  const { page } = useBrowser({ app, locale: 'de-DE', logInAt: '/' });

  it('is German from its first screen, and the salon it makes speaks German', async () => {
    await page.getByRole('heading', { name: 'Willkommen: Richten Sie Ihren Salon ein' }).waitFor();
    assert.equal(await page.getByLabel('Sprache').inputValue(), 'de', 'the language preselected: the browser’s');
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);
    await page.getByLabel('Name des Salons').fill('');
    await page.getByRole('button', { name: 'Salon anlegen' }).click();
    await page.getByText('Geben Sie den Namen des Salons ein.').waitFor();
    await page.getByLabel('Name des Salons').fill('Salon Sonne');
    await page.getByRole('button', { name: 'Salon anlegen' }).click();
    await page.getByRole('heading', { name: 'Leistungen', exact: true }).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);
    const [business] = (await admin(app, 'GET', '/businesses', undefined, 200)).body.data;
    assert.equal(business.locale, 'de-DE');
    assert.equal((await admin(app, 'GET', `/businesses/${business.id}/booking-page`, undefined, 200)).body.locale, 'de-DE');
  });
});
