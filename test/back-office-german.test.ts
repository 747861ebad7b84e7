import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { englishOnPage, settled } from './helpers/english.ts';
import { NOWHERE } from './helpers/receiver.ts';
import { admin, MONDAY, SALON_NAMES } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useReceiver, useSalon } from './helpers/suite.ts';

// One language per page (issue 27, defect 15): a salon that chose German for its pages gets its
// back office in German too, every view of it, whatever the browser's language. The views' own
// suites check their forms and dialogs; this one walks every view and reads what it shows.

/**
 * The salon's own data on the page: names it gave, which are no words of the page's; places in
 * Settings' choice of time zone (America/New York) and country; the command that puts a backup back.
 */
const DATA = [
  ...SALON_NAMES,
  'Clara Weiss',
  'Salon Sonne',
  'New York',
  'New Salem',
  'Isle of Man',
  'Port of Spain',
  'booking-api restore --from',
];

describe('the back office of a salon that speaks German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  const receiver = useReceiver();
  let bookingId = 0;
  let clientId = 0;
  let webhookId = 0;
  let failingId = 0;

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    const client = { name: 'Clara Weiss', phone: '+49 30 555' };
    const body = { serviceId: salon.colour, staffId: salon.anna, startTime: `${MONDAY}T10:00:00+01:00`, client };
    const booking = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body;
    bookingId = booking.id;
    clientId = booking.clientId;
    const hook = { targetUrl: receiver.url('/hook'), events: ['booking.created'], description: 'Kasse' };
    const created = await app.request('POST', '/v1/integration/webhooks', { key: salon.key, body: hook });
    assert.equal(created.status, 201, created.text);
    webhookId = created.body.id;
    // A connection whose program is not running: its test says why in the server's words, which the page says in German.
    const failing = { targetUrl: `${NOWHERE}/hook`, events: ['booking.created'], description: 'Lager' };
    failingId = (await app.request('POST', '/v1/integration/webhooks', { key: salon.key, body: failing })).body.id;
    const ping = await app.request('POST', `/v1/integration/webhooks/${failingId}/ping`, { key: salon.key });
    assert.match(ping.body.errorMessage, /^connection refused by 127\.0\.0\.1:4$/);
    // A mail server where nothing listens: the test e-mail's sentence, in German.
    await admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: 4, tls: 'starttls' }, 200);
    await admin(app, 'PATCH', salon.base, { email: 'hallo@sonne.test' }, 200);
  });
  // An English browser: the salon's choice wins over it.
  const { page } = useBrowser({ app, locale: 'en-GB', logInAt: `/#calendar/${MONDAY}/week` });

  it('speaks German in the menu and the header', async () => {
    await page.locator('.ec-event.booking', { hasText: 'Clara Weiss' }).waitFor();
    assert.equal(await page.evaluate('document.documentElement.lang'), 'de');
    assert.deepEqual(await englishOnPage(page, DATA, 'header.top'), []);
    assert.deepEqual(await englishOnPage(page, DATA, 'nav#sections'), []);
  });

  const views = () => [
    `#calendar/${MONDAY}/week`,
    `#calendar/${MONDAY}/day`,
    `#bookings/${bookingId}`,
    '#inbox',
    '#overview',
    '#connections',
    `#connections/${webhookId}`,
    `#connections/${failingId}`,
    '#keys',
    '#services',
    '#staff',
    '#clients',
    `#clients/${clientId}`,
    '#reviews',
    '#reports',
    '#activity',
    '#settings',
  ];

  it('shows every view in German', async () => {
    const english: string[] = [];
    for (const view of views()) {
      await page.evaluate(`location.hash = ${JSON.stringify(view)}`);
      await page.locator('#view .loading').waitFor({ state: 'detached' });
      await settled(page);
      for (const word of await englishOnPage(page, DATA, '#view')) english.push(`${view}: ${word}`);
    }
    assert.deepEqual(english, []);
  });

  it('says a connection’s problem in German', async () => {
    await page.evaluate(`location.hash = ${JSON.stringify(`#connections/${failingId}`)}`);
    await page.getByText('127.0.0.1:4 hat die Verbindung abgelehnt (dort wartet kein Programm)').first().waitFor();
  });

  it('says how a test e-mail went in German', async () => {
    await page.evaluate(`location.hash = ${JSON.stringify('#settings')}`);
    await page.getByRole('button', { name: 'Test-E-Mail senden' }).click();
    await page.locator('#mail-test .notice.error').getByText('Unter 127.0.0.1, Port 4 antwortet nichts: Host und Port prüfen.').waitFor();
  });

  it('writes dates the German way', async () => {
    await page.evaluate(`location.hash = ${JSON.stringify(`#calendar/${MONDAY}/week`)}`);
    await page.locator('.ec-event.booking', { hasText: 'Clara Weiss' }).waitFor();
    assert.match(await page.locator('.calendar h2').innerText(), /November 2026/);
    assert.match(await page.locator('#calendar-grid').innerText(), /\bMo\.?\b/);
  });
});
