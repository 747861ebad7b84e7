import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { FIRST_OWNER } from './helpers/browser.ts';
import { type Browser, person } from './helpers/people.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

// Issue 23 section 3 with people: the Activity page names the person who did each thing, and
// filters by one of them; a booking's "What happened" says who by name.
describe('who did what, by name, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, logInAt: '/#calendar' });
  let dora: Browser;
  let bookingId = 0;

  before(async () => {
    dora = await person(app, { name: 'Dora Desk', email: 'dora@salon.test', role: 'front_desk' });
    const sam = await person(app, { name: 'Sam Second', email: 'sam@salon.test', role: 'front_desk' });
    assert.equal((await sam.request('POST', `${salon.base}/clients`, { name: 'Sam’s Walk-in' })).status, 201);
    const client = { name: 'Erna Example', email: 'erna@example.test' };
    const made = await dora.request(
      'POST',
      `${salon.base}/bookings`,
      bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { staffId: salon.anna, client }),
    );
    assert.equal(made.status, 201, made.text);
    bookingId = made.body.id;
    assert.equal((await dora.request('POST', `${salon.base}/bookings/${bookingId}/cancel`, { reason: 'ill' })).status, 200);
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'By The Code' }, 201);
  });

  const rows = () => page.locator('table.activity tbody tr');
  const column = async (n: number) => rows().locator(`td:nth-child(${n})`).allInnerTexts();

  it('names the person, and filters by them', async () => {
    await page.goto(`${app.url}/#activity`);
    await rows().first().waitFor();
    const who = await column(2);
    assert.ok(who.includes('Dora Desk'), who.join(' | '));
    assert.ok(who.includes('The back office'), 'the access code is the back office');
    assert.ok(!who.some((words) => /system/i.test(words) && /dora/i.test(words)), 'a person is not the system');
    // The table is drawn again once the filtered page is in: wait for it, not for a summary the
    // unfiltered list already showed.
    const names = async () => [...new Set(await column(2))].sort().join(' | ');
    await page.getByLabel('Who').selectOption({ label: 'Dora Desk' });
    await eventually(async () => ((await names()) === 'Dora Desk' ? true : undefined), 10_000, 'only Dora Desk listed');
    await page.getByLabel('Who').selectOption({ label: 'People with an account' });
    await eventually(async () => ((await names()) === 'Dora Desk | Sam Second' ? true : undefined), 10_000, 'the two people listed');
  });

  it('offers "People" under What, saying where account events are and leading to each person’s history (issue 39)', async () => {
    await page.goto(`${app.url}/#activity`);
    await rows().first().waitFor();
    await page.getByLabel('What').selectOption({ label: 'People (accounts and sign-ins)' });
    const pointer = page.locator('.people-pointer');
    await pointer.getByText('belong to each person’s account, not to the salon’s activity', { exact: false }).waitFor();
    assert.equal(await page.locator('table.activity').isVisible(), false, 'no empty list of the salon’s changes');
    assert.equal(await page.getByRole('button', { name: 'Download as a spreadsheet (CSV)' }).isVisible(), false);
    assert.deepEqual(await pointer.getByRole('listitem').allInnerTexts(), [
      // The owner the first run made (ensureAnAccount, as the access code signs in for recovery).
      `History of ${FIRST_OWNER.name}’s account`,
      'History of Dora Desk’s account',
      'History of Sam Second’s account',
    ]);
    // With one person chosen under Who, the way to theirs alone.
    await page.getByLabel('Who').selectOption({ label: 'Dora Desk' });
    await eventually(
      async () =>
        (await page.locator('.people-pointer li').allInnerTexts()).join() === 'History of Dora Desk’s account' ? true : undefined,
      10_000,
      'only Dora Desk’s history offered',
    );
    await page.getByRole('link', { name: 'History of Dora Desk’s account' }).click();
    await page.getByRole('heading', { name: 'History of Dora Desk’s account' }).waitFor();
    assert.match(await page.locator('.person-history').innerText(), /Invited|invited/);
  });

  it('says on the booking who cancelled it, by name', async () => {
    await page.goto(`${app.url}/#bookings/${bookingId}`);
    await page.getByText('By Dora Desk.').first().waitFor();
  });
});
