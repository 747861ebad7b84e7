import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { logIn } from './helpers/browser.ts';
import { GOOD_PASSWORD, person } from './helpers/people.ts';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27, a new-user trial: the calendar's address. A stylist sent to a colleague's week saw their
// own under the colleague's address without a word; the menu's "Calendar" went to today even when
// the person was at another day a moment before.

const book = (app: Parameters<typeof admin>[0], base: string, serviceId: number, staffId: number, name: string) =>
  admin(
    app,
    'POST',
    `${base}/bookings`,
    { serviceId, staffId, startTime: `${MONDAY}T10:00:00+01:00`, client: { name, phone: '+49 30 555' } },
    201,
  );

describe('a stylist sent to a colleague’s week, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  before(async () => {
    await book(app, salon.base, salon.haircut, salon.anna, 'Annaclient');
    await book(app, salon.base, salon.haircut, salon.ben, 'Benclient');
    await person(app, { name: 'Anna', email: 'anna@salon.test', role: 'stylist', staffId: salon.anna });
  });
  const { page } = useBrowser({ app });

  it('shows her own week, says so, and the address names her week', async () => {
    await page.goto(`${app.url}/#calendar/${MONDAY}/week/${salon.ben}`);
    await page.getByLabel('E-mail address').fill('anna@salon.test');
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.ec-event.booking', { hasText: 'Annaclient' }).waitFor();
    await page
      .locator('.calendar .message-area')
      .getByText('This is your own week: your account shows your own bookings only, not a colleague’s.')
      .waitFor();
    assert.match(page.url(), new RegExp(`#calendar/${MONDAY}/week/${salon.anna}$`));
    assert.equal(await page.locator('#view').getByText('Benclient', { exact: false }).count(), 0);
  });

  it('says nothing of the kind on her own week', async () => {
    await page.goto(`${app.url}/#calendar/2026-11-30/week/${salon.anna}`);
    await page.getByRole('heading', { name: 'Week of Monday, 30 November 2026' }).waitFor();
    assert.equal(await page.getByText('This is your own week', { exact: false }).count(), 0);
  });
});

describe('the menu’s Calendar returns to the day last shown, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, clock, salon } = useSalon({ name: 'Hair by Anna' });
  before(async () => {
    await book(app, salon.base, salon.haircut, salon.anna, 'Clara Weiss');
  });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: `/#calendar/${MONDAY}` });
  const menuCalendar = () => page.locator('nav a[data-view="calendar"]');

  it('goes back to the week of the next day after a look at the clients, and Today is one click from there', async () => {
    await page.locator('.ec-event.booking', { hasText: 'Clara Weiss' }).waitFor();
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByRole('heading', { name: 'Tuesday, 24 November 2026', exact: true }).waitFor();
    await page.getByRole('group', { name: 'View' }).getByRole('link', { name: 'Week' }).click();
    await page.getByRole('heading', { name: 'Week of Monday, 23 November 2026', exact: true }).waitFor();
    await page.locator('nav a[data-view="clients"]').click();
    await page.locator('#view h2').first().waitFor();
    assert.doesNotMatch(page.url(), /#calendar/);

    await menuCalendar().click();
    await page.getByRole('heading', { name: 'Week of Monday, 23 November 2026', exact: true }).waitFor();
    assert.match(page.url(), /#calendar\/2026-11-24\/week/);

    // A reload of another view in the same tab keeps it too.
    await page.goto(`${app.url}/#clients`);
    await page.reload();
    await page.locator('#view h2').first().waitFor();
    await menuCalendar().click();
    await page.getByRole('heading', { name: 'Week of Monday, 23 November 2026', exact: true }).waitFor();

    // Today (Saturday 21 November 2026 on the test clock) is on the calendar, the week kept.
    await page.getByRole('button', { name: 'Today' }).click();
    await page.getByRole('heading', { name: 'Week of Monday, 16 November 2026', exact: true }).waitFor();
    assert.match(page.url(), /#calendar\/2026-11-21\/week/);
  });

  it('starts the next person on this tab at today: "Log out" forgets the day', async () => {
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('heading', { name: 'Week of Monday, 23 November 2026', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await logIn(page, `${app.url}/#clients`, ADMIN_TOKEN);
    await page.locator('#view h2').first().waitFor();
    assert.equal(await menuCalendar().getAttribute('href'), '#calendar');
  });
});
