import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { logIn } from './helpers/browser.ts';
import { GOOD_PASSWORD, person } from './helpers/people.ts';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 38, a new user's day: a booking told the front desk to set up a mail server in Settings,
// which they cannot open, and named the section "„E-Mail an Kunden“" where Settings says
// "E-Mails an Kunden". The owner is told where, by the section's name; the others to ask the owner.

describe('a booking’s missing mail server, said per role in German, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  let bookingId = 0;
  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    const client = { name: 'Clara Weiss', phone: '+49 30 555', email: 'clara@example.test' };
    const body = { serviceId: salon.haircut, staffId: salon.anna, startTime: `${MONDAY}T10:00:00+01:00`, client };
    bookingId = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id;
    await person(app, { name: 'Sam Desk', email: 'sam@salon.test', role: 'front_desk' });
  });
  const desk = useBrowser({ app, locale: 'de-DE' });
  const owner = useBrowser({ app, locale: 'de-DE' });
  const events = (page: typeof desk.page) => page.locator('.booking-events');

  it('asks the front desk to turn to the owner', async () => {
    const { page } = desk;
    await page.goto(`${app.url}/#bookings/${bookingId}`);
    await page.locator('#sign-in-email').fill('sam@salon.test');
    await page.locator('#sign-in-password').fill(GOOD_PASSWORD);
    await page.locator('#sign-in-form button[type="submit"]').click();
    await events(page)
      .getByText('Es ist noch kein Mailserver eingerichtet, daher erhalten Kunden keine E-Mails.', { exact: false })
      .waitFor();
    const text = await events(page).innerText();
    assert.match(text, /Inhaberin bzw\. der Inhaber des Salons/);
    assert.doesNotMatch(text, /Einstellungen, „/);
  });

  it('tells the owner the Settings section by its own name', async () => {
    const { page } = owner;
    await logIn(page, `${app.url}/#bookings/${bookingId}`, ADMIN_TOKEN);
    await events(page).getByText('(Einstellungen, „E-Mails an Kunden“)', { exact: false }).waitFor();
    await page.goto(`${app.url}/#settings`);
    await page.locator('#mail-settings-heading').getByText('E-Mails an Kunden', { exact: true }).waitFor();
  });
});
