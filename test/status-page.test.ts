import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { fitsWidth, PageGuard, type PageGlobals, accessCodeForm, ensureAnAccount } from './helpers/browser.ts';
import { admin } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';
import { skippedWithoutChromium, useBrowser, useReceiver, useSalon } from './helpers/suite.ts';

// One salon's day at the status page, in order: each step builds on the one before (the key made
// on the page registers the webhook that then fails, is switched back on, and so on).
describe('the status page in Chromium', () => {
  if (skippedWithoutChromium()) return;
  // One failed attempt fails a delivery, and one failed delivery switches the webhook off.
  const { app, salon } = useSalon({ name: 'Hair by Anna', config: { retryDelays: [0], failuresBeforeDisable: 1 } });
  const receiver = useReceiver(() => ({ status: 500, body: 'database down' }));
  const { browser, page, guard } = useBrowser({ app, permissions: ['clipboard-read', 'clipboard-write'] });
  let crmKey = '';
  let webhookId = 0;
  let failedDeliveryId = '';

  const nav = (name: string) => page.getByRole('link', { name, exact: true }).click();
  const logIn = async (token: string) => {
    await accessCodeForm(page);
    await page.getByLabel('Access code').fill(token);
    await page.getByRole('button', { name: 'Log in' }).click();
  };
  const storedToken = () => page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('booking-api.admin-token'));
  const webhookState = async () => (await admin(app, 'GET', `${salon.base}/webhooks/${webhookId}`, undefined, 200)).body;
  const webhookCard = () => page.locator(`.card.webhook[data-webhook-id="${webhookId}"]`);
  const keyCard = () => page.locator('.card.key', { hasText: 'Salon CRM' });
  const badge = (scope: ReturnType<Page['locator']>, text: string) => scope.locator('.badge', { hasText: text });
  const business = (key: string) => app.request('GET', '/v1/integration/business', { key });

  it('refuses a wrong token with a sentence and keeps the right one in localStorage, never in the address or a cookie', async () => {
    // The owner has an account (test/first-account.test.ts makes it): the code signs in for recovery.
    await ensureAnAccount(app.url, ADMIN_TOKEN);
    await page.goto(`${app.url}/`);
    guard.expect(/status of 401/);
    await logIn('not-the-token');
    const message = page.locator('#login-message');
    await message.getByText('That access code is not right. Check it and try again.').waitFor();
    // An expected refusal says what to do; a reference for support is for what broke (issue 27).
    assert.doesNotMatch(await message.innerText(), /Reference for support/);

    await logIn(ADMIN_TOKEN);
    // The front desk opens on the calendar; the status is one menu entry away.
    await page.locator('.calendar').waitFor();
    await nav('Delivery statistics');
    await page.locator('#health').waitFor();
    assert.equal(await page.locator('#business-name').innerText(), 'Hair by Anna');
    assert.ok(!page.url().includes(ADMIN_TOKEN), `the token is in the address ${page.url()}`);
    const kept = await page.evaluate(() => {
      const { sessionStorage, document } = globalThis as unknown as PageGlobals;
      return { session: sessionStorage.getItem('booking-api.admin-token'), cookies: document.cookie };
    });
    assert.deepEqual({ local: await storedToken(), ...kept }, { local: ADMIN_TOKEN, session: null, cookies: '' });
  });

  it('creates a key from a preset and shows its value once, with a copy button', async () => {
    await nav('API keys');
    await page.getByLabel('Name', { exact: true }).fill('Salon CRM');
    await page.getByLabel(/Full CRM integration/).check();
    assert.equal(await page.getByLabel(/Get notified of new bookings/).isChecked(), true);
    assert.equal(await page.getByLabel(/See reviews/).isChecked(), false);

    // The API's refusal reads as a sentence that says what to do, without a reference for support
    // (nothing broke: issue 27).
    await page.getByLabel('Allowed websites (optional)').fill('shop_example');
    guard.expect(/status of 400/);
    await page.getByRole('button', { name: 'Create key' }).click();
    const refusal = page.locator('.key-form .notice.error');
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /^Each allowed website must be a host name such as shop\.example\.com/);
    assert.doesNotMatch(await refusal.innerText(), /Reference for support/);
    assert.doesNotMatch(await refusal.innerText(), /[{}"]/);

    await page.getByLabel('Allowed websites (optional)').fill('');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-key-value').waitFor();
    crmKey = await page.locator('#new-key-value').inputValue();
    assert.match(crmKey, /^bk_live_/);
    assert.match(await page.locator('.new-key').innerText(), /Copy this key now: you won’t see it again\./);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Copied. Paste it into the other program now.').waitFor();
    assert.equal(await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText()), crmKey);

    const { presets } = (await admin(app, 'GET', '/scopes', undefined, 200)).body;
    const made = (await admin(app, 'GET', `${salon.base}/keys`, undefined, 200)).body.data.find((k: any) => k.name === 'Salon CRM');
    assert.deepEqual([...made.scopes].sort(), [...presets.crm.scopes].sort());
    assert.equal((await business(crmKey)).status, 200);

    await page.getByRole('button', { name: 'Done, I have copied it' }).click();
    await page.locator('.new-key').waitFor({ state: 'detached' });
    await keyCard().waitFor();
    assert.ok(!(await page.content()).includes(crmKey), 'the key is still on the page');
    await page.reload();
    await keyCard().waitFor();
    assert.ok(!(await page.content()).includes(crmKey), 'the key came back after a reload');
  });

  it('shows a connection that failed, why, and the receiver’s answer in its history', async () => {
    const created = await app.request('POST', '/v1/integration/webhooks', {
      key: crmKey,
      body: { targetUrl: receiver.url('/crm/hooks'), events: ['booking.created'], description: 'Salon CRM' },
    });
    assert.equal(created.status, 201, created.text);
    webhookId = created.body.id;
    await app.emit(salon.businessId, 'booking.created', { id: 1 });
    await eventually(async () => ((await webhookState()).status === 'failed' ? true : undefined), 10_000, 'the webhook to be switched off');

    await nav('Connections');
    await badge(webhookCard(), 'Switched off').waitFor();
    const card = await webhookCard().innerText();
    assert.match(card, /Switched off because 1 delivery failed\./);
    assert.match(card, /Failed in a row\s+1 delivery\b/);
    assert.match(card, /Set up with key\s+Salon CRM/);
    assert.match(card, /Notifies about\s+new booking/);

    await webhookCard().getByRole('link', { name: 'Delivery history' }).click();
    const attempt = page.locator('.card.attempt').first();
    await attempt.waitFor();
    const text = await attempt.innerText();
    assert.match(text, /New booking\s+Failed/);
    assert.match(text, /Answer\s+Status 500 after \d+ ms/);
    assert.match(text, /Problem\s+the other program answered 500 \(Internal Server Error\)/);
    assert.match(text, /Reply\s+database down/);
    failedDeliveryId = (await attempt.getAttribute('data-delivery-id')) ?? '';
    assert.match(failedDeliveryId, /^whdel_/);
    // Switched off: nothing can be sent again, and the page says so instead of offering it.
    assert.equal(await page.getByRole('button', { name: 'Send again' }).count(), 0);
    assert.match(await page.locator('#view').innerText(), /switched off, so nothing can be sent again/);
  });

  it('shows the failure in the health header and the chart', async () => {
    await nav('Delivery statistics');
    await page.locator('#health').waitFor();
    const status = (await admin(app, 'GET', '/status', undefined, 200)).body;
    assert.deepEqual(status.deliveriesLastHour, { success: 0, retrying: 0, failed: 1 });
    const health = await page.locator('#health').innerText();
    assert.match(health, /Last hour\s+0 delivered\s+0 failed and retried later, 1 failed/i);
    assert.match(health, /Connections\s+0 working\s+1 switched off/i);
    assert.match(health, /Waiting to be sent\s+0\b/i);
    assert.match(
      await page.locator('.notice.switched-off').innerText(),
      /“Salon CRM” was switched off .* because 1 delivery failed\. The last problem: the other program answered 500 \(Internal Server Error\)\./,
    );

    const hours = page.locator('.chart .hour');
    assert.equal(await hours.count(), 24);
    assert.match(
      (await hours.last().getAttribute('aria-label')) ?? '',
      /^This hour .*: 0 delivered, 0 failed and retried later, 1 failed\.$/,
    );
    assert.equal(await hours.last().locator('rect.bar.failed').count(), 1);
    await hours.first().click();
    assert.match(await page.locator('.chart-detail').innerText(), /^\d\d:00–\d\d:00: 0 delivered, 0 failed and retried later, 0 failed\.$/);
    assert.match(
      await page.locator('.problems').innerText(),
      /New booking to 127\.0\.0\.1:\d+: the other program answered 500 \(Internal Server Error\)/,
    );
  });

  it('switches the connection back on and sends a test', async () => {
    receiver.handle(() => ({ status: 200, body: 'ok' }));
    await nav('Connections');
    await webhookCard().getByRole('button', { name: 'Switch back on', exact: true }).click();
    await page.getByText('“Salon CRM” is switched on again').waitFor();
    await badge(webhookCard(), 'Working').waitFor();
    const state = await webhookState();
    assert.deepEqual([state.status, state.consecutiveFailures], ['active', 0]);

    const before = receiver.requests.length;
    await webhookCard().getByRole('button', { name: 'Send a test' }).click();
    await webhookCard()
      .getByText(/^Test delivered: the other program answered 200 in \d+ ms\.$/)
      .waitFor();
    const pings = receiver.requests.slice(before).filter((r) => r.headers['x-webhook-event'] === 'webhook.ping');
    assert.equal(pings.length, 1);
  });

  it('sends the failed delivery again from its history and shows it delivered', async () => {
    await webhookCard().getByRole('link', { name: 'Delivery history' }).click();
    const delivery = page.locator(`.card.attempt[data-delivery-id="${failedDeliveryId}"]`);
    await delivery.first().getByRole('button', { name: 'Send again' }).click();
    const delivered = page.locator(`.card.attempt[data-delivery-id="${failedDeliveryId}"][data-status="success"]`);
    await delivered.waitFor();
    assert.match(await delivered.innerText(), /Attempt\s+2 \(sent again by hand\)/);
    const sent = receiver.requests.filter((r) => r.headers['x-webhook-delivery'] === failedDeliveryId);
    assert.equal(sent.length, 2, 'the first attempt and the one sent by hand');
    assert.equal(sent[0]!.body, sent[1]!.body);
  });

  it('asks before giving a key a new value or revoking it, and shows the new value once', async () => {
    await nav('API keys');
    const dialog = page.getByRole('dialog');
    await keyCard().getByRole('button', { name: 'New value' }).click();
    assert.match(await dialog.innerText(), /The current value stops working at once/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await business(crmKey)).status, 200, 'cancel changed the key');

    await keyCard().getByRole('button', { name: 'New value' }).click();
    await dialog.getByRole('button', { name: 'Make a new value' }).click();
    await page.locator('#new-key-value').waitFor();
    const renewed = await page.locator('#new-key-value').inputValue();
    assert.match(renewed, /^bk_live_/);
    assert.notEqual(renewed, crmKey);
    assert.equal((await business(crmKey)).status, 401);
    assert.equal((await business(renewed)).status, 200);
    await page.getByRole('button', { name: 'Done, I have copied it' }).click();

    await keyCard().getByRole('button', { name: 'Revoke' }).click();
    assert.match(await dialog.innerText(), /This cannot be undone\./);
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await badge(keyCard(), 'Revoked').waitFor();
    assert.equal((await business(renewed)).body.code, 'api_key_revoked');
    assert.equal(await keyCard().getByRole('button').count(), 0, 'a revoked key offers nothing more');
    // Its connection still says "Working", but nothing goes out for a revoked key: the page says so.
    await nav('Connections');
    await webhookCard().getByText('Its key “Salon CRM” is revoked, so nothing is sent to it.', { exact: false }).waitFor();
  });

  it('fits a 375 px phone screen, with buttons big enough to tap', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const views: Array<[string, string]> = [
      ['#overview', '#health'],
      ['#connections', '.card.webhook'],
      [`#connections/${webhookId}`, '.card.attempt'],
      ['#keys', '.key-form'],
    ];
    for (const [hash, ready] of views) {
      await page.goto(`${app.url}/${hash}`);
      await page.locator(ready).first().waitFor();
      const { scrollWidth, width } = await fitsWidth(page);
      assert.ok(scrollWidth <= width, `${hash} is ${scrollWidth} px wide on a ${width} px screen`);
      const small = await page.evaluate(() =>
        [...(globalThis as unknown as PageGlobals).document.querySelectorAll('button, a.button, nav a')]
          .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
          .map((el) => el.textContent?.trim()),
      );
      assert.deepEqual(small, [], `${hash}: targets lower than 44 px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('sends the user back to the login with a sentence when the token stops working', async () => {
    await page.goto(`${app.url}/#overview`);
    await page.locator('#health').waitFor();
    await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).localStorage.setItem('booking-api.admin-token', 'a-token-that-was-reset'),
    );
    guard.expect(/status of 401/);
    await nav('API keys');
    await page.locator('#login').waitFor();
    assert.match(await page.locator('#login-message').innerText(), /logged out because the access code is no longer accepted/);
    assert.equal(await storedToken(), null);
    assert.equal(await page.locator('#shell').isVisible(), false);
  });

  it('logs out, and the token is gone from the tab', async () => {
    await logIn(ADMIN_TOKEN);
    // The view (API keys) must have loaded: logging out while its requests are still on their way
    // answers them 401, which the page logs (seen under load).
    await page.locator('.key-form').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.locator('#login').waitFor();
    assert.equal(await storedToken(), null);
    await page.reload();
    await page.locator('#login').waitFor();
    assert.equal(await page.locator('#shell').isVisible(), false);
  });

  it('would notice a CSP violation or a console error (the checks above can fail)', async () => {
    const probe = await browser.context.newPage();
    const probeGuard = new PageGuard(probe);
    try {
      await probe.goto(`${app.url}/`);
      await probe.locator('#login').waitFor();
      await probe.evaluate(() => (globalThis as unknown as PageGlobals).document.body.setAttribute('style', 'color: red'));
      const problems = await eventually(
        () => {
          const seen = probeGuard.take();
          return seen.length > 0 ? seen : undefined;
        },
        5_000,
        'the CSP violation to be reported',
      );
      assert.ok(
        problems.some((p) => p.includes('style-src')),
        problems.join('\n'),
      );
      await probe.evaluate(() => console.error('something broke'));
      await eventually(() => (probeGuard.take().some((p) => p.includes('something broke')) ? true : undefined), 5_000, 'the console error');
    } finally {
      await probe.close();
    }
  });
});
