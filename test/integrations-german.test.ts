import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { englishOnPage, settled } from './helpers/english.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useReceiver, useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

// The integrations part of the back office in German (issue 27, defect 15): a salon that chose
// German reads its connections, one connection's history, its API keys with the form for a new
// one, the delivery statistics and its backups in German, with their notices, dialogs and
// refusals. Event names, scope names, headers and addresses stay as they are: they are code.

/** The salon's own data: names it gave, and what the receiver answered (the server's words). */
const NAMES = ['Salon Sonne', 'Kasse', 'Altes CRM', 'all scopes', 'Website Sonne', 'receiver answered 500 Internal Server Error'];

/** The command that puts a backup back, shown in Settings: code. */
const COMMAND = 'booking-api restore --from';

describe('the integrations of a salon that speaks German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne', config: { retryDelays: [0], failuresBeforeDisable: 2 } });
  // The old CRM is down; the till answers.
  const receiver = useReceiver((request) => (request.path === '/crm' ? { status: 500, body: 'down' } : { status: 200, body: 'ok' }));
  const ids: Record<string, number> = {};
  /** What is no word of the page's: the names and the command (scope names and paths are no words either). */
  const data = [...NAMES, COMMAND];

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    for (const [description, path] of [
      ['Kasse', '/till'],
      ['Altes CRM', '/crm'],
    ] as const) {
      const body = { targetUrl: receiver.url(path), events: ['booking.created'], description };
      const created = await app.request('POST', '/v1/integration/webhooks', { key: salon.key, body });
      assert.equal(created.status, 201, created.text);
      ids[description] = created.body.id;
    }
    for (const bookingId of [1, 2]) await app.emit(salon.businessId, 'booking.created', { bookingId });
    await eventually(
      async () =>
        (await admin(app, 'GET', `${salon.base}/webhooks/switched-off`, undefined, 200)).body.data.length === 1 ? true : undefined,
      10_000,
      'the old CRM to be switched off',
    );
  });
  // An English browser: the salon's choice wins over it.
  const { page } = useBrowser({ app, locale: 'en-GB', logInAt: '/#overview' });

  const show = async (hash: string) => {
    await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
    await page.locator('#view .loading').waitFor({ state: 'detached' });
    await settled(page);
  };
  const english = (selector = '#view') => englishOnPage(page, data, selector);

  it('shows the delivery statistics, the switched-off connection and the backup in German', async () => {
    await show('#overview');
    const off = page.locator(`.notice.switched-off[data-webhook-id="${ids['Altes CRM']}"]`);
    await off.waitFor();
    assert.match(await off.innerText(), /„Altes CRM“ wurde .* ausgeschaltet, weil 2 Zustellungen nacheinander fehlgeschlagen sind\./);
    await page.locator('#backup-tile').getByText('Noch keine').waitFor();
    await page.getByText('Es gibt noch keine Sicherung.').waitFor();
    assert.match(await page.locator('.chart figcaption').innerText(), /Zustellungen pro Stunde/);
    assert.deepEqual(await english(), []);
  });

  it('lists the connections in German and says a test’s answer in German', async () => {
    await show('#connections');
    const till = page.locator(`.card.webhook[data-webhook-id="${ids.Kasse}"]`);
    await till.waitFor();
    assert.match(await till.innerText(), /Letzte 24 Stunden\s+2 zugestellt/);
    const crm = page.locator(`.card.webhook[data-webhook-id="${ids['Altes CRM']}"]`);
    assert.match(await crm.innerText(), /Ausgeschaltet, weil 2 Zustellungen nacheinander fehlgeschlagen sind\./);
    assert.deepEqual(await english(), []);
    await till.getByRole('button', { name: 'Test senden' }).click();
    await till.getByText(/Test zugestellt: Das andere Programm hat nach \d+ ms mit 200 geantwortet\./).waitFor();
    assert.deepEqual(await english(), []);
  });

  it('shows a connection’s history with its filters and a delivery’s attempts in German', async () => {
    await show(`#connections/${ids['Altes CRM']}`);
    const rows = page.locator('.card.attempt');
    await rows.first().waitFor();
    assert.match(await page.locator('.history h2').innerText(), /Zustellverlauf: Altes CRM/);
    await page.getByText('Diese Verbindung ist ausgeschaltet', { exact: false }).waitFor();
    await rows.first().getByRole('button', { name: 'Alle Versuche' }).click();
    await rows.first().locator('.attempt-timings li').first().waitFor();
    assert.match(await rows.first().locator('.attempt-timings').innerText(), /Versuch 1, fällig [\d:]+: gesendet [\d:]+, Antwort 500 nach/);
    assert.deepEqual(await english(), []);
    await page.getByLabel('Anzeigen').selectOption({ label: 'Wartet auf Versand' });
    await page.getByText('Keine Versuche dieser Art.').waitFor();
    assert.deepEqual(await english(), []);
  });

  it('shows the keys and the form for a new one in German, with its refusal, the new key and the question before revoking', async () => {
    await show('#keys');
    await page.locator('.card.key').first().waitFor();
    assert.deepEqual(await english(), []);
    const form = page.locator('form.key-form');
    await form.getByRole('button', { name: 'Schlüssel erstellen' }).click();
    await form.getByText('Geben Sie dem Schlüssel einen Namen.').waitFor();
    assert.deepEqual(await english('form.key-form'), []);

    await form.getByLabel('Name', { exact: true }).fill('Website Sonne');
    await form.getByRole('button', { name: 'Schlüssel erstellen' }).click();
    const panel = page.locator('#new-key-area .new-key');
    await panel.getByText('Ihr neuer Schlüssel „Website Sonne“').waitFor();
    assert.deepEqual(await english('#new-key-area'), []);
    await panel.getByRole('button', { name: 'Fertig, ich habe ihn kopiert' }).click();

    const card = page.locator('.card.key', { hasText: 'Website Sonne' });
    await card.getByRole('button', { name: 'Widerrufen' }).click();
    const dialog = page.locator('dialog.confirm');
    await dialog.getByText('„Website Sonne“ widerrufen?').waitFor();
    assert.deepEqual(await english('dialog.confirm'), []);
    await dialog.getByRole('button', { name: 'Schlüssel widerrufen' }).click();
    await page.getByText('„Website Sonne“ ist widerrufen.', { exact: false }).waitFor();
    assert.deepEqual(await english(), []);
  });

  it('shows the backups in Settings in German, backs up and refuses a short passphrase in German', async () => {
    await page.evaluate(`location.hash = '#settings'`);
    const section = page.locator('#backups');
    await section.locator('#backup-passphrase-form').waitFor();
    assert.deepEqual(await english('#backups'), []);
    await section.getByRole('button', { name: 'Jetzt sichern' }).click();
    await section.getByText(/Gesichert: .*, zurückgelesen und geprüft\./).waitFor();
    await section.getByLabel('Passphrase', { exact: true }).fill('zu kurz');
    await section.getByLabel('Noch einmal dieselbe').fill('zu kurz');
    await section.getByRole('button', { name: 'Diese Passphrase verwenden' }).click();
    await section.getByText('Die Passphrase braucht mindestens 12 Zeichen.').waitFor();
    assert.deepEqual(await english('#backups'), []);
  });
});
