import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_TOKEN, TestApp } from './helpers/app.ts';
import { logIn, openBrowser, PageGuard, skipWithoutChromium, type Browser } from './helpers/browser.ts';
import { Receiver } from './helpers/receiver.ts';
import { admin, makeSalon, type Salon } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';

// Issue 24 at the salon's page, in order: two connections are switched off after their failures;
// the overview tells the salon until it acts; a connection shows its own headers and its stats, is
// switched back on with everything that failed sent again; its history narrows by outcome, event
// and booking, and shows one delivery's attempts with their times.
describe('connections on the page (issue 24) in Chromium', () => {
  const skip = skipWithoutChromium();
  if (skip) {
    it('runs in Chromium', { skip }, () => {});
    return;
  }
  let app: TestApp;
  let receiver: Receiver;
  let salon: Salon;
  let browser: Browser;
  let page: Page;
  let guard: PageGuard;
  const ids: Record<string, number> = {};

  before(async () => {
    app = await TestApp.start({ config: { retryDelays: [0], failuresBeforeDisable: 2 } });
    receiver = await Receiver.start(() => ({ status: 500, body: 'down' }));
    salon = await makeSalon(app, 'Hair by Anna');
    for (const description of ['Lena CRM', 'Old newsletter']) {
      const created = await app.request('POST', '/v1/integration/webhooks', {
        key: salon.key,
        body: {
          targetUrl: receiver.url(`/${description.split(' ')[0]!.toLowerCase()}`),
          events: ['*'],
          description,
          headers: { Authorization: 'Bearer crm-token-0123456789' },
        },
      });
      assert.equal(created.status, 201, created.text);
      ids[description] = created.body.id;
    }
    for (const bookingId of [1, 2]) await app.emit(salon.businessId, 'booking.created', { bookingId });
    await eventually(
      async () =>
        (await admin(app, 'GET', `${salon.base}/webhooks/switched-off`, undefined, 200)).body.data.length === 2 ? true : undefined,
      10_000,
      'both connections to be switched off',
    );
    browser = await openBrowser();
    page = await browser.page();
    guard = new PageGuard(page);
    await logIn(page, `${app.url}/#overview`, ADMIN_TOKEN);
  });
  after(async () => {
    await browser?.close();
    await receiver?.close();
    await app?.stop();
  });
  afterEach(() => guard?.assertClean());

  const state = async (name: string) => (await admin(app, 'GET', `${salon.base}/webhooks/${ids[name]}`, undefined, 200)).body;
  const told = (name: string) => page.locator(`.notice.switched-off[data-webhook-id="${ids[name]}"]`);
  const card = (name: string) => page.locator(`.card.webhook[data-webhook-id="${ids[name]}"]`);

  it('tells the salon on the overview which connection was switched off, why, and the last problem', async () => {
    await told('Lena CRM').waitFor();
    const text = await told('Lena CRM').innerText();
    assert.match(text, /“Lena CRM” was switched off .* because 2 deliveries in a row failed\./);
    assert.match(text, /The last problem: the other program answered 500 \(Internal Server Error\)\./);
    await told('Old newsletter').waitFor();
  });

  it('stops telling once the salon leaves one off, and switches the other back on from there', async () => {
    await told('Old newsletter').getByRole('button', { name: 'Leave it switched off' }).click();
    await told('Old newsletter').waitFor({ state: 'detached' });
    assert.equal((await state('Old newsletter')).status, 'failed');
    await told('Lena CRM').getByRole('button', { name: 'Switch back on' }).click();
    await page.getByText('“Lena CRM” is switched on again.').waitFor();
    assert.equal((await state('Lena CRM')).status, 'active');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.locator('#health').waitFor();
    assert.equal(await page.locator('.notice.switched-off').count(), 0, 'nobody needs telling any more');
  });

  it('shows a connection’s own headers masked, what it hears, and its last 24 hours and 7 days', async () => {
    await page.getByRole('link', { name: 'Connections', exact: true }).first().click();
    await card('Lena CRM').waitFor();
    const text = await card('Lena CRM').innerText();
    assert.match(text, /Sends its own headers\s+Authorization: ••••••••6789/);
    assert.ok(!text.includes('crm-token'));
    assert.match(text, /Notifies about\s+everything, also what is added later/);
    assert.match(text, /Last 24 hours\s+0 delivered, 2 failed; it usually answers within \d+ ms, 95 in 100 times within \d+ ms/);
    assert.match(text, /Last 7 days\s+0 delivered, 2 failed/);
  });

  it('switches a connection back on and sends again everything that failed since a time', async () => {
    receiver.handle(() => ({ status: 200, body: 'ok' }));
    receiver.requests.splice(0);
    const off = card('Old newsletter');
    await off.getByRole('button', { name: 'Switch back on and send again' }).click();
    await page.getByText(/Old newsletter: Switched on again\. 2 notifications that failed since then are being sent again\./).waitFor();
    await receiver.waitFor(2);
    assert.deepEqual(
      receiver.requests.map((r) => r.path),
      ['/old', '/old'],
    );
    assert.equal((await state('Old newsletter')).status, 'active');
    await card('Old newsletter').locator('.badge', { hasText: 'Working' }).waitFor();

    // Delivered now: sending again from the same time finds nothing more to send.
    await card('Old newsletter').getByRole('button', { name: 'Send again', exact: true }).click();
    await page.getByText('Old newsletter: Nothing failed since then that has not been delivered since.').waitFor();
  });

  it('narrows a history by outcome, event and booking, and shows a delivery’s attempts with their times', async () => {
    await eventually(async () => {
      const history = await app.history(salon.key, ids['Old newsletter']!);
      return history.filter((a) => a.deliveryStatus === 'success').length === 2 ? true : undefined;
    });
    await page.goto(`${app.url}/#connections/${ids['Old newsletter']}`);
    const rows = page.locator('.card.attempt');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 4, 'two failed, two sent again');

    await page.getByLabel('Show').selectOption({ label: 'Failed' });
    await eventually(async () => ((await rows.count()) === 2 ? true : undefined));
    await page.getByLabel('Show').selectOption({ label: 'All attempts' });
    await page.getByLabel('Booking number').fill('2');
    await page.getByLabel('Booking number').press('Enter');
    await page.getByLabel('Booking number').blur();
    await eventually(async () => ((await rows.count()) === 2 ? true : undefined), 5_000, 'booking 2’s two attempts');
    await page.getByLabel('About').selectOption({ label: 'Booking cancelled' });
    await page.getByText('No attempts of this kind.').waitFor();
    await page.getByLabel('About').selectOption({ label: 'New booking' });
    await eventually(async () => ((await rows.count()) === 2 ? true : undefined));

    const latest = rows.first();
    await latest.getByRole('button', { name: 'All attempts' }).click();
    const timings = latest.locator('.attempt-timings li');
    await timings.nth(1).waitFor();
    assert.match(
      await timings.nth(0).innerText(),
      /^Attempt 1, due \d\d:\d\d:\d\d: sent \d\d:\d\d:\d\d, answered 500 after \d+ ms, done \d\d:\d\d:\d\d\. Failed: the other program answered 500 \(Internal Server Error\)\.$/,
    );
    assert.match(
      await timings.nth(1).innerText(),
      /^Attempt 2 \(sent again by hand\), due \d\d:\d\d:\d\d: sent \d\d:\d\d:\d\d, answered 200 after \d+ ms, done \d\d:\d\d:\d\d\. Delivered\.$/,
    );
  });
});
