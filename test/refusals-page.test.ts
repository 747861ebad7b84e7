import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27 (the new-user trial): an expected refusal (a 4xx with a code the server meant: a thing
// no longer there, a taken time, a role that may not) says what to do instead, with no "Try
// again" and no reference for support as if something broke; only a failure (a 5xx, no answer)
// offers them.

describe('refusals and failures on the page, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page, guard } = useBrowser({ app, logInAt: '/#calendar' });

  const view = () => page.locator('#view');
  const tryAgain = () => view().getByRole('button', { name: 'Try again' });

  it('says what to do after an expected refusal, without “Try again” or a reference for support', async () => {
    // The booking and its events: both asked for at once.
    guard.expect(/status of 404/);
    guard.expect(/status of 404/);
    await page.evaluate('location.hash = "#bookings/999999"');
    await view().getByText('This no longer exists; someone may have removed it in the meantime.', { exact: false }).waitFor();
    assert.doesNotMatch(await view().innerText(), /Reference for support/);
    assert.equal(await tryAgain().count(), 0);
  });

  it('offers “Try again” and a reference for support after a failure of the server, and after no answer', async () => {
    await page.route(`**/admin/api${salon.base}/bookings/999998**`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal_error', message: 'Internal error', requestId: 'req_broken' }),
      }),
    );
    guard.expect(/status of 500/);
    guard.expect(/status of 500/);
    await page.evaluate('location.hash = "#bookings/999998"');
    await view().getByText('Reference for support: req_broken').waitFor();
    await tryAgain().waitFor();

    await page.route(`**/admin/api${salon.base}/bookings/999997**`, (route) => route.abort('internetdisconnected'));
    guard.expect(/ERR_INTERNET_DISCONNECTED/);
    guard.expect(/ERR_INTERNET_DISCONNECTED/);
    await page.evaluate('location.hash = "#bookings/999997"');
    await view().getByText('The page cannot reach the computer the bookings are kept on.', { exact: false }).waitFor();
    await tryAgain().waitFor();
  });
});
