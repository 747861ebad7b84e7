import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useReceiver, useSalon } from './helpers/suite.ts';

// Issue 27, defect 14: the salon's page spoke the API's language: "booking.created" on each
// event of a booking, "no connection listens for this" after every action, and server settings
// by their variable names (BOOKING_HOLD_MINUTES) in Settings. It says what happened in the
// salon's words, and who was told only when a connected program listens.
describe('the salon’s words on a booking and in Settings, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  const receiver = useReceiver();
  let bookingId = 0;

  before(async () => {
    const client = { name: 'Clara Weiss', phone: '+49 30 555' };
    const body = { serviceId: salon.haircut, staffId: salon.anna, startTime: `${MONDAY}T10:00:00+01:00`, client };
    bookingId = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id;
  });
  const { page } = useBrowser({ app, logInAt: '/#settings' });
  const flash = () => page.locator('.notice.good').first();
  const takePayment = async (amount: string) => {
    await page.getByLabel('Amount (EUR)').fill(amount);
    await page.getByRole('button', { name: 'Take payment' }).click();
  };

  it('says what an action did, without a word about connections when none listens', async () => {
    await page.goto(`${app.url}/#bookings/${bookingId}`);
    await takePayment('5');
    await flash().getByText('Took €5.00 (cash).', { exact: true }).waitFor();
    const view = await page.locator('#view').innerText();
    assert.match(view, /New booking/);
    assert.doesNotMatch(view, /booking\.created|payment\.received|connection listens|sent to \d/i);
  });

  it('names the connected program that is told, when one listens', async () => {
    const events = ['payment.received'];
    const body = { targetUrl: receiver.url('/sync'), events, description: 'Website calendar sync' };
    assert.equal((await app.request('POST', '/v1/integration/webhooks', { key: salon.key, body })).status, 201);
    await page.reload();
    await takePayment('5');
    await flash().getByText('Took €5.00 (cash); Website calendar sync is told.', { exact: true }).waitFor();
    assert.doesNotMatch(await page.locator('#view').innerText(), /payment\.received|booking\.created/);
  });

  it('puts the salon’s screens first and connections, keys and delivery statistics under “Integrations”', async () => {
    const menu = page.getByRole('navigation', { name: 'Sections' });
    assert.deepEqual(await menu.getByRole('link').allInnerTexts(), [
      'Calendar',
      'Inbox',
      'Services',
      'Staff',
      'Clients',
      'Reviews',
      'Reports',
      'Activity',
      'Settings',
      'Connections',
      'API keys',
      'Delivery statistics',
    ]);
    const integrations = menu.getByRole('group', { name: 'Integrations' });
    assert.deepEqual(await integrations.getByRole('link').allInnerTexts(), ['Connections', 'API keys', 'Delivery statistics']);
    await integrations.getByRole('link', { name: 'Delivery statistics' }).click();
    await page.getByRole('heading', { name: 'Delivery statistics', level: 2 }).waitFor();
    await page.locator('#health').waitFor();
  });

  it('writes no server setting by its variable name in Settings', async () => {
    await page.goto(`${app.url}/#settings`);
    await page.getByText('how long is set when the booking program is installed').waitFor();
    await page.getByText('Clients get no e-mail yet').waitFor();
    const lines = (await page.locator('#view').innerText()).split('\n');
    assert.deepEqual(
      lines.filter((line) => /BOOKING_[A-Z]/.test(line)),
      [],
    );
  });
});
