import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { GOOD_PASSWORD } from './helpers/people.ts';
import { admin } from './helpers/salon.ts';
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

  it('says at once that a welcome link was used, and what to do, before asking for a new password', async () => {
    const invited = (await admin(app, 'POST', '/users', { name: 'Uma Used', email: 'uma@salon.test', role: 'front_desk' }, 201)).body;
    const secret = invited.link.split('#welcome/')[1];
    const used = await app.request('POST', '/admin/api/session/link', {
      body: { link: secret, password: GOOD_PASSWORD },
      headers: { Origin: app.url },
    });
    assert.equal(used.status, 200, used.text);

    const tab = await page.context().newPage();
    try {
      await tab.goto(`${app.url}/#welcome/${secret}`);
      const gone = tab.locator('#welcome-gone');
      await gone.getByText('This link has been used already or is too old').waitFor();
      assert.match(await gone.innerText(), /ask the salon’s owner for a new link/);
      assert.equal(await tab.locator('#welcome-password').isVisible(), false, 'no new password asked for');
      await gone.getByRole('button', { name: 'Sign in' }).click();
      await tab.getByLabel('E-mail address').waitFor();

      // A link still good asks for the password, as before.
      const fresh = (await admin(app, 'POST', '/users', { name: 'Nia New', email: 'nia@salon.test', role: 'front_desk' }, 201)).body;
      await tab.goto(`${app.url}/#welcome/${fresh.link.split('#welcome/')[1]}`);
      await tab.locator('#welcome-password').waitFor();
      assert.equal(await tab.locator('#welcome-gone').isVisible(), false);
    } finally {
      await tab.close();
    }
  });

  it('says a refused field by the rule it breaks, in the page’s language, from the server’s own answer', async () => {
    const refused = async (method: string, path: string, body: unknown) => {
      const reply = await app.request(method, `/admin/api${path}`, { body, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.equal(reply.status, 400, reply.text);
      return reply.body;
    };
    const answers = [
      await refused('POST', `${salon.base}/services`, { durationMinutes: 30, price: 100 }),
      await refused('PUT', `${salon.base}/mail`, { host: 'smtp.salon.test', port: 587, tls: 'maybe' }),
      await refused('POST', `${salon.base}/services`, { name: 'Cut', durationMinutes: 30, price: 100, colour: 'red' }),
    ];
    assert.deepEqual(
      answers.map((body) => body.rule),
      ['required', 'one_of', 'unknown_field'],
    );
    const said = () =>
      page.evaluate(async (bodies) => {
        const { sentenceFor } = await import('/js/refusals.js' as string);
        return bodies.map((body: unknown) => sentenceFor(400, body));
      }, answers);
    assert.deepEqual((await said()).slice(0, 2), ['The name is missing.', 'The field “tls” must be one of: starttls, tls, none.']);
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    await page.evaluate('location.hash = "#calendar"');
    await page.reload();
    await page.waitForFunction(
      () => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang === 'de',
    );
    assert.deepEqual((await said()).slice(0, 2), ['Der Name fehlt.', 'Das Feld „tls“ muss eines davon sein: starttls, tls, none.']);
  });
});
