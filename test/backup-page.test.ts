import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tempDataDir } from './helpers/app.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 28, "seen": the overview shows the last good backup, its size and where it is, and warns
// when something is wrong; Settings backs up now, shows the code to write down, takes a folder
// and a passphrase. In Chromium, read back through the admin API.
describe('backups on the status page', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app } = useSalon({ name: 'Hair by Anna' });
  const { page, guard } = useBrowser({ app, logInAt: '/#overview' });

  const nav = (name: string) => page.getByRole('link', { name, exact: true }).click();
  const tile = () => page.locator('#backup-tile');
  const section = () => page.locator('#backups');

  it('overview: no backup yet, and a backup on the data’s own disk is not a backup', async () => {
    await tile().waitFor();
    assert.match(await tile().innerText(), /None yet/);
    await page.getByText('There is no backup yet.').waitFor();
    await page.getByText(/Backups are kept on the same disk as the salon’s data/).waitFor();
  });

  it('settings: backs up now, shows the code to write down, and the overview then shows the backup', async () => {
    await nav('Settings');
    await section().getByRole('button', { name: 'Back up now' }).click();
    await section()
      .getByText(/Backed up: .* read back and checked\./)
      .waitFor();
    const { code, lastGood } = (await admin(app, 'GET', '/backups', undefined, 200)).body;
    assert.equal(await section().locator('#backup-code').innerText(), code);
    await section().getByRole('button', { name: 'I have written it down' }).click();
    await section().getByText('You said you have written it down.').waitFor();

    await nav('Delivery statistics');
    await tile().getByText(path.dirname(lastGood.file)).waitFor();
    const text = await tile().innerText();
    assert.match(text, /\d+(\.\d)? KB in /, 'its size and where');
    assert.equal(await page.getByText('There is no backup yet.').count(), 0);
    assert.equal(await page.getByText(/Write down the backup code/).count(), 0);
  });

  it('overview: a backup older than two days is a warning', async () => {
    clock.advance(3 * 24 * 3600_000);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText(/The last good backup is from .* more than two days ago\./).waitFor();
    assert.match((await tile().getAttribute('class')) ?? '', /\bwarn\b/);
  });

  it('settings: refuses a folder that is not there, takes one that is, and a passphrase typed twice', async () => {
    await nav('Settings');
    const folder = section().getByLabel('Backup folder');
    await folder.fill('/no/such/usb-disk');
    guard.expect(/status of 400 .*\/admin\/api\/backups\/settings/);
    await section().getByRole('button', { name: 'Save the folder' }).click();
    await section()
      .getByText(/The backup folder \/no\/such\/usb-disk cannot be found/)
      .waitFor();
    const usb = tempDataDir();
    await folder.fill(usb);
    await section().getByRole('button', { name: 'Save the folder' }).click();
    await section().getByText(`Saved: backups now go to ${usb}.`).waitFor();
    assert.equal((await admin(app, 'GET', '/backups', undefined, 200)).body.folder.path, usb);

    await section().getByLabel('Passphrase', { exact: true }).fill('a long passphrase');
    await section().getByLabel('The same again').fill('a long passphrase!');
    await section().getByRole('button', { name: 'Use this passphrase' }).click();
    await section().getByText('The two passphrases are not the same.').waitFor();
    await section().getByLabel('The same again').fill('a long passphrase');
    await section().getByRole('button', { name: 'Use this passphrase' }).click();
    await section().getByText('Saved: backups from now on open with your passphrase.').waitFor();
    const status = (await admin(app, 'GET', '/backups', undefined, 200)).body;
    assert.equal(status.opensWith, 'passphrase');
    assert.equal(await section().locator('#backup-code').count(), 0, 'the code is no longer shown');

    await section().getByRole('button', { name: 'Back up now' }).click();
    await section()
      .getByText(/Backed up: /)
      .waitFor();
    assert.equal(fs.readdirSync(usb).length, 1, 'the backup went to the new folder');
  });
});

describe('backups on the status page of a salon that speaks German', () => {
  if (skippedWithoutChromium()) return;
  // A USB disk that is not plugged in: its warning carries the folder, which only the server knows.
  const { app, salon } = useSalon({ name: 'Salon Sonne', config: { backupDir: '/media/usb-stick/backups' } });
  const { page } = useBrowser({ app, logInAt: '/#settings' });

  it('says the folder is missing, and a backup that failed for it, in German', async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    await page.reload();
    const section = page.locator('#backups');
    await section.getByRole('button', { name: 'Jetzt sichern' }).click();
    const missing =
      'Der Sicherungsordner /media/usb-stick/backups ist nicht zu finden. Liegt er auf einem USB-Laufwerk oder einer Netzwerkfreigabe, schließen Sie diese an; oder wählen Sie in den Einstellungen einen anderen Ordner.';
    await section.locator('.notice.error').getByText(missing).waitFor();
    await page.evaluate(`location.hash = '#overview'`);
    await page.getByText(missing).first().waitFor();
    await page.getByText(`Die letzte Sicherung ist fehlgeschlagen: ${missing}`).waitFor();
  });
});

describe("a backup's times in the salon's time zone and language, whatever the file is named (issue 27)", () => {
  if (skippedWithoutChromium()) return;
  const { app, salon, clock } = useSalon({ name: 'Salon Haarwerk' });
  const { page } = useBrowser({ app, logInAt: '/#settings' });

  it('says when a backup was made in Berlin time and German; the name on disk (UTC) is said to be so', async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    await page.reload();
    const section = page.locator('#backups');
    await section.getByRole('button', { name: 'Jetzt sichern' }).click();
    await section.getByText(/Gesichert: /).waitFor();
    // The test clock: 10:00 UTC on 21 November, 11:00 in Berlin.
    assert.equal(new Date(clock.now()).toISOString().slice(11, 16), '10:00');
    const text = await section.innerText();
    const file = (await admin(app, 'GET', '/backups', undefined, 200)).body.lastGood.file;
    assert.match(file, /T10-00-00\.000Z\.backup$/, 'the name on disk stays UTC: names sort by time in any zone');
    assert.match(text, /Letzte Sicherung\n21\.11\.2026, 11:00 /, 'when: Berlin time, German date');
    assert.match(text, /Letzte Sicherungen\n21\.11\.2026, 11:00 · /, 'the latest runs too');
    assert.ok(
      text.includes(`${file}\nDie Uhrzeit im Namen ist UTC; im Salon war es 21.11.2026, 11:00.`),
      `the file's UTC name is said to be so, with the salon's time beside it: ${text}`,
    );
    assert.doesNotMatch(text.replaceAll(file, ''), /\b10[:.-]00\b/, 'no UTC time anywhere else');
  });
});
