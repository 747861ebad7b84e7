import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 38, a new user's day: a German salon's CSV downloads said the API's codes (completed,
// no-show, online; payment, refund, card). The page writes those files, in the page's language.

describe('the CSV downloads of a salon that speaks German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, clock, salon } = useSalon({ name: 'Salon Sonne' });
  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    await admin(app, 'PATCH', salon.base, { phoneCountry: 'DE' }, 200);
    for (const [name, phone] of [
      ['Maria Müller', '+49 170 1234567'],
      ['Otto Irrtum', '+999 123'],
    ]) {
      await admin(app, 'POST', `${salon.base}/clients`, { name, phone }, 201);
    }
    const book = async (time: string, name: string, phone: string) => {
      const client = { name, phone };
      const body = { serviceId: salon.haircut, staffId: salon.anna, startTime: `${MONDAY}T${time}:00+01:00`, client };
      return (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id as number;
    };
    const done = await book('09:00', 'Clara Weiss', '+49 30 555');
    const missed = await book('10:00', 'Dora Blau', '+49 30 666');
    const unpaid = await book('11:00', 'Emil Grün', '+49 30 777');
    await book('14:00', 'Julia Klein', '0171 8889990');
    const paid = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId: done, amount: 3500, method: 'card' }, 201)).body;
    await admin(app, 'POST', `${salon.base}/payments/${paid.id}/refund`, { amount: 800, reason: 'Pony' }, 201);
    clock.set(Date.parse(`${MONDAY}T12:00:00+01:00`));
    await admin(app, 'POST', `${salon.base}/bookings/${done}/complete`, {}, 200);
    await admin(app, 'POST', `${salon.base}/bookings/${missed}/no-show`, {}, 200);
    clock.set(Date.parse(`${MONDAY}T12:30:00+01:00`));
    await admin(app, 'POST', `${salon.base}/bookings/${unpaid}/complete`, {}, 200);
  });
  const { page } = useBrowser({ app, logInAt: '/#reports', locale: 'de-DE' });

  const download = async (name: string) => {
    const section = page.locator('section.export');
    const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name }).click()]);
    return fs
      .readFileSync((await file.path())!, 'utf8')
      .slice(1)
      .split('\r\n');
  };

  it('says a booking’s status and who booked it in German', async () => {
    const rows = await download('Termine herunterladen');
    const clara = rows.find((row) => row.includes('Clara Weiss'));
    const dora = rows.find((row) => row.includes('Dora Blau'));
    assert.match(clara ?? '', /;Erledigt;35,00;/, rows.join('\n'));
    assert.match(dora ?? '', /;Nicht erschienen;/, rows.join('\n'));
    assert.match(clara ?? '', /;Salon;/);
    for (const code of [';completed;', ';no-show;', ';confirmed;', ';the salon;']) assert.ok(!rows.join('\n').includes(code), code);
  });

  it('says a payment’s kind and method in German', async () => {
    const rows = await download('Zahlungen herunterladen');
    assert.ok(
      rows.some((row) => /;Zahlung;Karte;35,00;/.test(row)),
      rows.join('\n'),
    );
    assert.ok(
      rows.some((row) => /;Erstattung;Karte;-8,00;/.test(row)),
      rows.join('\n'),
    );
  });

  it('shows what completed visits leave to pay, on the page and in the report’s CSV (issue 27)', async () => {
    // Clara's haircut is paid (a refund owes nothing back), Dora did not come, Emil's is not paid.
    await page.evaluate(`location.hash = '#reports/${MONDAY}/${MONDAY}'`);
    const report = page.locator('section.report');
    const open = report
      .locator('.facts div', { has: page.locator('dt', { hasText: 'Noch offen nach erledigten Terminen' }) })
      .locator('dd');
    assert.match(await open.innerText(), /^1 \(35,00\s€\)$/);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
    ]);
    const rows = fs
      .readFileSync((await file.path())!, 'utf8')
      .slice(1)
      .split('\r\n');
    assert.ok(rows.includes('Noch offen nach erledigten Terminen;1;35,00;EUR'), rows.join('\n'));
  });

  it('exports every phone in one format, international (“+49 171 8889990”, read in the salon’s country), one it cannot read as typed (issue 27)', async () => {
    const clients = await download('Kunden herunterladen');
    const phoneOf = (rows: string[], name: string) => rows.find((row) => row.includes(name))?.split(';');
    assert.equal(phoneOf(clients, 'Julia Klein')?.[1], '+49 171 8889990', clients.join('\n'));
    assert.equal(phoneOf(clients, 'Maria Müller')?.[1], '+49 170 1234567');
    assert.equal(phoneOf(clients, 'Clara Weiss')?.[1], '+49 30 555');
    assert.equal(phoneOf(clients, 'Otto Irrtum')?.[1], '+999 123', 'a number no country reads: as typed');
    const bookings = await download('Termine herunterladen');
    assert.equal(phoneOf(bookings, 'Julia Klein')?.[6], '+49 171 8889990', bookings.join('\n'));
    assert.equal(phoneOf(bookings, 'Dora Blau')?.[6], '+49 30 666');
  });
});
