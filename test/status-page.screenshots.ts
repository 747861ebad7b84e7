// npm run screenshots: the status page's main views as PNGs in docs/screenshots/, for the README.
// A salon with a day of history: the server's clock starts 23 hours back and walks to now, hour by
// hour, while events go to a CRM that sometimes stumbles and to a newsletter tool that is down.
import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../src/clock.ts';
import { ADMIN_TOKEN, TestApp } from './helpers/app.ts';
import { openBrowser, PageGuard, type PageGlobals, accessCodeForm, ensureAnAccount } from './helpers/browser.ts';
import { salonTime, workday } from './helpers/dates.ts';
import { fakeLookup } from './helpers/dns.ts';
import { Receiver } from './helpers/receiver.ts';
import { admin, SCHEDULE } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');
const HOUR = 3_600_000;
/** Events per hour, oldest first: quiet at night, busy in the afternoon. */
const EVENTS_PER_HOUR = [0, 0, 0, 0, 0, 0, 1, 0, 2, 5, 7, 6, 4, 6, 9, 8, 6, 4, 3, 2, 1, 1, 0, 2];

/** Real time moved by `offset`, so the page's "5 minutes ago" agrees with the server. */
class ShiftedClock implements Clock {
  offset = -23 * HOUR;
  now(): number {
    return Date.now() + this.offset;
  }
}

const clock = new ShiftedClock();
const app = await TestApp.start({
  clock,
  config: { retryDelays: [0, 60], failuresBeforeDisable: 3 },
  lookup: fakeLookup({ 'crm.hairbyanna.example': () => '127.0.0.1', 'hooks.mailtool.example': () => '127.0.0.1' }),
});
let crmCalls = 0;
const crm = await Receiver.start(() =>
  ++crmCalls % 9 === 0 ? { status: 503, body: 'Busy, try later' } : { status: 200, body: '{"ok":true}' },
);
const newsletter = await Receiver.start(() => ({ status: 500, body: '<h1>Internal Server Error</h1> database connection refused' }));

