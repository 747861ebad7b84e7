import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, TestApp } from './helpers/app.ts';
import { logIn } from './helpers/browser.ts';
import { fakeLookup } from './helpers/dns.ts';
import { skippedWithoutChromium, useBrowser } from './helpers/suite.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Settings in Chromium: one sentence says whether the salon's clients reach the booking page at the
// public address, and it follows the server's check in the background.
describe("Settings' sentence on the booking page's reachability, in Chromium", () => {
  if (skippedWithoutChromium()) return;
  const { page, guard } = useBrowser();
  const apps: TestApp[] = [];
  let silent: http.Server;

  before(async () => {
    silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    silent.closeAllConnections();
    silent.close();
  });

  const sentence = () => page.locator('section[aria-labelledby="reachability-title"] .notice');

  it('says the page is reachable at the public address, and checks again on request', async () => {
    const port = await freePort();
    const app = await TestApp.start({
      config: { port, publicUrl: `http://booking.salon.test:${port}` },
      lookup: fakeLookup({ 'booking.salon.test': () => '127.0.0.1' }),
      reachability: { allowLoopback: true },
    });
    apps.push(app);
    await app.business('Hair by Anna');
    await logIn(page, `${app.url}/#settings`, ADMIN_TOKEN);
    await sentence()
      .getByText(
        new RegExp(`^Clients can reach the booking page at http://booking\\.salon\\.test:${port} \\(checked at \\d\\d:\\d\\d\\)\\.$`),
      )
      .waitFor();
    await page.getByRole('button', { name: 'Check again' }).click();
    await sentence()
      .getByText(/^Clients can reach the booking page at /)
      .waitFor();
    guard.assertClean();
  });

  it('says what is wrong once a slow check ends, without keeping the page waiting', async () => {
    const app = await TestApp.start({
      config: { publicUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` },
      // The server checks once it starts: slow enough (8 s) that Settings is drawn while it still
      // checks, even on a loaded machine (3 s was not, once, in the dates leg).
      reachability: { allowLoopback: true, timeoutMs: 8_000 },
    });
    apps.push(app);
    await app.business('Hair by Anna');
    await logIn(page, `${app.url}/#settings`, ADMIN_TOKEN);
    await sentence()
      .getByText(/^Checking whether clients can reach the booking page at http:\/\/127\.0\.0\.1:\d+…$/)
      .waitFor();
    await sentence()
      .getByText(
        /^Clients can’t reach the booking page at http:\/\/127\.0\.0\.1:\d+: it did not answer within 8 s \(checked at \d\d:\d\d\)\.$/,
      )
      .waitFor();
    guard.assertClean();
  });

  it('says the check’s own words in German for a salon that speaks it', async () => {
    // 127.0.0.1 with no exception for the test: the check says the address leads inside a network.
    const app = await TestApp.start({ config: { publicUrl: 'http://127.0.0.1:4' } });
    apps.push(app);
    const business = await app.business('Salon Sonne');
    const locale = await app.request('PATCH', `/admin/api/businesses/${business}/booking-page`, {
      body: { locale: 'de-DE' },
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    if (locale.status !== 200) throw new Error(locale.text);
    await logIn(page, `${app.url}/#settings`, ADMIN_TOKEN);
    await sentence()
      .getByText(
        /^Kunden von außen erreichen die Buchungsseite nicht: http:\/\/127\.0\.0\.1:4 führt in ein internes Netzwerk \(127\.0\.0\.1 ist eine Loopback-Adresse\)/,
      )
      .waitFor();
    // The other details the check gives, said by the page's own module (a certificate "is" no address).
    const said = await page.evaluate(async () => {
      const { reachabilitySentence } = await import('/js/views/settings/reachability.js' as string);
      const at = 'https://buchen.salon.test';
      return [
        { status: 'certificate', publicUrl: at, detail: 'its certificate is for another name' },
        { status: 'inside', publicUrl: at, detail: 'buchen.salon.test leads to 10.0.0.7, a private address' },
        { status: 'no-answer', publicUrl: at, detail: 'the request failed (other side closed)' },
      ].map((answer) => reachabilitySentence(answer)[1]);
    });
    assert.deepEqual(said, [
      'Die Browser der Kunden würden die Buchungsseite unter https://buchen.salon.test ablehnen: sein Zertifikat gilt für einen anderen Namen.',
      'Kunden von außen erreichen die Buchungsseite nicht: https://buchen.salon.test führt in ein internes Netzwerk (buchen.salon.test führt zu 10.0.0.7 (eine private Adresse)).',
      'Kunden erreichen die Buchungsseite unter https://buchen.salon.test nicht: die Anfrage ist fehlgeschlagen (other side closed).',
    ]);
    guard.assertClean();
  });
});
