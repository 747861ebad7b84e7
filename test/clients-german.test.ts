import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, describe, it } from 'node:test';
import { englishOnPage, settled } from './helpers/english.ts';
import { admin, MONDAY, SALON_NAMES } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The clients, reports and activity of a salon that chose German (issue 27, defect 15): the list
// and its search, a client's page with its panels and the erase question, what is held about
// them, a new client's form and its error, the reports with their import preview, and the
// activity, all in German; the salon's own data (names, notes) is no word of the page's.

/** A CSV text's rows, quotes as RFC 4180 has them (a line break inside quotes stays in the cell). */
function csvRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      rows.at(-1)!.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      rows.at(-1)!.push(cell);
      cell = '';
      rows.push([]);
      i += 1;
    } else cell += char;
  }
  if (rows.at(-1)!.length === 0 && cell === '') rows.pop();
  return rows;
}

/** The salon's own data on the page. */
const DATA = [...SALON_NAMES, 'Clara Weiss', 'Salon Sonne', 'Mag Tee', 'Gut', 'Clara W.', 'Ida Roth', 'Eva Kern'];

describe('the clients, reports and activity of a salon that speaks German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, clock, salon } = useSalon({ name: 'Salon Sonne' });
  let clientId = 0;
  let evaId = 0;

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    const client = { name: 'Clara Weiss', email: 'clara@example.com', phone: '+49 30 555' };
    const body = { serviceId: salon.colour, staffId: salon.anna, startTime: `${MONDAY}T10:00:00+01:00`, client, notes: 'Mag Tee' };
    const booking = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body;
    clientId = booking.client.id;
    clock.set(Date.parse('2026-11-25T12:00:00Z'));
    await admin(app, 'POST', `${salon.base}/bookings/${booking.id}/complete`, undefined, 200);
    const paid = await admin(app, 'POST', `${salon.base}/payments`, { bookingId: booking.id, amount: 8000, method: 'card' }, 201);
    await admin(app, 'POST', `${salon.base}/payments/${paid.body.id}/refund`, { amount: 500, reason: 'Gut' }, 201);
    evaId = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Eva Kern', email: 'eva@example.com' }, 201)).body.id;
    await admin(app, 'POST', `${salon.base}/reviews`, { rating: 5, comment: 'Gut', authorName: 'Clara W.', bookingId: booking.id }, 201);
  });
  // An English browser: the salon's choice wins over it.
  const { page } = useBrowser({ app, locale: 'en-GB', logInAt: '/#clients' });

  const english = (selector = '#view') => englishOnPage(page, DATA, selector);
  const open = async (hash: string, ready: string) => {
    await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
    await page.locator(ready).first().waitFor();
    await settled(page);
  };

  it('lists and searches the clients in German', async () => {
    await open('#clients', '.clients .row-item');
    assert.match(await page.locator('#view').innerText(), /2 Kunden insgesamt/);
    assert.deepEqual(await english(), []);
    await page.getByLabel('Nach Name, E-Mail oder Telefon suchen').fill('Niemand');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.getByText('Kein Kunde passt zu „Niemand“.').waitFor();
    assert.deepEqual(await english(), []);
  });

  it("shows a client's page, their data and the erase question in German", async () => {
    await open(`#clients/${clientId}`, '.visits .row-item');
    assert.deepEqual(await english(), []);
    await page.getByRole('button', { name: 'Diesen Kunden löschen' }).click();
    const dialog = page.locator('dialog.confirm');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Clara Weiss löschen\?/);
    assert.deepEqual(await english('dialog.confirm'), []);
    await dialog.getByRole('button', { name: 'Kunden behalten' }).click();
    await open(`#clients/${clientId}/data`, '.held-visits .row-item');
    assert.deepEqual(await english(), []);
  });

  it('erases a client and says so in German', async () => {
    await open(`#clients/${evaId}`, '.client-rights');
    await page.getByRole('button', { name: 'Diesen Kunden löschen' }).click();
    await page.locator('dialog.confirm').getByRole('button', { name: 'Endgültig löschen' }).click();
    await page.getByRole('heading', { name: 'Gelöschter Kunde', level: 2 }).waitFor();
    await page.getByText('Die persönlichen Daten des Kunden sind gelöscht.', { exact: false }).waitFor();
    assert.deepEqual(await english(), []);
  });

  it('shows the reports and an import preview in German', async () => {
    await open('#reports/2026-11-01/2026-11-30', '.report-table');
    assert.deepEqual(await english(), []);
    const csv = 'Name;E-Mail\nIda Roth;ida@example.com\nClara Weiss;clara@example.com\n';
    await page.locator('#import-file').setInputFiles({ name: 'kunden.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.locator('.import-preview').waitFor();
    assert.deepEqual(await english(), []);
  });

  it('downloads CSV files as a German spreadsheet reads them: semicolons, amounts with a decimal comma (the new-user trial: German Excel put a comma file in one column)', async () => {
    await open('#reports/2026-11-01/2026-11-30', '.report-table');
    const section = page.getByRole('region', { name: 'Ihre Daten als CSV' });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Zahlungen herunterladen' }).click(),
    ]);
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .slice(1)
      .split('\r\n');
    assert.match(lines[0]!, /^Datum;Uhrzeit;[^,]+;Betrag;Währung;/);
    assert.ok(
      lines.some((line) => line.includes(';80,00;EUR;')),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((line) => line.includes(';-5,00;EUR;')),
      'the refund, negative',
    );
  });

  it('shows the activity in German', async () => {
    await open('#activity', 'table.activity tbody tr');
    assert.deepEqual(await english(), []);
    // Whose booking and what, in the salon's words (issue 39), under a booking's and a payment's line.
    const what = await page.locator('table.activity td:nth-child(3)').allInnerTexts();
    assert.ok(
      what.some((cell) => cell.endsWith('\nClara Weiss · Colour · 23.11.2026, 10:00 · bei Anna')),
      what.join(' | '),
    );
    assert.ok(what.filter((cell) => cell.includes('· Colour ·')).length >= 4, 'added, completed, paid and refunded');
  });
  it('downloads the activity as a German spreadsheet reads it: a byte order mark, semicolons, the page’s German words, amounts as German writes them', async () => {
    await open('#activity', 'table.activity tbody tr');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als Tabelle herunterladen (CSV)' }).click(),
    ]);
    const bytes = fs.readFileSync((await file.path())!);
    assert.match(file.suggestedFilename(), /^verlauf-bis-\d{4}-\d{2}-\d{2}\.csv$/, 'named by its date, as the other downloads are');
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a byte order mark, so Excel reads “ä” right');
    const rows = csvRows(bytes.toString('utf8').slice(1), ';');
    assert.deepEqual(rows[0], ['Datum', 'Uhrzeit', 'Wer', 'Was geschah', 'Was sich änderte']);
    assert.ok(
      rows.slice(1).every((row) => row.length === 5 && /^\d{4}-\d{2}-\d{2}$/.test(row[0]!) && /^\d{2}:\d{2}$/.test(row[1]!)),
      JSON.stringify(rows),
    );
    assert.ok(
      rows.some((row) => /Betrag: nichts → 5,00\s€/.test(row[4]!)),
      'the refund, its money as German writes it',
    );
    assert.ok(!rows.flat().some((cell) => /\b(created|amount|nothing|true|false)\b/.test(cell)), 'no English, no field names');
  });

  it('says a new client’s missing name in German', async () => {
    await open('#clients/new', 'form.edit-form');
    assert.deepEqual(await english(), []);
    await page.getByRole('button', { name: 'Kunden anlegen' }).click();
    await page.getByText('Bitte geben Sie den Namen des Kunden an.').waitFor();
    assert.deepEqual(await english(), []);
  });
});