try {
  const businessId = (await admin(app, 'POST', '/businesses', { name: 'Hair by Anna', timezone: 'Europe/Berlin' }, 201)).body.id;
  const base = `/businesses/${businessId}`;
  const { presets } = (await admin(app, 'GET', '/scopes', undefined, 200)).body;
  const key = async (name: string, scopes: string[], extra = {}) =>
    (await admin(app, 'POST', `${base}/keys`, { name, scopes, ...extra }, 201)).body.key as string;
  await key('Website booking form', presets.widget.scopes, { allowedOrigins: ['www.hairbyanna.example'] });
  const crmKey = await key('Salon CRM', presets.crm.scopes);
  const toolKey = await key('Newsletter tool', ['business:read', 'webhooks:manage']);
  const webhook = async (key: string, targetUrl: string, events: string[], description: string) => {
    const reply = await app.request('POST', '/v1/integration/webhooks', { key, body: { targetUrl, events, description } });
    if (reply.status !== 201) throw new Error(reply.text);
    return reply.body.id as number;
  };
  await webhook(
    crmKey,
    `http://crm.hairbyanna.example:${new URL(crm.url()).port}/webhooks/booking`,
    ['booking.created', 'booking.cancelled', 'client.created'],
    'Salon CRM',
  );
  const newsletterHook = await webhook(
    toolKey,
    `http://hooks.mailtool.example:${new URL(newsletter.url()).port}/in/7f3a`,
    ['client.created'],
    'Newsletter tool',
  );

  /** Waits until nothing is due or being sent (and, with `later`, nothing is scheduled either). */
  const quiet = (later: boolean) =>
    eventually(
      async () => {
        const { queue } = (await admin(app, 'GET', '/status', undefined, 200)).body;
        return queue.due + queue.leased + queue.inFlight + (later ? queue.scheduled : 0) === 0 ? true : undefined;
      },
      20_000,
      'the delivery queue to empty',
    );
  for (const [hour, count] of EVENTS_PER_HOUR.entries()) {
    clock.offset = (hour - 23) * HOUR - 10 * 60_000;
    for (let i = 0; i < count; i++) await app.emit(businessId, i % 4 === 3 ? 'client.created' : 'booking.created', { id: hour * 100 + i });
    // Retries are due a minute later: step over them, then on to the next hour.
    await quiet(false);
    clock.offset += 2 * 60_000;
    await quiet(true);
  }
  clock.offset = 0;

  const browser = await openBrowser();
  try {
    const page = await browser.page();
    const guard = new PageGuard(page);
    fs.mkdirSync(OUT, { recursive: true });
    const shot = async (name: string, fullPage = true) => {
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
      guard.assertClean();
      console.error(`docs/screenshots/${name}.png`);
    };
    const go = async (hash: string, ready: string) => {
      await page.goto(`${app.url}/${hash}`);
      await page.locator(ready).first().waitFor();
    };

    await page.setViewportSize({ width: 1000, height: 640 });
    await ensureAnAccount(app.url, ADMIN_TOKEN);
    await page.goto(`${app.url}/`);
    await page.locator('#login').waitFor();
    await shot('login', false);
    await accessCodeForm(page);
    await page.getByLabel('Access code').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('.calendar').waitFor(); // the front desk opens on the calendar

    await page.setViewportSize({ width: 1200, height: 900 });
    await go('#overview', '#health');
    await shot('overview');
    await go('#connections', '.card.webhook');
    await shot('connections');
    await go(`#connections/${newsletterHook}`, '.card.attempt');
    await shot('delivery-history');

    await go('#keys', '.key-form');
    await page.getByLabel('Name', { exact: true }).fill('Online shop');
    await page.getByLabel(/Display only/).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-key-value').waitFor();
    await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollTo(0, 0));
    await shot('keys-new-key', false);

    // The front desk: a working day on the calendar, and one booking with a payment.
    const day = workday(Date.now(), { closed: ['sat', 'sun'] });
    const service = async (name: string, durationMinutes: number, price: number) =>
      (await admin(app, 'POST', `${base}/services`, { name, durationMinutes, price }, 201)).body.id as number;
    const haircut = await service('Haircut', 45, 3500);
    const colour = await service('Colour', 90, 8000);
    const anna = (await admin(app, 'POST', `${base}/staff`, { name: 'Anna', schedule: SCHEDULE, serviceIds: [haircut, colour] }, 201)).body
      .id;
    const ben = (await admin(app, 'POST', `${base}/staff`, { name: 'Ben', schedule: SCHEDULE, serviceIds: [haircut] }, 201)).body.id;
    const book = async (serviceId: number, staffId: number, time: string, name: string, phone: string) =>
      (await admin(app, 'POST', `${base}/bookings`, { serviceId, staffId, startTime: salonTime(day, time), client: { name, phone } }, 201))
        .body.id as number;
    const first = await book(haircut, anna, '09:30', 'Clara Weiss', '+49 30 1234501');
    await book(colour, anna, '11:00', 'Dora Meier', '+49 30 1234502');
    await book(haircut, ben, '10:15', 'Emil Brandt', '+49 30 1234503');
    await book(haircut, ben, '14:00', 'Fatma Yilmaz', '+49 30 1234504');
    await book(colour, anna, '15:30', 'Greta Hahn', '+49 30 1234505');
    await admin(app, 'POST', `${base}/payments`, { bookingId: first, amount: 3500, method: 'card' }, 201);
    await go(`#calendar/${day}`, '.ec-event');
    await shot('calendar');
    await go(`#calendar/${day}/week`, '.ec-event');
    await shot('calendar-week', false);
    await go(`#bookings/${first}`, '.booking-events');
    await shot('booking');

    // People: an owner and a front desk person who chose their passwords, and a stylist just invited.
    for (const person of [
      { name: 'Maria Keller', email: 'maria@salon.example', role: 'owner' },
      { name: 'Lena Vogt', email: 'lena@salon.example', role: 'front_desk' },
    ]) {
      const { link } = (await admin(app, 'POST', '/users', person, 201)).body;
      await app.request('POST', '/admin/api/session/link', {
        body: { link: link.split('#welcome/')[1], password: 'violet scissors at noon' },
        headers: { Origin: app.url },
      });
    }
    await go('#people', 'form.invite');
    await page.locator('#view').getByLabel('Name', { exact: true }).fill('Anna Schulz');
    await page.locator('#view').getByLabel('E-mail address').fill('anna@salon.example');
    await page.getByRole('radio', { name: 'Stylist', exact: true }).check();
    await page.getByLabel('Staff member').selectOption({ label: 'Anna' });
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.locator('#person-link').waitFor();
    await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollTo(0, 0));
    await shot('people', false);

    await page.setViewportSize({ width: 375, height: 812 });
    await go(`#calendar/${day}`, '.ec-event');
    await shot('phone-calendar', false);
    await go('#overview', '#health');
    await shot('phone-overview');
    await go('#connections', '.card.webhook');
    await shot('phone-connections', false);

    // The same salon once it chose German for its pages: the back office speaks it too.
    await admin(app, 'PATCH', `${base}/booking-page`, { locale: 'de-DE' }, 200);
    await page.goto('about:blank');
    await page.setViewportSize({ width: 1200, height: 900 });
    await go(`#calendar/${day}/week`, '.ec-event');
    await shot('de-calendar-week', false);
    await go(`#bookings/${first}`, '.booking-events');
    await shot('de-booking');
    await go('#settings', '#view form');
    await shot('de-settings', false);
    await page.setViewportSize({ width: 375, height: 812 });
    await go(`#calendar/${day}`, '.ec-event');
    await shot('de-phone-calendar', false);
  } finally {
    await browser.close();
  }
} finally {
  await app.stop();
  await crm.close();
  await newsletter.close();
}

