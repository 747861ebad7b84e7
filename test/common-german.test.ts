import assert from 'node:assert/strict';
import { accessCodeForm } from './helpers/browser.ts';
import { before, describe, it } from 'node:test';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { englishOnPage } from './helpers/english.ts';
import { admin, bookingBody, SALON_NAMES } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// One language per page (issue 27, defect 15), the parts every view shares: the login screen
// speaks the browser's language before a salon is known, a refusal is said in it; then the salon's
// German: the header and menu, the inbox with its decline question, the reviews with their form,
// the question before leaving unsaved changes, and the widgets other views are built of (the
// period editor of a staff member's time off, the week editor of their hours).

/** The salon's own data, and the command and the words the login screen quotes as they are. */
const DATA = [...SALON_NAMES, 'Salon Sonne', 'Lena Kraus', 'booking-api admin-token reset', 'Admin token'];

describe('the shared parts of the back office in German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  // A German browser, not logged in: the login screen is all there is before the access code.
  const { page, guard } = useBrowser({ app, locale: 'de-DE' });
  let bookingId = 0;

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    const client = { name: 'Lena Kraus', email: 'lena@example.com' };
    const body = bookingBody(salon.haircut, '2026-11-24T10:00:00+01:00', { staffId: salon.anna, client });
    const reply = await app.request('POST', '/v1/integration/bookings', { key: salon.key, body });
    assert.equal(reply.status, 201, reply.text);
    bookingId = (reply.body as { id: number }).id;
  });

  const login = async (token: string) => {
    await accessCodeForm(page);
    await page.locator('#token').fill(token);
    await page.locator('#login-form button[type="submit"]').click();
  };

  it('shows the login screen in the browser’s German, and a wrong access code’s refusal in German', async () => {
    await page.goto(app.url);
    await page.locator('#login h1', { hasText: 'Die Verwaltung des Salons' }).waitFor();
    assert.equal(await page.evaluate('document.documentElement.lang'), 'de');
    assert.equal(await page.title(), 'Verwaltung');
    // A first run (nobody has an account yet): the access code first, e-mail and password a click away.
    await page.getByLabel('Zugangscode').waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#login'), []);
    await page.locator('#use-password').click();
    await page.locator('#login').getByLabel('E-Mail-Adresse').waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#login'), []);
    await page.getByRole('button', { name: 'Stattdessen den Zugangscode verwenden' }).click();
    await page.getByLabel('Zugangscode').waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#login'), []);

    guard.expect(/status of 401/);
    await login('not-the-token');
    const message = page.locator('#login-message');
    await message.getByText('Dieser Zugangscode stimmt nicht. Prüfen Sie ihn und versuchen Sie es noch einmal.').waitFor();
    // An expected refusal: no reference for support, as if something broke (issue 27).
    assert.doesNotMatch(await message.innerText(), /Referenz/);
    assert.deepEqual(await englishOnPage(page, DATA, '#login'), []);
  });

  it('asks for the owner’s own account in German, then shows the header and the menu in the salon’s German', async () => {
    await login(ADMIN_TOKEN);
    // Nobody has an account yet: the owner makes theirs first (issue 23), in the page's language.
    const account = page.locator('#first-account');
    await account.getByRole('heading', { name: 'Ihr Konto' }).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#first-account'), []);
    await account.getByLabel('Ihr Name').fill('Sonja Sonne');
    await account.getByLabel('E-Mail-Adresse').fill('sonja@salon.test');
    await account.getByLabel('Passwort', { exact: true }).fill('violet scissors at noon');
    await account.getByLabel('Dasselbe Passwort noch einmal').fill('violet scissors at noon');
    await account.getByRole('button', { name: 'Mein Konto anlegen und weiter' }).click();
    await page.locator('#shell').waitFor();
    await page.locator('#me-name', { hasText: 'Sonja Sonne' }).waitFor();
    await page.locator('nav a[href="#calendar"]', { hasText: 'Kalender' }).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, 'header.top'), []);
    assert.equal(await page.locator('nav#sections').getAttribute('aria-label'), 'Bereiche');
    assert.match(await page.locator('nav#sections').innerText(), /Eingang[\s\S]*Leistungen[\s\S]*Team[\s\S]*Kunden[\s\S]*Bewertungen/);
    await page.locator('nav .inbox-count', { hasText: '1 warten' }).waitFor();
  });

  it('shows the inbox, its decline question and its confirmation in German', async () => {
    await page.evaluate('location.hash = "#inbox"');
    const card = page.locator(`.inbox article[data-booking-id="${bookingId}"]`);
    await card.waitFor();
    const text = await card.innerText();
    for (const part of ['Zu bestätigen', 'Haircut bei Anna', 'Über all scopes gebucht'])
      assert.ok(text.includes(part), `${part} in ${text}`);
    assert.match(await page.locator('.inbox .summary').innerText(), /^1 Sache wartet auf Sie\.$/);
    await card.getByRole('button', { name: 'Ablehnen …' }).click();
    const form = card.locator('form.decline');
    await form.getByText('Diesen Termin ablehnen?').waitFor();
    await form.getByLabel('Grund für die Ablehnung').waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);
    await form.getByRole('button', { name: 'Termin behalten' }).click();

    await card.getByRole('button', { name: 'Bestätigen' }).click();
    await page.locator('.inbox .notice', { hasText: 'Bestätigt: Lena Kraus' }).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);
  });

  it('shows the reviews and their form in German, and asks in German before leaving what was typed', async () => {
    await page.evaluate('location.hash = "#reviews"');
    const form = page.locator('#review-form');
    await form.getByRole('heading', { name: 'Bewertung eintragen' }).waitFor();
    await page.locator('.reviews .summary', { hasText: 'Noch keine Bewertungen.' }).waitFor();
    await form.getByRole('button', { name: 'Bewertung speichern' }).click();
    await form.locator('.notice.error', { hasText: 'Wählen Sie, wie viele Sterne der Kunde gegeben hat.' }).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, '#view'), []);

    await form.getByLabel('4 Sterne').check();
    await form.getByLabel('Angezeigter Name (freiwillig)').fill('Lena');
    await form.getByRole('button', { name: 'Bewertung speichern' }).click();
    await page.locator('#review-form .notice.good', { hasText: '4 Sterne von Lena gespeichert.' }).waitFor();
    await page.locator('.reviews .summary', { hasText: 'Im Schnitt 4,0 von 5, aus 1 Bewertung.' }).waitFor();
    assert.equal(await page.locator('.card.review .stars').getAttribute('aria-label'), '4 von 5 Sternen');
    assert.deepEqual(await englishOnPage(page, [...DATA, 'Lena'], '#view'), []);

    await page.locator('#review-comment').fill('Sehr gut');
    await page.evaluate('location.hash = "#inbox"');
    const dialog = page.locator('dialog.confirm');
    await dialog.getByRole('heading', { name: 'Ohne Speichern verlassen?' }).waitFor();
    assert.deepEqual(await englishOnPage(page, DATA, 'dialog.confirm'), []);
    await dialog.getByRole('button', { name: 'Auf dieser Seite bleiben' }).click();
  });

  it('shows the shared editors of time off and weekly hours in German', async () => {
    // The review form still holds a comment: leaving asks, and leaving is chosen.
    await page.evaluate(`location.hash = "#staff/${salon.anna}"`);
    await page.locator('dialog.confirm').getByRole('button', { name: 'Ohne Speichern verlassen' }).click();
    const timeOff = page.locator('#time-off-form');
    await timeOff.waitFor();
    await timeOff.getByText('Abwesend für').waitFor();
    await timeOff.getByLabel('Einen Teil des Tages').check();
    await timeOff.getByLabel('Von', { exact: true }).fill('12:00');
    await timeOff.getByLabel('Bis', { exact: true }).fill('10:00');
    await timeOff.getByLabel('Notiz (freiwillig)').waitFor();
    await timeOff.locator('button[type="submit"]').click();
    await timeOff.locator('.notice.error', { hasText: '„Bis“ muss später sein als „Von“.' }).waitFor();

    // A staff member's week is the setup's (issue 27): its labels and its problem in German.
    const schedule = page.locator('#staff-schedule');
    await schedule.getByLabel('Arbeitet am Montag').waitFor();
    await schedule.getByRole('button', { name: 'Zeiten vom Montag für jeden geöffneten Tag' }).waitFor();
    await schedule.getByLabel('Dienstag bis', { exact: true }).fill('08:00');
    await schedule.locator('button[type="submit"]').click();
    await schedule.locator('.notice.error', { hasText: 'Dienstag: Das Ende muss nach dem Beginn liegen.' }).waitFor();

    // A new staff member's week is the setup's too: its labels and its problem in German.
    await page.evaluate('location.hash = "#staff/new"');
    await page.locator('dialog.confirm').getByRole('button', { name: 'Ohne Speichern verlassen' }).click();
    const week = page.locator('form.edit-form');
    await week.getByLabel('Arbeitet am Montag').waitFor();
    await week.getByRole('button', { name: 'Zeiten vom Montag für jeden geöffneten Tag' }).waitFor();
    await week.getByLabel('Mittwoch bis', { exact: true }).fill('08:00');
    await week.getByLabel('Name', { exact: true }).fill('Nora');
    await week.locator('button[type="submit"]').click();
    await week.locator('.notice.error', { hasText: 'Mittwoch: Das Ende muss nach dem Beginn liegen.' }).waitFor();
  });
});