// The first-run setup, on a server with no salon yet.
const empty = await TestApp.start();
try {
  const browser = await openBrowser();
  try {
    const page = await browser.page();
    const guard = new PageGuard(page);
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.goto(`${empty.url}/`);
    await accessCodeForm(page);
    await page.locator('#token').fill(ADMIN_TOKEN);
    await page.locator('#login-form button[type="submit"]').click();
    // The first step: the owner's own account (issue 23).
    const account = page.locator('#first-account');
    await account.getByLabel('Your name').fill('Anna Berg');
    await account.getByLabel('E-mail address').fill('anna@hair-by-anna.example');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(OUT, 'first-account.png') });
    console.error('docs/screenshots/first-account.png');
    await account.getByLabel('Password', { exact: true }).fill('violet scissors at noon');
    await account.getByLabel('The same password again').fill('violet scissors at noon');
    await account.getByRole('button', { name: 'Make my account and go on' }).click();
    await page.getByLabel('Salon name').fill('Hair by Anna');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(OUT, 'setup.png') });
    guard.assertClean();
    console.error('docs/screenshots/setup.png');
  } finally {
    await browser.close();
  }
} finally {
  await empty.stop();
}

// The same first run in a German browser: before a salon exists, the page speaks the browser's language.
const emptyDe = await TestApp.start();
try {
  const browser = await openBrowser({ locale: 'de-DE' });
  try {
    const page = await browser.page();
    const guard = new PageGuard(page);
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.goto(`${emptyDe.url}/`);
    await page.locator('#login').waitFor();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(OUT, 'de-login.png') });
    console.error('docs/screenshots/de-login.png');
    await accessCodeForm(page);
    await page.locator('#token').fill(ADMIN_TOKEN);
    await page.locator('#login-form button[type="submit"]').click();
    const account = page.locator('#first-account');
    await account.getByLabel('Ihr Name').fill('Sonja Sonne');
    await account.getByLabel('E-Mail-Adresse').fill('sonja@friseur-sonne.example');
    await account.getByLabel('Passwort', { exact: true }).fill('violet scissors at noon');
    await account.getByLabel('Dasselbe Passwort noch einmal').fill('violet scissors at noon');
    await account.getByRole('button', { name: 'Mein Konto anlegen und weiter' }).click();
    await page.getByLabel('Name des Salons').fill('Friseur Sonne');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(OUT, 'de-setup.png') });
    guard.assertClean();
    console.error('docs/screenshots/de-setup.png');
  } finally {
    await browser.close();
  }
} finally {
  await emptyDe.stop();
}
